import { type KeyboardEvent, type ReactNode, type RefObject, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { graphql } from "#app/lib/graphql-client.ts";
import { previewUrl } from "#app/lib/previews.ts";
import { UI } from "#config/constants.ts";
import { useI18n } from "../i18n.tsx";

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

type Option = {
  key: string;
  href: string;
  label: string;
  group: string;
  image?: string;
  detail?: string;
  /** Whether the part of the label matching what was typed is marked. */
  marked?: boolean;
};

/**
 * A text folded for comparison (lower case, accents dropped: "Presentación" -> "presentacion") with, for
 * each folded character, the index of the original character it came from.
 */
function fold(text: string): { folded: string; from: number[] } {
  let folded = "";
  const from: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = ch
      .normalize("NFD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase();
    for (const c of f) {
      folded += c;
      from.push(i);
    }
    i += ch.length;
  }
  from.push(i);
  return { folded, from };
}

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

/**
 * The parts of `label` that match what was typed, accents and case ignored, as [start, end) ranges of
 * the label: the whole typed text where a word of the label starts with it, else each typed word where
 * a word starts with it. Nothing when the label matched in the other language (or through a typo).
 */
export function matchedRanges(label: string, typed: string): [number, number][] {
  const { folded, from } = fold(label);
  const q = fold(typed)
    .folded.replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  if (!q) return [];
  const atWordStart = (needle: string, after = 0): number => {
    for (let k = folded.indexOf(needle, after); k >= 0; k = folded.indexOf(needle, k + 1))
      if (!isWordChar(folded[k - 1])) return k;
    return -1;
  };
  const whole = atWordStart(q);
  if (whole >= 0) return [[from[whole], from[whole + q.length]]];
  const ranges: [number, number][] = [];
  for (const word of q.split(" ")) {
    const k = atWordStart(word);
    if (k >= 0) ranges.push([from[k], from[k + word.length]]);
  }
  return ranges.sort((a, b) => a[0] - b[0]).filter((r, i, all) => i === 0 || r[0] >= all[i - 1][1]);
}

/** The label with what was typed marked (<mark>: read as plain text, shown in bold). */
function Marked({ label, typed }: { label: string; typed: string }) {
  const ranges = matchedRanges(label, typed);
  if (!ranges.length) return <>{label}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(label.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-transparent font-bold text-ink">
        {label.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < label.length) parts.push(label.slice(at));
  return <>{parts}</>;
}

/** What the search box shows for the popover: whether it is open, and the option pointed at. */
export type PopoverView = { shown: boolean; active: string | undefined };

/**
 * The search box's suggestions (SPEC §2, §4), fetched with their code on the box's first focus: while
 * typing, completions and best matches (debounced, stale answers dropped); when empty, top searches and
 * trending categories. Renders the listbox's options, answers the input's keys through `keys`, and tells
 * the box what it shows through `onView`. Failures of either list are only logged.
 */
export function SearchSuggestions({
  value,
  open,
  setOpen,
  listId,
  wrapRef,
  keys,
  onView,
}: {
  value: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  listId: string;
  wrapRef: RefObject<HTMLDivElement | null>;
  keys: RefObject<((e: KeyboardEvent<HTMLInputElement>) => void) | null>;
  onView: (view: PopoverView) => void;
}) {
  const { t, href, locale } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const [suggest, setSuggest] = useState<Suggest | null>(null);
  const [menu, setMenu] = useState<Menu | null>(null);
  const [active, setActive] = useState(-1);
  const searchHref = useCallback((q: string) => `${href("/search")}?${new URLSearchParams({ q })}`, [href]);

  // A route change forgets the suggestions.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    setSuggest(null);
    setActive(-1);
  }, [location.key]);

  // Suggestions while typing, debounced; stale answers are dropped.
  useEffect(() => {
    const q = value.trim();
    setActive(-1);
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

  // The top searches and trending categories, once, when the box first opens.
  useEffect(() => {
    if (!open || menu) return;
    let live = true;
    graphql<{ mainPageSearchMenu: Menu }>(MENU_QUERY, undefined, { locale, method: "GET" })
      .then((data) => live && setMenu(data.mainPageSearchMenu))
      .catch((error) => console.warn("search menu failed", error));
    return () => {
      live = false;
    };
  }, [open, menu, locale]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open, setOpen, wrapRef]);

  const options: Option[] = useMemo(() => {
    if (value.trim()) {
      if (!suggest) return [];
      return [
        ...suggest.searchAutocompletions.map((s) => ({
          key: `s:${s}`,
          href: searchHref(s),
          label: s,
          group: "suggestions",
          marked: true,
        })),
        ...suggest.searchAutocompleteTemplates.map((tpl) => ({
          key: `t:${tpl.slug}`,
          href: href(`/template/${tpl.slug}`),
          label: tpl.title,
          group: "templates",
          marked: true,
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
  const optionId = (i: number) => `${listId}-o${i}`;

  const shown = open && (options.length > 0 || value.trim().length > 0);
  const activeId = active >= 0 && shown ? optionId(active) : undefined;
  useEffect(() => onView({ shown, active: activeId }), [shown, activeId, onView]);

  // The input's keys, answered with what is shown now (set after each render, not during it).
  useEffect(() => {
    keys.current = (e) => {
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
      } else if (e.key === "Escape" && shown) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    };
    return () => {
      keys.current = null;
    };
  });

  return (
    <>
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
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input answers the keys (arrows, Enter, Escape) for its options
              <div
                key={o.key}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                data-href={o.href}
                className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink ${i === active ? "bg-brand-50" : ""}`}
                onPointerEnter={() => setActive(i)}
                // The input keeps the focus (and the keyboard) while an option is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => navigate(o.href)}
              >
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
                  <span className={`block truncate ${o.marked ? "" : "font-medium"}`}>
                    {o.marked ? <Marked label={o.label} typed={value} /> : o.label}
                  </span>
                  {o.detail ? <span className="block truncate text-xs text-ink-muted">{o.detail}</span> : null}
                </span>
              </div>
            ))}
          </div>
        );
      })}
    </>
  );
}
