import { useI18n } from "../i18n.tsx";

/**
 * "Continue with Google" and "Continue with Facebook" (each only when configured): plain links to the
 * server's sign-in starts, so they work without scripts, then an "or" rule above the form.
 */
export function SocialSignIn({
  google,
  facebook,
  redirectTo,
}: {
  google: boolean;
  facebook: boolean;
  redirectTo: string;
}) {
  const { t, locale } = useI18n();
  if (!google && !facebook) return null;
  const q = new URLSearchParams({ lang: locale });
  if (redirectTo) q.set("redirect", redirectTo);
  return (
    <>
      {google ? (
        <a href={`/auth/google?${q}`} className="btn-secondary w-full py-3 text-base" rel="nofollow">
          <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
            <path
              fill="#EA4335"
              d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.7 17.8 9.5 24 9.5z"
            />
            <path
              fill="#4285F4"
              d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z"
            />
            <path
              fill="#FBBC05"
              d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
            />
            <path
              fill="#34A853"
              d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
            />
          </svg>
          {t("auth.login.google")}
        </a>
      ) : null}
      {facebook ? (
        <a href={`/auth/facebook?${q}`} className="btn-secondary w-full py-3 text-base" rel="nofollow">
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path
              fill="#1877F2"
              d="M24 12.073C24 5.405 18.627 0 12 0S0 5.405 0 12.073C0 18.1 4.388 23.094 10.125 24v-8.437H7.078v-3.49h3.047V9.43c0-3.026 1.792-4.697 4.533-4.697 1.312 0 2.686.236 2.686.236v2.971H15.83c-1.491 0-1.956.93-1.956 1.886v2.264h3.328l-.532 3.49h-2.796V24C19.612 23.094 24 18.1 24 12.073z"
            />
          </svg>
          {t("auth.login.facebook")}
        </a>
      ) : null}
      <p className="flex items-center gap-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">
        <span className="h-px flex-1 bg-line" />
        {t("auth.login.or")}
        <span className="h-px flex-1 bg-line" />
      </p>
    </>
  );
}
