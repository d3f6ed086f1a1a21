import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import {
  activeFilterCount,
  FILTER_PARAMS,
  type Filters,
  FORMAT_FILTERS,
  LICENSES,
  RATIOS,
  SLIDE_RANGES,
  type Sort,
  toSearchParams,
} from "#modules/catalog/filters.ts";
import type { FilterOptions } from "#modules/catalog/views.ts";
import { isLightSwatch } from "#modules/shared/swatches.ts";
import { useI18n } from "../i18n.tsx";
import { CloseIcon, FilterIcon } from "../icons.tsx";

type Option = { value: string; label: string; hex?: string };

/** The pop-overs of one bar share a name: the browser keeps one open at a time, even before scripts run. */
const MENU_NAME = "filter-menu";

function Group({
  name,
  label,
  options,
  selected,
}: {
  name: string;
  label: string;
  options: Option[];
  selected: string[];
}) {
  const [chosen, setChosen] = useState(selected);
  const selectedKey = selected.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL when it changes (a chip removed, back button)
  useEffect(() => setChosen(selected), [selectedKey]);
  const swatches = options.some((o) => o.hex);
  return (
    <details name={MENU_NAME} className="filter-menu group">
      <summary className="chip">
        {label}
        {selected.length ? (
          <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">{selected.length}</span>
        ) : null}
        <span aria-hidden="true" className="text-ink-muted group-open:rotate-180">
          ▾
        </span>
      </summary>
      <fieldset className={`w-full ${swatches || options.length > 6 ? "md:w-80" : "md:w-64"}`}>
        <legend className="sr-only">{label}</legend>
        {/* Every option shows: a grid of swatches for colours, two columns for a long list, never a clipped scroll. */}
        <div
          className={swatches ? "swatch-grid" : options.length > 6 ? "grid grid-cols-2 gap-1" : "flex flex-col gap-1"}
        >
          {options.map((o) => (
            <label key={o.value} className={o.hex ? "swatch-option" : "filter-option"}>
              <input
                type="checkbox"
                name={name}
                value={o.value}
                checked={chosen.includes(o.value)}
                className={o.hex ? "sr-only" : undefined}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setChosen((c) => (on ? [...c, o.value] : c.filter((x) => x !== o.value)));
                }}
              />
              {o.hex ? (
                <span
                  className="swatch"
                  style={{ background: o.hex }}
                  data-light={isLightSwatch(o.hex) ? "" : undefined}
                  aria-hidden="true"
                />
              ) : null}
              <span className="min-w-0">{o.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </details>
  );
}

/**
 * The bar's pop-overs close on Escape (focus back on the open one's button) and on a click outside them.
 * Without scripts they are plain disclosures (one open at a time, through their shared name).
 */
function useMenusDismiss(bar: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const open = () => Array.from(bar.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? []);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      const menus = open();
      if (!menus.length) return;
      for (const d of menus) d.open = false;
      menus[0].querySelector("summary")?.focus();
      e.preventDefault();
    };
    // On the click, not the press: closing one on the press moved the next one's button away from the pointer.
    const onClickAway = (e: MouseEvent) => {
      for (const d of open()) if (!(e.target instanceof Node && d.contains(e.target))) d.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClickAway);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClickAway);
    };
  }, [bar]);
}

export function FilterBar({
  options,
  filters,
  sort,
  sorts,
  total,
  totalCapped = false,
  keep = {},
}: {
  options: FilterOptions;
  filters: Filters;
  sort: string | null;
  /** Sort slugs offered, the first being the default; none hides the menu. */
  sorts: readonly string[];
  total: number;
  totalCapped?: boolean;
  /** Parameters every filter change keeps (the search query). */
  keep?: Record<string, string>;
}) {
  const { t } = useI18n();
  const submit = useSubmit();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters);
  // The sheet's button says how many templates the filters chosen give: the list's own count, which the
  // loader computes anyway and which each change brings back (no query of its own); none while it loads.
  const navigation = useNavigation();
  const counting = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const applyLabel = counting
    ? t("catalog.filters.apply")
    : totalCapped
      ? t("catalog.filters.applyCapped", { count: total })
      : t("catalog.filters.applyCount", { count: total });
  const barRef = useRef<HTMLFormElement>(null);
  const sheetButton = useRef<HTMLButtonElement>(null);
  useMenusDismiss(barRef);
  // On a phone, Escape closes the sheet once no pop-over in it is open (the pop-overs' handler runs first).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      setOpen(false);
      sheetButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const groups: { name: string; label: string; options: Option[]; selected: string[] }[] = [
    {
      name: FILTER_PARAMS.style,
      label: t("catalog.filters.style"),
      options: options.styles.map((s) => ({ value: s.slug, label: s.name })),
      selected: filters.styles,
    },
    {
      name: FILTER_PARAMS.color,
      label: t("catalog.filters.color"),
      options: options.colors.map((c) => ({ value: c.slug, label: c.name, hex: c.hex })),
      selected: filters.colors,
    },
    {
      name: FILTER_PARAMS.license,
      label: t("catalog.filters.license"),
      options: LICENSES.map((l) => ({ value: l, label: t(`catalog.filters.licenses.${l}`) })),
      selected: filters.licenses,
    },
    {
      name: FILTER_PARAMS.format,
      label: t("catalog.filters.format"),
      options: Object.keys(FORMAT_FILTERS).map((f) => ({ value: f, label: t(`catalog.filters.formats.${f}`) })),
      selected: filters.formats,
    },
    {
      name: FILTER_PARAMS.slides,
      label: t("catalog.filters.slides"),
      options: Object.keys(SLIDE_RANGES).map((s) => ({ value: s, label: t(`catalog.filters.slideRanges.${s}`) })),
      selected: filters.slides,
    },
    {
      name: FILTER_PARAMS.ratio,
      label: t("catalog.filters.ratio"),
      options: Object.keys(RATIOS).map((r) => ({ value: r, label: t(`catalog.filters.ratios.${r}`) })),
      selected: filters.ratios,
    },
  ];

  const chips: { key: string; label: string; to: string }[] = [];
  for (const g of groups) {
    for (const v of g.selected) {
      const label = g.options.find((o) => o.value === v)?.label ?? v;
      const next: Filters = {
        ...filters,
        [keyOf(g.name)]: (filters[keyOf(g.name)] as string[]).filter((x) => x !== v),
      };
      chips.push({
        key: `${g.name}:${v}`,
        label,
        to: `?${withKeep(toSearchParams({ filters: next, sort: sort as Sort | null }), keep)}`,
      });
    }
  }

  return (
    <div className="mb-6">
      <Form
        ref={barRef}
        method="get"
        preventScrollReset
        onChange={(e) => submit(e.currentTarget, { preventScrollReset: true, replace: true })}
        className="flex flex-col gap-3"
      >
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <button
            ref={sheetButton}
            type="button"
            className="chip md:hidden"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            <FilterIcon width={16} height={16} />
            {count ? t("catalog.filters.showCount", { count }) : t("catalog.filters.show")}
          </button>
          <div
            className={`${open ? "fixed inset-0 z-50 flex flex-col gap-3 overflow-y-auto bg-surface p-4" : "hidden"} md:static md:z-auto md:flex md:flex-row md:flex-wrap md:items-start md:gap-2 md:bg-transparent md:p-0`}
          >
            <div className="flex items-center justify-between md:hidden">
              <h2 className="text-lg font-semibold">{t("catalog.filters.title")}</h2>
              <button
                type="button"
                className="btn-ghost px-2"
                aria-label={t("catalog.filters.close")}
                onClick={() => setOpen(false)}
              >
                <CloseIcon />
              </button>
            </div>
            {groups.map((g) => (
              <Group key={g.name} {...g} />
            ))}
            <button
              type="submit"
              className="btn-primary sticky bottom-0 mt-auto md:hidden"
              aria-busy={counting || undefined}
              data-results-button=""
              onClick={() => setOpen(false)}
            >
              {applyLabel}
            </button>
            <noscript>
              <button type="submit" className="btn-primary">
                {t("catalog.filters.apply")}
              </button>
            </noscript>
          </div>
          <p className="ml-auto text-sm text-ink-muted" aria-live="polite">
            {totalCapped
              ? t("catalog.list.resultsCapped", { count: total })
              : t("catalog.list.results", { count: total })}
          </p>
          {sorts.length ? (
            <label className="flex items-center gap-2 text-sm text-ink-soft">
              {t("catalog.filters.sort")}
              <select
                name={FILTER_PARAMS.sort}
                defaultValue={sort ?? sorts[0]}
                key={sort ?? sorts[0]}
                className="rounded-lg border border-line bg-surface px-2.5 py-1.5 text-sm"
              >
                {sorts.map((s) => (
                  <option key={s} value={s}>
                    {t(`catalog.filters.sorts.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      </Form>
      {chips.length ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <span className="sr-only">{t("catalog.filters.active")}</span>
          {chips.map((c) => (
            <Link
              key={c.key}
              to={c.to}
              preventScrollReset
              className="chip"
              aria-label={t("catalog.filters.remove", { name: c.label })}
            >
              {c.label} <CloseIcon width={14} height={14} />
            </Link>
          ))}
          <Link
            to={`${location.pathname}?${withKeep(new URLSearchParams(sort ? { sort } : {}), keep)}`.replace(/\?$/, "")}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {t("catalog.list.clearFilters")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

function withKeep(params: URLSearchParams, keep: Record<string, string>): string {
  const out = new URLSearchParams(keep);
  for (const [k, v] of params) out.append(k, v);
  return out.toString();
}

function keyOf(param: string): keyof Filters {
  switch (param) {
    case FILTER_PARAMS.style:
      return "styles";
    case FILTER_PARAMS.color:
      return "colors";
    case FILTER_PARAMS.license:
      return "licenses";
    case FILTER_PARAMS.format:
      return "formats";
    case FILTER_PARAMS.slides:
      return "slides";
    default:
      return "ratios";
  }
}
