import { useEffect } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import type { Locale } from "#config/browser.ts";
import { useI18n } from "../i18n.tsx";
import { GlobeIcon } from "../icons.tsx";
import { useToast } from "../ui/toast.tsx";
import { useAlternatePath } from "./use-alternate.ts";

/**
 * A failed save of the member's language (SPEC §8: "Language update failure shows the error message"),
 * waiting to be shown once the page is in the language it was asked for: the switch navigates at once, so
 * the answer usually comes after the picker (and the toasts) of the old page are gone. `message` is the
 * server's own words for a refusal ('Invalid language type.', already in that language), or null for a
 * failure it did not explain (no answer, an unexpected error): then the page's own message is shown.
 */
let pendingFailure: { locale: Locale; message: string | null } | null = null;
const listeners = new Set<() => void>();

/** Saves the language (save-language.ts, loaded on the first switch); a failure is left for the new page to show. */
async function saveLanguage(locale: Locale) {
  const failure = await import("./save-language.ts").then(
    (m) => m.saveLanguage(locale),
    (error: unknown) => {
      console.warn("language not saved", error);
      return { message: null };
    },
  );
  if (!failure) return;
  pendingFailure = { locale, message: failure.message };
  for (const listener of listeners) listener();
}

/** The link to this page in the other language; for a signed-in member the choice is saved too. */
export function LanguagePicker({ className = "" }: { className?: string }) {
  const { locale, t } = useI18n();
  const show = useToast();
  const other = locale === "en" ? "es" : "en";
  const href = useAlternatePath(other);
  const signedIn = Boolean(useRouteLoaderData<RootData>("root")?.viewer);
  // A failed save is shown by the picker of the page in the language that was asked for, as a toast.
  useEffect(() => {
    const report = () => {
      if (pendingFailure?.locale !== locale) return;
      const { message } = pendingFailure;
      pendingFailure = null;
      show({ tone: "error", message: message ?? t("account.settings.languageFailed") });
    };
    listeners.add(report);
    report();
    return () => {
      listeners.delete(report);
    };
  }, [locale, t, show]);
  return (
    <Link
      to={href}
      onClick={() => {
        if (signedIn) void saveLanguage(other);
      }}
      hrefLang={other}
      lang={other}
      className={`btn-ghost px-3 ${className}`}
      title={t("common.language.switchTo")}
      aria-label={t("common.language.switchTo")}
    >
      <GlobeIcon />
      <span>{t(`common.language.${other}`)}</span>
    </Link>
  );
}
