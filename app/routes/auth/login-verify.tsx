import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { AuthCard } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import { requireGuest } from "#app/middleware/require-guest.server.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { safeRedirect } from "#modules/shared/safe-redirect.ts";
import type { Route } from "./+types/login-verify";

export const middleware: Route.MiddlewareFunction[] = [requireGuest()];

/**
 * The log-in's second step (ADR 0020): the password was right and the account has its second factor on,
 * so a code of the authenticator app (or a recovery code) is asked before the session starts. The step
 * lives in a signed, 5-minute cookie; without it (expired, altered, never started) the page says to log in again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, url, locale, origin, t } = pageContext(request, context);
  return {
    expired: app.secondFactor.pending(request) === null,
    redirectTo: safeRedirect(url.searchParams.get("redirect"), ""),
    seo: {
      origin,
      locale,
      title: t("auth.secondFactor.verify.metaTitle"),
      description: t("auth.secondFactor.verify.intro"),
      paths: samePath("/login/verify"),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

type Answer = { error: string; seconds?: number };

export async function action({ request, context }: Route.ActionArgs): Promise<Answer> {
  const { app, locale } = pageContext(request, context);
  const formData = await request.formData();
  const accountId = app.secondFactor.pending(request);
  if (accountId === null) return { error: "auth.secondFactor.errors.expired" };
  // Every try takes from the client's budget too (the account's back-off is the service's).
  const wait = await app.limitAuthAttempt();
  if (wait !== null) return { error: "auth.errors.rateLimited", seconds: wait };
  const code = formData.get("code");
  const result = await app.services.totp.verifySecondFactor(app.scope, {
    accountId,
    code: typeof code === "string" ? code : "",
  });
  if (!result.ok) return { error: result.code, seconds: result.seconds };
  const headers = new Headers();
  for (const c of await app.startSession(accountId)) headers.append("Set-Cookie", c);
  headers.append("Set-Cookie", app.secondFactor.clear());
  const fallback = localePath(locale, "/");
  const to = safeRedirect(formData.get("redirect"), fallback);
  // Few recovery codes left: the settings page says how to make new ones.
  const low = result.value.method === "recovery" && result.value.recoveryCodesLeft <= 3;
  throw redirect(low ? `${localePath(locale, "/profile/settings")}#second-factor` : to, { headers });
}

export default function LoginVerifyPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const expired = loaderData.expired || answer?.error === "auth.secondFactor.errors.expired";
  const errorId = "verify-code-error";
  return (
    <AuthCard title={t("auth.secondFactor.verify.heading")} intro={t("auth.secondFactor.verify.intro")}>
      <div className="mt-6 flex flex-col gap-4">
        {expired ? (
          <>
            <FormNotice tone="error">{t("auth.secondFactor.errors.expired")}</FormNotice>
            <Link to={href("/login")} className="btn-primary w-full py-3 text-base">
              {t("auth.secondFactor.verify.again")}
            </Link>
          </>
        ) : (
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="redirect" value={loaderData.redirectTo} />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="verify-code" className="field-label">
                {t("auth.secondFactor.verify.code")}
              </label>
              <input
                id="verify-code"
                name="code"
                type="text"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={40}
                required
                aria-describedby={answer?.error ? `${errorId} verify-code-hint` : "verify-code-hint"}
                aria-invalid={answer?.error ? true : undefined}
                className="field-input font-mono tracking-wider"
              />
              <p id="verify-code-hint" className="text-sm text-ink-muted">
                {t("auth.secondFactor.verify.hint")}
              </p>
            </div>
            {answer?.error ? (
              <div id={errorId}>
                <FormNotice tone="error">{t(answer.error, { seconds: answer.seconds ?? 60 })}</FormNotice>
              </div>
            ) : null}
            <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
              {t("auth.secondFactor.verify.submit")}
            </button>
          </Form>
        )}
      </div>
    </AuthCard>
  );
}
