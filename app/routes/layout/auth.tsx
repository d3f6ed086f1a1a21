import { Link, Outlet, type ShouldRevalidateFunctionArgs, useLocation, useNavigate } from "react-router";
import { MoreMessages, useI18n } from "#app/components/i18n.tsx";
import { CloseIcon, LogoMark } from "#app/components/icons.tsx";
import { LanguagePicker } from "#app/components/layout/language-picker.tsx";
import { ProgressBar } from "#app/components/layout/progress-bar.tsx";
import { localeFromPath } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/auth";

/** Route policy (server/route-policy.ts): one-time links and forms: rendered for each visitor, kept by no cache. */
export const handle: PolicyHandle = { policy: { cache: "personal" } };

/** The log-in, sign-up and password pages' words (the root sends only the header's). */
export function loader({ request }: Route.LoaderArgs) {
  return {
    messages: messageSet(localeFromPath(new URL(request.url).pathname), "auth"),
  };
}

/** Layout data is per locale: read again only when the locale of the address changes. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname);
}

/**
 * Auth layout (SPEC §2): a minimal header with the logo, the language picker and a close button.
 * Close goes home when the query has a hash (a link from an e-mail), otherwise back one step.
 */
export default function AuthLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MoreMessages messages={loaderData.messages}>
      <AuthChrome />
    </MoreMessages>
  );
}

function AuthChrome() {
  const { t, href } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const fromMail = new URLSearchParams(location.search).has("hash");
  return (
    <>
      <ProgressBar />
      <header className="border-b border-line bg-surface">
        <div className="container-page flex h-16 items-center gap-4">
          <Link to={href("/")} className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-ink">
            <LogoMark />
            <span>{t("common.brand")}</span>
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <LanguagePicker />
            <a
              href={href("/")}
              className="btn-ghost px-2.5"
              aria-label={t("auth.close")}
              onClick={(e) => {
                if (fromMail || window.history.length <= 1) return;
                e.preventDefault();
                navigate(-1);
              }}
            >
              <CloseIcon />
            </a>
          </div>
        </div>
      </header>
      <main id="main" className="flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 py-10 sm:py-16">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
    </>
  );
}
