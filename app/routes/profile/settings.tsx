import { getFormProps, getInputProps } from "@conform-to/react";
import { useId, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { SecondFactorSettings } from "#app/components/account/second-factor.tsx";
import { SessionsList } from "#app/components/account/sessions-list.tsx";
import { Field, FormNotice, PasswordField, useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { seo } from "#app/lib/seo.ts";
import type { SecondFactorAnswer } from "#app/routes/auth/second-factor.server.ts";
import { AVATAR } from "#config/constants.ts";
import {
  deleteAccountSchema,
  emailChangeSchema,
  interestsSchema,
  passwordUpdateSchema,
  profileSchema,
} from "#modules/accounts/schemas.ts";
import type { Route } from "./+types/settings";
import { type SettingsIntent, settingsAction, settingsLoader } from "./settings.server.ts";

const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];
/** The first letter of a name, for the picture's place when there is none. */
const initialOf = (name: string) => [...name.trim()][0]?.toLocaleUpperCase() ?? "?";

/** The member's settings: the server half (loader and action) is settings.server.ts. */
export const loader = (args: Route.LoaderArgs) => settingsLoader(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

/** One action, several forms: each names its intent and is checked by its own schema (shared with the browser). */
export const action = (args: Route.ActionArgs) => settingsAction(args);

type Intent = SettingsIntent;

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { account, interests, pendingEmail, avatarNotice, wait, sessions } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t("account.settings.title")}</h1>
        <p className="mt-2 text-ink-muted">{t("account.settings.intro")}</p>
      </div>
      <AvatarForm name={account.name} avatarUrl={account.avatarUrl} notice={avatarNotice} wait={wait} />
      <ProfileForm account={account} />
      <EmailForm email={account.email} pending={pendingEmail} />
      <InterestsForm options={interests.options} chosen={interests.chosen} />
      <PasswordForm />
      <SecondFactorSettings view={loaderData.secondFactor} answer={useSecondFactorAnswer()} />
      <SessionsList sessions={sessions} />
      <DeleteForm />
    </div>
  );
}

/** The second factor's answer, or nothing when the last post was another form's. */
function useSecondFactorAnswer() {
  const data = useActionData<typeof action>();
  return data && data.intent === "secondFactor" ? (data as SecondFactorAnswer) : undefined;
}

/** The action's answer for one of the forms, or nothing when the last post was another's. */
function useAnswer(intent: Intent) {
  const data = useActionData<typeof action>();
  return data && data.intent === intent ? data : undefined;
}

function Section({
  id,
  title,
  children,
  danger,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  danger?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`scroll-mt-40 rounded-card bg-surface p-6 shadow-card ring-1 sm:p-8 ${danger ? "ring-red-200" : "ring-line/60"}`}
    >
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Notices({ answer, seconds }: { answer: ReturnType<typeof useAnswer>; seconds?: number }) {
  const { t } = useI18n();
  const formError = answer?.result?.error?.[""]?.[0];
  if (formError) return <FormNotice tone="error">{t(formError, { seconds: seconds ?? 60 })}</FormNotice>;
  if (answer && "done" in answer && answer.done)
    return (
      <FormNotice tone="success">{t(answer.done, { email: "email" in answer ? String(answer.email) : "" })}</FormNotice>
    );
  return null;
}

function ProfileForm({ account }: { account: { name: string; username: string; email: string } }) {
  const { t } = useI18n();
  const answer = useAnswer("profile");
  const busy = useNavigation().formData?.get("intent") === "profile";
  const errorText = useErrorText();
  const [form, fields] = useAccountForm("settings-profile", profileSchema, answer?.result, {
    name: account.name,
    username: account.username,
  });
  return (
    <Section id="profile-h" title={t("account.settings.profileTitle")}>
      <div className="mt-4 flex flex-col gap-4">
        <Notices answer={answer} />
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="profile" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={fields.name.id} label={t("account.settings.name")} error={errorText(fields.name.errors)}>
              <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className="field-input" />
            </Field>
            <Field
              id={fields.username.id}
              label={t("account.settings.username")}
              hint={t("account.settings.usernameHint")}
              error={errorText(fields.username.errors)}
            >
              <input
                {...getInputProps(fields.username, { type: "text" })}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                className="field-input"
              />
            </Field>
          </div>
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("account.settings.saveProfile")}
          </button>
        </Form>
      </div>
    </Section>
  );
}

function AvatarForm({
  name,
  avatarUrl,
  notice,
  wait,
}: {
  name: string;
  avatarUrl: string | null;
  notice: { key: string; ok: boolean } | null;
  wait: number;
}) {
  const { t, href } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.formAction?.endsWith("/profile/avatar") ?? false;
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  // Checked here first (the server checks again): no 5 MB upload only to hear it was too big.
  const check = (e: React.FormEvent<HTMLFormElement>) => {
    const file = (e.currentTarget.elements.namedItem("avatar") as HTMLInputElement | null)?.files?.[0];
    const issue = !file
      ? "account.settings.errors.noFile"
      : file.size > AVATAR.maxBytes
        ? "account.settings.errors.fileTooLarge"
        : file.type && !AVATAR_TYPES.includes(file.type)
          ? "account.settings.errors.invalidFileType"
          : null;
    setProblem(issue);
    if (issue) e.preventDefault();
  };
  const message = problem ?? (notice && !notice.ok ? notice.key : null);
  return (
    <Section id="avatar" title={t("account.settings.avatarTitle")}>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
        {avatarUrl ? (
          <img
            src={avatarUrl}
            alt={t("account.settings.avatarAlt", { name })}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full object-cover ring-1 ring-line"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-50 text-3xl font-semibold text-brand-700 ring-1 ring-line"
          >
            {initialOf(name)}
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          {notice?.ok ? <FormNotice tone="success">{t(notice.key)}</FormNotice> : null}
          {message ? (
            <FormNotice tone="error">
              <span id={errorId}>{t(message, { seconds: wait })}</span>
            </FormNotice>
          ) : null}
          <Form
            method="post"
            action={href("/profile/avatar")}
            encType="multipart/form-data"
            onSubmit={check}
            className="flex flex-col gap-3"
          >
            <label htmlFor={inputId} className="field-label">
              {t("account.settings.avatarChoose")}
            </label>
            <input
              id={inputId}
              type="file"
              name="avatar"
              accept={AVATAR_TYPES.join(",")}
              aria-describedby={message ? errorId : undefined}
              aria-invalid={message ? true : undefined}
              className="block w-full max-w-sm text-sm text-ink-soft file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
            />
            <p className="text-sm text-ink-muted">{t("account.settings.avatarHint")}</p>
            <button type="submit" className="btn-primary self-start" disabled={busy}>
              {t("account.settings.avatarUpload")}
            </button>
          </Form>
          {avatarUrl ? (
            <Form method="post" action={href("/profile/avatar")} encType="multipart/form-data">
              <input type="hidden" name="intent" value="remove" />
              <button type="submit" className="btn-ghost -ml-3 text-red-800" disabled={busy}>
                {t("account.settings.avatarRemove")}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </Section>
  );
}

function EmailForm({ email, pending }: { email: string; pending: string | null }) {
  const { t } = useI18n();
  const answer = useAnswer("email");
  const busy = useNavigation().formData?.get("intent") === "email";
  const errorText = useErrorText();
  const [form, fields] = useAccountForm("settings-email", emailChangeSchema, answer?.result);
  return (
    <Section id="email-h" title={t("account.settings.emailTitle")}>
      <p className="mt-2 max-w-prose text-sm text-ink-soft">
        {t("account.settings.emailNow")} <span className="font-medium break-all text-ink">{email}</span>
      </p>
      <div className="mt-4 flex flex-col gap-4">
        <Notices answer={answer} seconds={answer && "wait" in answer ? answer.wait : undefined} />
        {pending && !(answer && "done" in answer) ? (
          <FormNotice tone="info">{t("account.settings.emailPending", { email: pending })}</FormNotice>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="email" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={fields.email.id} label={t("account.settings.newEmail")} error={errorText(fields.email.errors)}>
              <input
                {...getInputProps(fields.email, { type: "email" })}
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                className="field-input"
              />
            </Field>
            <PasswordField
              field={fields.current}
              label={t("account.settings.emailPassword")}
              autoComplete="current-password"
            />
          </div>
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("account.settings.saveEmail")}
          </button>
        </Form>
      </div>
    </Section>
  );
}

function InterestsForm({
  options,
  chosen,
}: {
  options: { id: number; type: string; name: string }[];
  chosen: number[];
}) {
  const { t } = useI18n();
  const answer = useAnswer("interests");
  const busy = useNavigation().formData?.get("intent") === "interests";
  const [form, fields] = useAccountForm("settings-interests", interestsSchema, answer?.result, {
    tagIds: chosen.map(String),
  });
  // An id that is no number is an error of its item (tagIds[0]), not of the list.
  const fieldError = Object.values(fields.tagIds.allErrors).flat()[0];
  const groups = (["category", "tag"] as const)
    .map((type) => ({ type, list: options.filter((o) => o.type === type) }))
    .filter((g) => g.list.length);
  return (
    <Section id="interests" title={t("account.interests.settingsTitle")}>
      <p className="mt-2 max-w-prose text-sm text-ink-soft">{t("account.interests.settingsIntro")}</p>
      <div className="mt-4 flex flex-col gap-4">
        <Notices answer={answer} />
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="interests" />
          {groups.map((g) => (
            <fieldset key={g.type} aria-describedby={fieldError ? fields.tagIds.errorId : undefined}>
              <legend className="mb-2 text-sm font-semibold text-ink-muted">
                {t(g.type === "category" ? "account.interests.categories" : "account.interests.topics")}
              </legend>
              <div className="flex flex-wrap gap-2">
                {g.list.map((o) => (
                  <label
                    key={o.id}
                    className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-line bg-surface px-3.5 py-2 text-sm font-medium text-ink hover:border-brand-200 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                  >
                    <input
                      type="checkbox"
                      name="tagIds"
                      value={o.id}
                      defaultChecked={chosen.includes(o.id)}
                      className="size-4 accent-brand-600"
                    />
                    {o.name}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {fieldError ? (
            <p id={fields.tagIds.errorId} className="field-error">
              {t(fieldError)}
            </p>
          ) : null}
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("account.interests.save")}
          </button>
        </Form>
      </div>
    </Section>
  );
}

function PasswordForm() {
  const { t } = useI18n();
  const answer = useAnswer("password");
  const busy = useNavigation().formData?.get("intent") === "password";
  const [form, fields] = useAccountForm("settings-password", passwordUpdateSchema, answer?.result);
  return (
    <Section id="password-h" title={t("account.settings.passwordTitle")}>
      <div className="mt-4 flex flex-col gap-4">
        <Notices answer={answer} seconds={answer && "wait" in answer ? answer.wait : undefined} />
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="password" />
          <PasswordField field={fields.current} label={t("account.settings.current")} autoComplete="current-password" />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              field={fields.password}
              label={t("account.settings.new")}
              hint={t("account.settings.passwordHint")}
              autoComplete="new-password"
            />
            <PasswordField field={fields.confirm} label={t("account.settings.confirm")} autoComplete="new-password" />
          </div>
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("account.settings.savePassword")}
          </button>
        </Form>
      </div>
    </Section>
  );
}

function DeleteForm() {
  const { t } = useI18n();
  const answer = useAnswer("delete");
  const busy = useNavigation().formData?.get("intent") === "delete";
  const [form, fields] = useAccountForm("settings-delete", deleteAccountSchema, answer?.result);
  return (
    <Section id="delete-h" title={t("account.settings.deleteTitle")} danger>
      <p className="mt-2 max-w-prose text-sm text-ink-soft">{t("account.settings.deleteText")}</p>
      <div className="mt-4 flex flex-col gap-4">
        <Notices answer={answer} seconds={answer && "wait" in answer ? answer.wait : undefined} />
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4 sm:max-w-sm">
          <input type="hidden" name="intent" value="delete" />
          <PasswordField
            field={fields.password}
            label={t("account.settings.deletePassword")}
            autoComplete="current-password"
          />
          <button type="submit" className="btn-danger self-start" disabled={busy}>
            {t("account.settings.deleteButton")}
          </button>
        </Form>
      </div>
    </Section>
  );
}
