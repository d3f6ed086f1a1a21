import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { AuthCard, Field, PasswordInput, useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { ResendForm } from "#app/components/auth/resend-form.tsx";
import { SocialSignIn } from "#app/components/auth/social-sign-in.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { resend } from "#app/lib/auth.server.ts";
import { waitParam } from "#app/lib/list-params.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import { requireGuest } from "#app/middleware/require-guest.server.ts";
import { loginSchema, looksLikeEmail } from "#modules/accounts/schemas.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { safeRedirect } from "#modules/shared/safe-redirect.ts";
import type { Route } from "./+types/login";

export const middleware: Route.MiddlewareFunction[] = [requireGuest()];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, url, locale, origin, t } = pageContext(request, context);
  const hash = url.searchParams.get("hash");
  // A new member's verification link: confirmed, they are greeted as new with their address filled in.
  let verification: { ok: true; email: string } | { ok: false; code: string } | null = null;
  if (hash !== null) {
    const result = await app.services.accounts.verifyEmail(app.scope, hash);
    verification = result.ok ? { ok: true, email: result.value.email } : { ok: false, code: result.code };
  }
  const error = url.searchParams.get("error");
  return {
    verification,
    google: app.googleSignIn,
    facebook: app.facebookSignIn,
    signInError:
      (
        [
          "googleFailed",
          "googleLinkRefused",
          "facebookFailed",
          "facebookLinkRefused",
          "blocked",
          "rateLimited",
          "passwordAttempts",
        ] as const
      ).find((e) => e === error) ?? null,
    wait: waitParam(url.searchParams),
    redirectTo: safeRedirect(url.searchParams.get("redirect"), ""),
    seo: {
      origin,
      locale,
      title: t("auth.login.metaTitle"),
      description: t("auth.login.metaDescription"),
      paths: samePath("/login"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export async function action({ request, context }: Route.ActionArgs) {
  const { app, locale, t } = pageContext(request, context);
  const formData = await request.formData();
  // The client's budget only: the account's is taken by a real guess (a password checked against it).
  const wait = await app.limitAuthAttempt();
  if (formData.get("intent") === "resend") return resend(app, formData, wait);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return { result: submission.reply({ hideFields: ["password"] }) };
  if (wait !== null)
    return {
      result: submission.reply({
        formErrors: [t("auth.errors.rateLimited", { seconds: wait })],
        hideFields: ["password"],
      }),
    };
  let next: Awaited<ReturnType<typeof app.secondFactor.afterPassword>>;
  try {
    const outcome = await app.services.accounts.authenticate(app.scope, {
      ...submission.value,
      client: app.clientKey,
      demoLogins: app.demoLogins,
      guesses: app.loginGuesses,
    });
    if (!outcome.ok)
      return {
        result: submission.reply({
          formErrors: [outcome.seconds ? t(outcome.code, { seconds: outcome.seconds }) : outcome.code],
          hideFields: ["password"],
        }),
      };
    // With the second factor on, the password starts no session: the code is asked next (ADR 0020).
    next = await app.secondFactor.afterPassword(outcome.value.id);
  } catch (error) {
    // A log-in that failed for another reason than the credentials (the database away, say): SPEC §8's
    // 'Login failed.' on the form, with the login kept, instead of the generic error page.
    app.scope.log.error("log-in failed", { error });
    return { result: submission.reply({ formErrors: ["auth.errors.loginFailed"], hideFields: ["password"] }) };
  }
  const headers = new Headers();
  for (const c of next.cookies) headers.append("Set-Cookie", c);
  if (next.step === "secondFactor") {
    const back = submission.value.redirect ? `?redirect=${encodeURIComponent(submission.value.redirect)}` : "";
    throw redirect(`${localePath(locale, "/login/verify")}${back}`, { headers });
  }
  throw redirect(safeRedirect(submission.value.redirect, localePath(locale, "/")), { headers });
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errorText = useErrorText();
  const { verification } = loaderData;
  const welcome = verification?.ok ? verification.email : null;
  const [form, fields] = useAccountForm(
    "login",
    loginSchema,
    actionData && "result" in actionData ? actionData.result : undefined,
    welcome ? { login: welcome } : undefined,
  );
  const busy = navigation.state === "submitting";
  // What is in the login field (as typed, else as last submitted or filled in), for "Forgot your password?".
  const [typed, setTyped] = useState<string | null>(null);
  const typedLogin = typed ?? String(fields.login.initialValue ?? "");
  const formError = form.errors?.[0];
  const needsLink =
    formError === "auth.errors.notVerified" ||
    (actionData && "resend" in actionData) ||
    (verification && !verification.ok && verification.code === "auth.errors.linkOutdated");
  return (
    <AuthCard
      title={t(welcome ? "auth.login.welcomeHeading" : "auth.login.heading")}
      intro={t(welcome ? "auth.login.welcomeIntro" : "auth.login.intro")}
    >
      <div className="mt-6 flex flex-col gap-4">
        {welcome ? <FormNotice tone="success">{t("auth.login.verified")}</FormNotice> : null}
        {verification && !verification.ok ? <FormNotice tone="error">{t(verification.code)}</FormNotice> : null}
        {formError ? <FormNotice tone="error">{t(formError)}</FormNotice> : null}
        {loaderData.signInError && !formError ? (
          <FormNotice tone="error">
            {t(`auth.errors.${loaderData.signInError}`, { seconds: loaderData.wait })}
          </FormNotice>
        ) : null}
        <SocialSignIn google={loaderData.google} facebook={loaderData.facebook} redirectTo={loaderData.redirectTo} />
        {actionData && "resend" in actionData && actionData.resend ? (
          <FormNotice tone={actionData.resend.tone}>
            {t(actionData.resend.message, actionData.resend.params)}
          </FormNotice>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="redirect" value={loaderData.redirectTo} />
          <Field id={fields.login.id} label={t("auth.login.login")} error={errorText(fields.login.errors)}>
            <input
              {...getInputProps(fields.login, { type: "text" })}
              onInput={(e) => setTyped(e.currentTarget.value)}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              className="field-input"
            />
          </Field>
          <Field id={fields.password.id} label={t("auth.login.password")} error={errorText(fields.password.errors)}>
            <PasswordInput
              {...getInputProps(fields.password, { type: "password" })}
              autoComplete="current-password"
              // Greeted after the link, only the password is left to type.
              autoFocus={Boolean(welcome)}
              className="field-input"
            />
          </Field>
          <Link
            to={forgotHref(href("/forgot-password"), typedLogin)}
            className="-mt-2 self-end text-sm font-semibold text-brand-700 hover:underline"
          >
            {t("auth.login.forgot")}
          </Link>
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
            {t("auth.login.submit")}
          </button>
        </Form>
        {needsLink ? (
          <ResendForm
            email={
              actionData && "resend" in actionData
                ? actionData.resend.email
                : looksLikeEmail(typedLogin.trim())
                  ? typedLogin.trim()
                  : ""
            }
          />
        ) : null}
      </div>
      <p className="mt-6 border-t border-line pt-6 text-center text-sm text-ink-muted">
        {t("auth.login.noAccount")}{" "}
        <Link
          to={`${href("/signup")}${loaderData.redirectTo ? `?redirect=${encodeURIComponent(loaderData.redirectTo)}` : ""}`}
          className="font-semibold text-brand-700 hover:underline"
        >
          {t("auth.login.signupLink")}
        </Link>
      </p>
    </AuthCard>
  );
}

/**
 * "Forgot your password?" carries the login when it looks like an e-mail address (`?email=`), so the
 * forgot-password page has it filled in; a username is not an address to send a link to.
 */
function forgotHref(base: string, login: string): string {
  const email = login.trim();
  return looksLikeEmail(email) ? `${base}?email=${encodeURIComponent(email)}` : base;
}
