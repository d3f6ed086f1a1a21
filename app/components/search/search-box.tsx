import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { useI18n } from "../i18n.tsx";
import { CloseIcon, SearchIcon } from "../icons.tsx";
import type { PopoverView } from "./search-suggestions.tsx";

/** The suggestions' code and calls: fetched when the box is first pointed at or focused. */
const SearchSuggestions = lazy(() =>
  import("./search-suggestions.tsx").then((m) => ({ default: m.SearchSuggestions })),
);

/**
 * The header search box (SPEC §2, §4): a plain GET form to /search that works without scripts; with
 * them, a combobox whose popover of suggestions (search-suggestions.tsx) loads on first use.
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const { t, href } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  // On the results page the box holds the query searched; elsewhere it starts empty.
  const searched = /\/search$/.test(location.pathname) ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const [value, setValue] = useState(searched);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [view, setView] = useState<PopoverView>({ shown: false, active: undefined });
  const keys = useRef<((e: KeyboardEvent<HTMLInputElement>) => void) | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  // A route change closes the popover and resets the input (to the query, on the results page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    setOpen(false);
    setValue(searched);
  }, [location.key]);

  return (
    <div ref={wrapRef} className={`relative ${className}`}>
      <Form
        method="get"
        action={href("/search")}
        role="search"
        aria-label={t("search.label")}
        className="relative flex items-center"
      >
        <span className="search-icon">
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
          aria-expanded={view.shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={view.active}
          onPointerEnter={() => setWanted(true)}
          onFocus={() => {
            setOpen(true);
            setWanted(true);
          }}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setOpen(true);
          }}
          onKeyDown={(e) => keys.current?.(e)}
          className="search-input"
        />
        {value ? (
          <button
            type="button"
            aria-label={t("search.clear")}
            className="search-clear"
            onClick={() => {
              setValue("");
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
      <div id={listId} role="listbox" aria-label={t("search.label")} hidden={!view.shown} className="search-panel">
        {wanted ? (
          <Suspense fallback={null}>
            <SearchSuggestions
              value={value}
              open={open}
              setOpen={setOpen}
              listId={listId}
              wrapRef={wrapRef}
              keys={keys}
              onView={setView}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
