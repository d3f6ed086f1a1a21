import { Link, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { useI18n } from "../i18n.tsx";

/** A house-ad slot: shown to guests and Free accounts, never to Personal or Commercial members (SPEC §1). */
export function HouseAd({ wide = false }: { wide?: boolean }) {
  const { t, href } = useI18n();
  const plan = useRouteLoaderData<RootData>("root")?.viewer?.plan;
  if (plan && plan !== "FREE") return null;
  return (
    <aside
      aria-label={t("common.ads.label")}
      className={`rounded-card border border-brand-100 bg-gradient-to-br from-brand-50 to-surface p-5 ${wide ? "sm:flex sm:items-center sm:justify-between sm:gap-6" : ""}`}
    >
      <div>
        <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{t("common.ads.label")}</p>
        <p className="mt-1 font-semibold text-ink">{t("common.ads.houseTitle")}</p>
        <p className="mt-1 text-sm text-ink-muted">{t("common.ads.houseText")}</p>
      </div>
      <Link to={href("/latest")} className="btn-primary mt-4 shrink-0 sm:mt-0">
        {t("common.ads.houseCta")}
      </Link>
    </aside>
  );
}
