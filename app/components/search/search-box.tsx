import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { graphql } from "#app/lib/graphql-client.ts";
import { previewUrl } from "#app/lib/previews.ts";
import { UI } from "#config/constants.ts";
import { useI18n } from "../i18n.tsx";
import { CloseIcon, SearchIcon } from "../icons.tsx";

type Suggest = {
  searchAutocompletions: string[];
  searchAutocompleteTemplates: { slug: string; title: string; slidesCount: number; previewColorId: number | null }[];
};
type Menu = {
  topSearches: { id: number; searchRequest: string }[];
  categorizedTrendingBySearchTemplates: {
    id: number;
    slug: string;
    content: { name: string };
    templatesCount: number;
    templates: {
      id: number;
      slug: string;
      slidesCount: number;
      content: { title: string };
      colors: { id: number; previewImages: string[] }[];
    }[];
  }[];
};
/** SPEC §7: the search box's calls, through /graphql (as GET: the answers are the same for everyone). */
const SUGGEST_QUERY = `query SearchAutocompletions($searchRequest: String!) {
  searchAutocompletions(searchRequest: $searchRequest)
  searchAutocompleteTemplates(searchRequest: $searchRequest) { slug title slidesCount previewColorId }
}`;
const MENU_QUERY = `query MainPageSearchMenu {
  mainPageSearchMenu {
    topSearches { id searchRequest }
    categorizedTrendingBySearchTemplates {
      id slug templatesCount content { name }
      templates { id slug slidesCount content { title } colors { id previewImages } }
    }
  }
}`;

type Option = { key: string; href: string; label: string; group: string; image?: string; detail?: string };

/**
 * The header search box (SPEC §2, §4): a plain GET form to /search that works without scripts; with
 * them, a popover of suggestions while typing (debounced) and of top searches and trending categories
 * when empty, driven by the keyboard. Failures of either list are only logged.
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const { t, href, locale } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(false);
  const [suggest, setSuggest] = useState<Suggest | null>(null);
  const [menu, setMenu] = useState<Menu | null>(null);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const searchHref = useCallback((q: string) => `${href("/search")}?${new URLSearchParams({ q })}`, [href]);

  // A route change closes the popover and resets the input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    setOpen(false);
    setValue("");
    setSuggest(null);
    setActive(-1);
  }, [location.key]);

  // Suggestions while typing, debounced; stale answers are dropped.
  useEffect(() => {
    const q = value.trim();
    if (!q) {
      setSuggest(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      graphql<Suggest>(
        SUGGEST_QUERY,
        { searchRequest: q.slice(0, 200) },
        { locale, signal: controller.signal, method: "GET" },
      )
        .then((s) => {
          setSuggest(s);
          setActive(-1);
        })
        .catch((error) => {
          if (error?.name !== "AbortError") console.warn("autocomplete failed", error);
        });
    }, UI.fetchMinDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, locale]);

  const loadMenu = () => {
    if (menu) return;
    graphql<{ mainPageSearchMenu: Menu }>(MENU_QUERY, undefined, { locale, method: "GET" })
      .then((data) => setMenu(data.mainPageSearchMenu))
      .catch((error) => console.warn("search menu failed", error));
  };

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  const options: Option[] = useMemo(() => {
    if (value.trim()) {
      if (!suggest) return [];
      return [
        ...suggest.searchAutocompletions.map((s) => ({
          key: `s:${s}`,
          href: searchHref(s),
          label: s,
          group: "suggestions",
        })),
        ...suggest.searchAutocompleteTemplates.map((tpl) => ({
          key: `t:${tpl.slug}`,
          href: href(`/template/${tpl.slug}`),
          label: tpl.title,
          group: "templates",
          image: tpl.previewColorId ? previewUrl(tpl.previewColorId, 1, 320) : undefined,
          detail: t("search.slides", { count: tpl.slidesCount }),
        })),
      ];
    }
    if (!menu) return [];
    return [
      ...menu.topSearches.map((s) => ({
        key: `q:${s.id}`,
        href: searchHref(s.searchRequest),
        label: s.searchRequest,
        group: "top",
      })),
      ...menu.categorizedTrendingBySearchTemplates.map((c) => ({
        key: `c:${c.id}`,
        href: href(`/${c.slug}`),
        label: c.content.name,
        group: "trending",
        image: c.templates[0]?.colors[0]?.previewImages[0],
        detail: c.templates
          .map((x) => x.content.title)
          .slice(0, 2)
          .join(" · "),
      })),
    ];
  }, [value, suggest, menu, t, href, searchHref]);

  const groups = [
    ["suggestions", t("search.suggestions")],
    ["templates", t("search.bestMatches")],
    ["top", t("search.topSearches")],
    ["trending", t("search.trending")],
  ] as const;
  const showPopover = open && (options.length > 0 || value.trim().length > 0);
  const optionId = (i: number) => `${listId}-o${i}`;

  return (
    <div ref={wrapRef} className={`relative ${className}`}>
      <Form
        method="get"
        action={href("/search")}
        role="search"
        aria-label={t("search.label")}
        className="relative flex items-center"
      >
        <span className="pointer-events-none absolute left-3 text-ink-muted">
          <SearchIcon />
        </span>
        <input
          ref={inputRef}
          type="search"
          name="q"
          value={value}
          maxLength={200}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t("search.placeholder")}
          aria-label={t("search.label")}
          role="combobox"
          aria-expanded={showPopover}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          onFocus={() => {
            setOpen(true);
            loadMenu();
          }}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && options.length) {
              e.preventDefault();
              setOpen(true);
              setActive((a) => (a + 1) % options.length);
            } else if (e.key === "ArrowUp" && options.length) {
              e.preventDefault();
              setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
            } else if (e.key === "Enter" && active >= 0 && options[active]) {
              e.preventDefault();
              navigate(options[active].href);
            } else if (e.key === "Escape") {
              if (showPopover) {
                e.preventDefault();
                setOpen(false);
                setActive(-1);
              }
            }
          }}
          className="h-10 w-full rounded-full border border-line bg-canvas pr-10 pl-10 text-sm text-ink placeholder:text-ink-muted focus:border-brand-500 focus:bg-surface focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {value ? (
          <button
            type="button"
            aria-label={t("search.clear")}
            className="absolute right-1.5 inline-flex h-7 w-7 items-center justify-center rounded-full text-ink-muted hover:bg-line/60"
            onClick={() => {
              setValue("");
              setSuggest(null);
              setActive(-1);
              inputRef.current?.focus();
              if (/\/search$/.test(location.pathname)) navigate(href("/"));
            }}
          >
            <CloseIcon width={16} height={16} />
          </button>
        ) : null}
        <button type="submit" className="sr-only">
          {t("search.submit")}
        </button>
      </Form>
      <div
        id={listId}
        role="listbox"
        aria-label={t("search.label")}
        hidden={!showPopover}
        className="absolute inset-x-0 top-12 z-50 max-h-[70vh] overflow-y-auto rounded-2xl border border-line bg-surface p-2 shadow-lift sm:min-w-[28rem]"
      >
        {options.length === 0 && value.trim() ? (
          <p className="px-3 py-2 text-sm text-ink-muted">{t("search.noSuggestions", { q: value.trim() })}</p>
        ) : null}
        {groups.map(([group, label]) => {
          const items = options.map((o, i) => ({ o, i })).filter(({ o }) => o.group === group);
          if (!items.length) return null;
          return (
            // biome-ignore lint/a11y/useSemanticElements: an ARIA group of listbox options, not a form fieldset
            <div key={group} role="group" aria-label={label} className="py-1">
              <p className="px-3 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</p>
              {items.map(({ o, i }) => (
                // biome-ignore lint/a11y/useFocusableInteractive: combobox pattern: focus stays in the input, options are pointed at with aria-activedescendant
                <div
                  key={o.key}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={`rounded-lg ${i === active ? "bg-brand-50" : ""}`}
                  onPointerEnter={() => setActive(i)}
                >
                  <Link to={o.href} tabIndex={-1} className="flex items-center gap-3 px-3 py-2 text-sm text-ink">
                    {o.image ? (
                      <img
                        src={o.image}
                        alt=""
                        width={64}
                        height={36}
                        loading="lazy"
                        className="h-9 w-16 shrink-0 rounded object-cover ring-1 ring-line"
                      />
                    ) : null}
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{o.label}</span>
                      {o.detail ? <span className="block truncate text-xs text-ink-muted">{o.detail}</span> : null}
                    </span>
                  </Link>
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
