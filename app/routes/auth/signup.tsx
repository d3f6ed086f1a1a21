import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { AuthCard, Field, PasswordInput, useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { ResendForm } from "#app/components/auth/resend-form.tsx";
import { SocialSignIn } from "#app/components/auth/social-sign-in.tsx";
import { CaptchaField, useCaptcha } from "#app/components/captcha.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { resend } from "#app/lib/auth.server.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import { requireGuest } from "#app/middleware/require-guest.server.ts";
import { ACCOUNT_LIMITS, AUTH, CAPTCHA } from "#config/constants.ts";
import { signupSchema } from "#modules/accounts/schemas.ts";
import { webmailFor } from "#modules/mail/webmail.ts";
import { safeRedirect } from "#modules/shared/safe-redirect.ts";
import type { Route } from "./+types/signup";

export const middleware: Route.MiddlewareFunction[] = [requireGuest()];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, url, locale, origin, t } = pageContext(request, context);
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirect"), ""),
    /** Came here from deleting an account. */
    deleted: url.searchParams.get("deleted") === "1",
    outbox: app.outboxPage,
    captcha: app.captcha.widget,
    google: app.googleSignIn,
    facebook: app.facebookSignIn,
    seo: {
      origin,
      locale,
      title: t("auth.signup.metaTitle"),
      description: t("auth.signup.metaDescription"),
      paths: samePath("/signup"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export async function action({ request, context }: Route.ActionArgs) {
  const { app, t } = pageContext(request, context);
  const formData = await request.formData();
  const wait = await app.limitAuthAttempt();
  if (formData.get("intent") === "resend") return resend(app, formData, wait);
  const submission = parseWithZod(formData, { schema: signupSchema });
  // Neither the password nor the CAPTCHA's answer (single use) goes back into the page.
  const hideFields = ["password", CAPTCHA.field];
  if (submission.status !== "success") return { result: submission.reply({ hideFields }) };
  if (wait !== null)
    return {
      result: submission.reply({
        formErrors: [t("auth.errors.rateLimited", { seconds: wait })],
        hideFields,
      }),
    };
  // The service checks the CAPTCHA's answer (once) before anything is written or sent.
  const outcome = await app.services.accounts.signUp(app.scope, {
    ...submission.value,
    redirect: safeRedirect(submission.value.redirect, ""),
    captcha: formData.get(CAPTCHA.field),
  });
  if (!outcome.ok && outcome.field === CAPTCHA.field)
    return { result: submission.reply({ hideFields }), captcha: outcome.code };
  // The account is kept when only its link could not be sent: the page says so and offers to send it again.
  if (!outcome.ok && outcome.code === "auth.errors.sendFailed") return { unsent: submission.value.email };
  if (!outcome.ok)
    return {
      result: submission.reply(
        outcome.field
          ? { fieldErrors: { [outcome.field]: [outcome.code] }, hideFields }
          : { formErrors: [outcome.code], hideFields },
      ),
    };
  return {
    sent: submission.value.email,
    late: outcome.value.delivery === "late",
    webmail: webmailFor(submission.value.email),
  };
}

export default function SignupPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errorText = useErrorText();
  const [form, fields] = useAccountForm(
    "signup",
    signupSchema,
    actionData && "result" in actionData ? actionData.result : undefined,
  );
  const busy = navigation.state === "submitting";
  const captcha = useCaptcha(loaderData.captcha, actionData);
  const captchaError = actionData && "captcha" in actionData && !busy ? actionData.captcha : null;
  const sent = actionData && "sent" in actionData ? actionData : null;
  const unsent = actionData && "unsent" in actionData ? actionData.unsent : null;
  const resent = actionData && "resend" in actionData ? actionData.resend : null;

  if (sent || unsent || resent) {
    const email = sent?.sent ?? unsent ?? resent?.email ?? "";
    const webmail = resent ? resent.webmail : (sent?.webmail ?? null);
    return (
      <AuthCard
        // Still being sent at the time-out: not "has been sent", only where to look (it may arrive late).
        title={t(unsent ? "auth.signup.unsentHeading" : sent?.late ? "auth.forgot.sentHeading" : "auth.signup.sent")}
        intro={
          sent
            ? t("auth.signup.sentTo", { email })
            : unsent
              ? t("auth.signup.unsentText", { email, hours: AUTH.verificationLinkHours })
              : undefined
        }
      >
        <div className="mt-6 flex flex-col gap-4">
          {unsent ? <FormNotice tone="error">{t("auth.errors.sendFailed")}</FormNotice> : null}
          {sent?.late ? <FormNotice tone="info">{t("auth.errors.sendLate")}</FormNotice> : null}
          {resent ? <FormNotice tone={resent.tone}>{t(resent.message, resent.params)}</FormNotice> : null}
          {webmail ? (
            <a href={webmail} target="_blank" rel="noopener noreferrer" className="btn-primary w-full py-3 text-base">
              {t("auth.forgot.openMail")}
            </a>
          ) : null}
          {loaderData.outbox ? (
            <a href={href("/outbox")} className={`${webmail ? "btn-secondary" : "btn-primary"} w-full py-3 text-base`}>
              {t("auth.signup.openOutbox")}
            </a>
          ) : null}
          <ResendForm email={email} />
          <Link to={href("/login")} className="btn-ghost self-center">
            {t("auth.signup.backToLogin")}
          </Link>
        </div>
      </AuthCard>
    );
  }

  const formError = form.errors?.[0];
  return (
    <AuthCard title={t("auth.signup.heading")} intro={t("auth.signup.intro")}>
      <div className="mt-6 flex flex-col gap-4">
        {loaderData.deleted && !formError ? (
          <FormNotice tone="success">{t("account.settings.deleted")}</FormNotice>
        ) : null}
        {formError ? <FormNotice tone="error">{t(formError)}</FormNotice> : null}
        <SocialSignIn google={loaderData.google} facebook={loaderData.facebook} redirectTo={loaderData.redirectTo} />
        <Form
          method="post"
          {...getFormProps(form)}
          onSubmit={captcha.guard(form.onSubmit)}
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="redirect" value={loaderData.redirectTo} />
          <Field id={fields.name.id} label={t("auth.signup.name")} error={errorText(fields.name.errors)}>
            <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className="field-input" />
          </Field>
          <Field id={fields.email.id} label={t("auth.signup.email")} error={errorText(fields.email.errors)}>
            <input
              {...getInputProps(fields.email, { type: "email" })}
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              className="field-input"
            />
          </Field>
          <Field
            id={fields.password.id}
            label={t("auth.signup.password")}
            hint={t("auth.signup.passwordHint")}
            error={errorText(fields.password.errors, { length: ACCOUNT_LIMITS.passwordMin })}
          >
            <PasswordInput
              {...getInputProps(fields.password, { type: "password" })}
              autoComplete="new-password"
              aria-describedby={fields.password.errors ? `${fields.password.id}-error` : `${fields.password.id}-hint`}
              className="field-input"
            />
          </Field>
          <div>
            <div className="flex items-start gap-3">
              <input
                {...getInputProps(fields.terms, { type: "checkbox" })}
                className="mt-1 size-4 shrink-0 accent-brand-600"
              />
              <label htmlFor={fields.terms.id} className="text-sm text-ink-soft">
                {t("auth.signup.termsBefore")}{" "}
                <Link to={href("/terms-conditions")} className="font-semibold text-brand-700 hover:underline">
                  {t("auth.signup.termsLink")}
                </Link>{" "}
                {t("auth.signup.termsAnd")}{" "}
                <Link to={href("/privacy-policy")} className="font-semibold text-brand-700 hover:underline">
                  {t("auth.signup.privacyLink")}
                </Link>
                .
              </label>
            </div>
            {fields.terms.errors ? (
              <p id={`${fields.terms.id}-error`} className="field-error" role="alert">
                {errorText(fields.terms.errors)}
              </p>
            ) : null}
          </div>
          <CaptchaField captcha={captcha} error={captchaError ? t(captchaError) : undefined} />
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
            {t("auth.signup.submit")}
          </button>
        </Form>
      </div>
      <p className="mt-6 border-t border-line pt-6 text-center text-sm text-ink-muted">
        {t("auth.signup.haveAccount")}{" "}
        <Link
          to={`${href("/login")}${loaderData.redirectTo ? `?redirect=${encodeURIComponent(loaderData.redirectTo)}` : ""}`}
          className="font-semibold text-brand-700 hover:underline"
        >
          {t("auth.signup.loginLink")}
        </Link>
      </p>
    </AuthCard>
  );
}
