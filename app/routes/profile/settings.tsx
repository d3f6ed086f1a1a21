import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect, useActionData, useNavigation } from "react-router";
import { Field, FormNotice, PasswordField, useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { localePath } from "#app/lib/i18n.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import { deleteAccountSchema, passwordUpdateSchema, profileSchema } from "#modules/accounts/schemas.ts";
import type { Route } from "./+types/settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, locale, origin, t } = pageContext(request, context);
  const account = app.viewer;
  if (!account) throw new Response(null, { status: 401 });
  return {
    account: { name: account.name, username: account.username, email: account.email },
    seo: {
      origin,
      locale,
      title: `${t("account.settings.metaTitle")} | SlideNest`,
      description: t("account.settings.intro"),
      paths: samePath("/profile/settings"),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

const SCHEMAS = { profile: profileSchema, password: passwordUpdateSchema, delete: deleteAccountSchema } as const;
type Intent = keyof typeof SCHEMAS;

/** One action, three forms: each names its intent and is checked by its own schema (shared with the browser). */
export async function action({ request, context }: Route.ActionArgs) {
  const { app, locale } = pageContext(request, context);
  const viewer = app.request.viewer;
  if (!viewer) throw new Response(null, { status: 401 });
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (!(intent in SCHEMAS)) throw new Response(null, { status: 400 });
  const accountId = viewer.account.id;

  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") return { intent, result: submission.reply() };
    const r = await app.services.profile.updateProfile(app.serviceContext(locale), { accountId, ...submission.value });
    if (!r.ok)
      return {
        intent,
        result: submission.reply(
          r.field ? { fieldErrors: { [r.field]: [r.code] } } : { formErrors: ["account.settings.errors.failed"] },
        ),
      };
    return { intent, done: "account.settings.profileUpdated", result: submission.reply() };
  }

  const hide = { hideFields: ["current", "password", "confirm"] };
  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: passwordUpdateSchema });
    if (submission.status !== "success") return { intent, result: submission.reply(hide) };
    const wait = await app.limitAuthAttempt();
    if (wait !== null)
      return { intent, result: submission.reply({ formErrors: ["auth.errors.rateLimited"], ...hide }), wait };
    const r = await app.services.profile.changePassword(app.serviceContext(locale), {
      accountId,
      sessionId: viewer.sessionId,
      current: submission.value.current,
      password: submission.value.password,
    });
    if (!r.ok)
      return {
        intent,
        result: submission.reply(
          r.field ? { fieldErrors: { [r.field]: [r.code] }, ...hide } : { formErrors: [r.code], ...hide },
        ),
      };
    return { intent, done: "account.settings.passwordUpdated", result: submission.reply({ resetForm: true }) };
  }

  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  if (submission.status !== "success") return { intent, result: submission.reply({ hideFields: ["password"] }) };
  const wait = await app.limitAuthAttempt();
  if (wait !== null)
    return {
      intent,
      result: submission.reply({ formErrors: ["auth.errors.rateLimited"], hideFields: ["password"] }),
      wait,
    };
  const r = await app.services.profile.deleteAccount(app.billingContext(locale), {
    accountId,
    password: submission.value.password,
  });
  if (!r.ok)
    return {
      intent,
      result: submission.reply(
        r.field
          ? { fieldErrors: { [r.field]: [r.code] }, hideFields: ["password"] }
          : { formErrors: [r.code], hideFields: ["password"] },
      ),
    };
  const headers = new Headers();
  for (const cookie of app.endSession()) headers.append("Set-Cookie", cookie);
  return redirect(`${localePath(locale, "/signup")}?deleted=1`, { headers });
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { account } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t("account.settings.title")}</h1>
        <p className="mt-2 text-ink-muted">{t("account.settings.intro")}</p>
      </div>
      <ProfileForm account={account} />
      <PasswordForm />
      <DeleteForm />
    </div>
  );
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
      className={`rounded-card bg-surface p-6 shadow-card ring-1 sm:p-8 ${danger ? "ring-red-200" : "ring-line/60"}`}
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
  if (answer && "done" in answer && answer.done) return <FormNotice tone="success">{t(answer.done)}</FormNotice>;
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
          <p className="text-sm text-ink-muted">
            {t("account.settings.email")}: <span className="font-medium text-ink">{account.email}</span>
          </p>
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("account.settings.saveProfile")}
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
