import { Link, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { LANGUAGES } from "#config/browser.ts";
import { useI18n } from "../i18n.tsx";
import { GlobeIcon } from "../icons.tsx";
import { useAlternatePath } from "./use-alternate.ts";

/** The link to this page in the other language; for a signed-in member the choice is saved too. */
export function LanguagePicker({ className = "" }: { className?: string }) {
  const { locale, t } = useI18n();
  const other = locale === "en" ? "es" : "en";
  const href = useAlternatePath(other);
  const signedIn = Boolean(useRouteLoaderData<RootData>("root")?.viewer);
  return (
    <Link
      to={href}
      onClick={() => {
        // The switch is saved to a signed-in account (UpdateMe, SPEC §4); a failure only loses the preference.
        if (!signedIn) return;
        fetch("/graphql", {
          method: "POST",
          credentials: "same-origin",
          keepalive: true,
          headers: { "Content-Type": "application/json", locale: other },
          body: JSON.stringify({
            query: "mutation UpdateMe($data: UpdateMeInput!) { updateMe(data: $data) { language { id name locale } } }",
            variables: { data: { languageId: LANGUAGES.find((l) => l.locale === other)?.id } },
          }),
        }).catch((error) => console.warn("language not saved", error));
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

/** The template categories as strip links. */
