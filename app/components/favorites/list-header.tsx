import { FAVORITE_SORTS, type FavoriteSort } from "#modules/favorites/sorts.ts";
import { useI18n } from "../i18n.tsx";
import { SortTabs } from "../ui/sort-tabs.tsx";

/** The head of a favourites list (all of them, or one collection): its title, count and sorts. */
export function FavoritesHeader({
  title,
  kicker,
  total,
  sort,
  hrefFor,
}: {
  title: string;
  kicker?: string;
  total: number;
  sort: FavoriteSort;
  hrefFor: (sort: FavoriteSort) => string;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {kicker ? <p className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{kicker}</p> : null}
        <h1 className="text-3xl font-bold tracking-tight break-words text-ink">{title}</h1>
        <p className="mt-1 text-ink-muted">{t("account.favorites.count", { count: total })}</p>
      </div>
      {total > 1 ? (
        <SortTabs
          label={t("account.favorites.sort")}
          sorts={FAVORITE_SORTS}
          current={sort}
          hrefFor={hrefFor}
          nameOf={(s) => t(`account.favorites.${s}`)}
        />
      ) : null}
    </div>
  );
}
