import { Link } from "react-router";
import { AuthCard } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath, seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/confirm-email";

/** The link of an e-mail change, followed: the address changes here (on any device, signed in or not). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, url, locale, origin, t } = pageContext(request, context);
  const hash = url.searchParams.get("hash") ?? "";
  const r = await app.services.emailChange.confirmEmailChange(app.scope, hash);
  return {
    result: r.ok ? { ok: true as const, email: r.value.email } : { ok: false as const, code: r.code },
    signedIn: Boolean(app.scope.viewer?.account),
    seo: {
      origin,
      locale,
      title: pageTitle(t("auth.confirmEmail.title")),
      description: t("auth.confirmEmail.title"),
      paths: samePath("/confirm-email"),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { result, signedIn } = loaderData;
  return (
    <AuthCard title={t("auth.confirmEmail.title")}>
      <div className="mt-5 flex flex-col gap-4">
        {result.ok ? (
          <FormNotice tone="success">{t("auth.confirmEmail.done", { email: result.email })}</FormNotice>
        ) : (
          <FormNotice tone="error">{t(result.code)}</FormNotice>
        )}
        <Link to={href(signedIn ? "/profile/settings" : "/login")} className="btn-primary self-start">
          {t(signedIn ? "auth.confirmEmail.toSettings" : "auth.confirmEmail.toLogin")}
        </Link>
      </div>
    </AuthCard>
  );
}
