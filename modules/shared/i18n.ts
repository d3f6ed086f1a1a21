import { DEFAULT_LOCALE, LOCALE_TAGS, LOCALES, type Locale } from "#config/browser.ts";
import { formatInteger, pluralCategory } from "./numerals.ts";

export type Messages = Record<string, string>;
export type TParams = Record<string, string | number>;
export type T = (key: string, params?: TParams) => string;

/** Reads the locale from a path: `/es` and `/es/...` are Spanish, anything else English. */
export function localeFromPath(pathname: string): Locale {
  const p = pathname.replace(/\.data$/, "");
  return p === "/es" || p.startsWith("/es/") ? "es" : DEFAULT_LOCALE;
}

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (LOCALES as readonly string[]).includes(v);
}

/** Prefixes a path for a locale: href("es", "/latest") is "/es/latest"; href("es", "/") is "/es". */
export function localePath(locale: Locale, path: string): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === "/" ? `/${locale}` : `/${locale}${clean}`;
}

/** The path without its locale prefix. */
export function stripLocale(pathname: string): string {
  const p = pathname.replace(/\.data$/, "");
  if (p === "/es") return "/";
  if (p.startsWith("/es/")) return p.slice(3);
  return p === "/_" ? "/" : p;
}

/**
 * A page's address in another locale with the query of the page being read, once: the address's own
 * query (a search's `?q=`) gives way to the page's, which is what the reader sees and keeps.
 */
export function withQuery(address: string, search: string): string {
  return address.split("?")[0] + search;
}

/**
 * Builds a translator over a flat message map. `{name}` is replaced; `key_one`/`key_other` pick plurals by
 * `count`, or by `seconds` where there is no count (a wait: "in 1 second").
 */
export function createT(locale: Locale, messages: Messages): T {
  return (key, params) => {
    let msg: string | undefined;
    const n = typeof params?.count === "number" ? params.count : params?.seconds;
    if (typeof n === "number") msg = messages[`${key}_${pluralCategory(locale, n)}`] ?? messages[`${key}_other`];
    msg ??= messages[key];
    if (msg === undefined) return key;
    if (!params) return msg;
    return msg.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? formatParam(locale, params[name]) : m));
  };
}

/** Intl's number format per locale, built once, for what formatInteger leaves to it. */
const numbers = new Map<Locale, Intl.NumberFormat>();

function formatParam(locale: Locale, v: string | number): string {
  if (typeof v !== "number") return v;
  // Whole numbers are written without Intl (ADR 0038); a fraction or an exponent is Intl's to write.
  const written = formatInteger(locale, v);
  if (written !== undefined) return written;
  let format = numbers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale]);
    numbers.set(locale, format);
  }
  return format.format(v);
}

/** Flattens nested JSON into dotted keys: { a: { b: "x" } } -> { "a.b": "x" }. */
export function flatten(obj: Record<string, unknown>, prefix = "", out: Messages = {}): Messages {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") flatten(v as Record<string, unknown>, key, out);
    else out[key] = String(v);
  }
  return out;
}

/**
 * A page's words travel as a reference to a file (`/i18n/en/list.3f2a9c01be.json`), not inside the
 * page: the words are the same for every page of a kind, so the browser keeps them (immutable, named by
 * their content) and a page's HTML carries only its own data. The server registers each set it
 * references before rendering; the browser loads the page's sets before hydrating (entry.client) and
 * any new one during a navigation (the screen waits in a transition; see useMessages).
 */
export type MessageRef = { href: string };

const registry = new Map<string, Messages>();
const loading = new Map<string, Promise<Messages>>();

export function registerMessages(href: string, messages: Messages): void {
  registry.set(href, messages);
}

/** The words of a reference when they are at hand (registered or loaded), else undefined. */
export function registeredMessages(ref: MessageRef | null | undefined): Messages | undefined {
  return ref ? registry.get(ref.href) : undefined;
}

/** One set of words, tried three times (a busy server, a dropped connection) before giving up. */
async function fetchWords(href: string): Promise<Messages> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(href, { credentials: "same-origin" });
      if (res.ok) return (await res.json()) as Messages;
      if (res.status < 500 && res.status !== 429) throw new Error(`words not loaded: ${href} answered ${res.status}`);
      if (attempt >= 3) throw new Error(`words not loaded: ${href} answered ${res.status}`);
    } catch (error) {
      if (attempt >= 3 || (error instanceof Error && error.message.startsWith("words not loaded"))) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, attempt * 500));
  }
}

/** Loads a set of words once (browser); a failed load is forgotten so a later render tries again. */
export function loadMessages(href: string): Promise<Messages> {
  let p = loading.get(href);
  if (!p) {
    p = fetchWords(href)
      .then((messages) => {
        registry.set(href, messages);
        return messages;
      })
      .catch((error) => {
        loading.delete(href);
        throw error;
      });
    loading.set(href, p);
  }
  return p;
}
