import { Form, Link, useNavigation } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import type { SecondFactorAnswer, SecondFactorView } from "#app/routes/auth/second-factor.server.ts";

/**
 * The TOTP second factor (ADR 0020): turn it on (password, then the QR code or the key as text, then a
 * first code), see the recovery codes once, make new ones, turn it off (password and a code). Used by the
 * member's settings and by the operators' enrolment page; the forms post `intent=secondFactor` to their page.
 */
export function SecondFactorSection({
  view,
  answer,
  continueTo,
  explain = true,
}: {
  view: SecondFactorView;
  answer: SecondFactorAnswer | undefined;
  /** Where to go once the codes are saved (the operator area), if anywhere. */
  continueTo?: { to: string; label: string };
  /** Whether to say what the factor is before it is on (the enrolment page's intro says it already). */
  explain?: boolean;
}) {
  const { t } = useI18n();
  const codes = answer?.ok ? answer.recoveryCodes : undefined;
  const notice =
    answer && !answer.ok && answer.error && !answer.field ? (
      <FormNotice tone="error">{t(answer.error, { seconds: answer.seconds ?? 60 })}</FormNotice>
    ) : answer?.ok && answer.step === "disable" ? (
      <FormNotice tone="success">{t("auth.secondFactor.turnedOff")}</FormNotice>
    ) : null;
  return (
    <div className="flex flex-col gap-4">
      {notice}
      {codes ? (
        <RecoveryCodes codes={codes} continueTo={continueTo} />
      ) : view.enabled ? (
        <FactorOn view={view} answer={answer} />
      ) : view.pending ? (
        <Enrol pending={view.pending} answer={answer} />
      ) : (
        <TurnOn answer={answer} explain={explain} />
      )}
    </div>
  );
}

const busyStep = (formData: FormData | undefined) =>
  formData?.get("intent") === "secondFactor" ? String(formData.get("step")) : null;

/** An input with its label, its error (a translation key) and a hint. */
function Input({
  name,
  label,
  hint,
  error,
  type = "text",
  autoComplete,
  mono,
}: {
  name: "password" | "code";
  label: string;
  hint?: string;
  error?: string;
  type?: "text" | "password";
  autoComplete: string;
  mono?: boolean;
}) {
  const { t } = useI18n();
  const id = `second-factor-${name}`;
  const described = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={name === "code" ? 40 : 128}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`field-input ${mono ? "font-mono tracking-wider" : ""}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

const fieldError = (answer: SecondFactorAnswer | undefined, step: SecondFactorAnswer["step"], field: string) =>
  answer && !answer.ok && answer.step === step && answer.field === field ? answer.error : undefined;

function TurnOn({ answer, explain }: { answer: SecondFactorAnswer | undefined; explain: boolean }) {
  const { t } = useI18n();
  const busy = busyStep(useNavigation().formData) === "start";
  return (
    <>
      <p className="max-w-prose text-sm text-ink-soft">
        {explain ? `${t("auth.secondFactor.offText")} ` : ""}
        {t("auth.secondFactor.startText")}
      </p>
      <Form method="post" className="flex flex-col gap-4 sm:max-w-sm" noValidate>
        <input type="hidden" name="intent" value="secondFactor" />
        <input type="hidden" name="step" value="start" />
        <Input
          name="password"
          type="password"
          label={t("auth.secondFactor.password")}
          autoComplete="current-password"
          error={fieldError(answer, "start", "password")}
        />
        <button type="submit" className="btn-primary self-start" disabled={busy}>
          {t("auth.secondFactor.turnOn")}
        </button>
      </Form>
    </>
  );
}

function Enrol({
  pending,
  answer,
}: {
  pending: NonNullable<SecondFactorView["pending"]>;
  answer: SecondFactorAnswer | undefined;
}) {
  const { t } = useI18n();
  const busy = busyStep(useNavigation().formData) === "confirm";
  return (
    <ol className="flex flex-col gap-5">
      <li className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-6">
        <img
          src={pending.qr}
          alt={t("auth.secondFactor.qrAlt")}
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg bg-white p-1 ring-1 ring-line"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="font-semibold text-ink">{t("auth.secondFactor.scan")}</p>
          <p className="text-sm text-ink-soft">{t("auth.secondFactor.typeKey")}</p>
          <p className="text-sm text-ink-muted">{t("auth.secondFactor.keyLabel")}</p>
          <code
            data-testid="totp-key"
            className="block w-fit max-w-full rounded-lg bg-canvas px-3 py-2 font-mono text-base tracking-wider break-words text-ink ring-1 ring-line"
          >
            {pending.key}
          </code>
        </div>
      </li>
      <li>
        <Form method="post" className="flex flex-col gap-4 sm:max-w-sm" noValidate>
          <input type="hidden" name="intent" value="secondFactor" />
          <input type="hidden" name="step" value="confirm" />
          <Input
            name="code"
            label={t("auth.secondFactor.firstCode")}
            hint={t("auth.secondFactor.firstCodeHint")}
            autoComplete="one-time-code"
            mono
            error={fieldError(answer, "confirm", "code")}
          />
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("auth.secondFactor.confirm")}
          </button>
        </Form>
      </li>
    </ol>
  );
}

function RecoveryCodes({ codes, continueTo }: { codes: string[]; continueTo?: { to: string; label: string } }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-4">
      <FormNotice tone="success">{t("auth.secondFactor.codesTitle")}</FormNotice>
      <p className="max-w-prose text-sm text-ink-soft">{t("auth.secondFactor.codesText")}</p>
      <ol
        aria-label={t("auth.secondFactor.codesLabel")}
        data-testid="recovery-codes"
        className="grid w-fit grid-cols-1 gap-x-8 gap-y-1.5 rounded-lg bg-canvas px-4 py-3 font-mono text-base text-ink ring-1 ring-line sm:grid-cols-2"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      {continueTo ? (
        <Link to={continueTo.to} className="btn-primary self-start">
          {continueTo.label}
        </Link>
      ) : null}
    </div>
  );
}

function FactorOn({ view, answer }: { view: SecondFactorView; answer: SecondFactorAnswer | undefined }) {
  const { t, locale } = useI18n();
  const step = busyStep(useNavigation().formData);
  const since = view.enabledAt
    ? new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(view.enabledAt))
    : "";
  return (
    <>
      <p className="max-w-prose text-sm text-ink-soft">
        {t("auth.secondFactor.onText", { date: since })}{" "}
        <strong className="font-semibold text-ink">
          {t("auth.secondFactor.codesLeft", { count: view.recoveryCodesLeft })}
        </strong>
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Form method="post" className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="secondFactor" />
          <input type="hidden" name="step" value="renew" />
          <h3 className="font-semibold text-ink">{t("auth.secondFactor.renewTitle")}</h3>
          <Input
            name="code"
            label={t("auth.secondFactor.code")}
            hint={t("auth.secondFactor.codeHint")}
            autoComplete="one-time-code"
            mono
            error={fieldError(answer, "renew", "code")}
          />
          <button type="submit" className="btn-secondary self-start" disabled={step === "renew"}>
            {t("auth.secondFactor.renew")}
          </button>
        </Form>
        <DisableForm answer={answer} busy={step === "disable"} />
      </div>
    </>
  );
}

function DisableForm({ answer, busy }: { answer: SecondFactorAnswer | undefined; busy: boolean }) {
  const { t } = useI18n();
  return (
    <Form method="post" className="flex flex-col gap-3" noValidate>
      <input type="hidden" name="intent" value="secondFactor" />
      <input type="hidden" name="step" value="disable" />
      <h3 className="font-semibold text-ink">{t("auth.secondFactor.offTitle")}</h3>
      <DisableFields answer={answer} />
      <button type="submit" className="btn-danger self-start" disabled={busy}>
        {t("auth.secondFactor.turnOff")}
      </button>
    </Form>
  );
}

/** The password and a code, each with its own id (the renew form's code field has the plain one). */
function DisableFields({ answer }: { answer: SecondFactorAnswer | undefined }) {
  const { t } = useI18n();
  const field = (name: "password" | "code") => {
    const id = `second-factor-off-${name}`;
    const error = fieldError(answer, "disable", name);
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="field-label">
          {t(name === "password" ? "auth.secondFactor.password" : "auth.secondFactor.code")}
        </label>
        <input
          id={id}
          name={name}
          type={name === "password" ? "password" : "text"}
          autoComplete={name === "password" ? "current-password" : "one-time-code"}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={name === "code" ? 40 : 128}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`field-input ${name === "code" ? "font-mono tracking-wider" : ""}`}
        />
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {t(error)}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <>
      {field("password")}
      {field("code")}
    </>
  );
}

/** The settings page's section (the same card as its other sections). */
export function SecondFactorSettings({
  view,
  answer,
}: {
  view: SecondFactorView;
  answer: SecondFactorAnswer | undefined;
}) {
  const { t } = useI18n();
  return (
    <section
      id="second-factor"
      aria-labelledby="second-factor-h"
      className="scroll-mt-40 rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60 sm:p-8"
    >
      <h2 id="second-factor-h" className="text-lg font-semibold text-ink">
        {t("auth.secondFactor.title")}
      </h2>
      <div className="mt-4">
        <SecondFactorSection view={view} answer={answer} />
      </div>
    </section>
  );
}
