import { useI18n } from "../i18n.tsx";

/** Log-out is a plain form: the server ends the session and sends the visitor to the log-in page. */
export function LogoutForm({ className = "" }: { className?: string }) {
  const { t, locale } = useI18n();
  return (
    <form method="post" action={`/logout?lang=${locale}`} className="contents">
      <button type="submit" className={className}>
        {t("auth.logout")}
      </button>
    </form>
  );
}
