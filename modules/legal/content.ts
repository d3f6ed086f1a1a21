import { LEGAL_PAGE_UPDATED, type Locale } from "#config/constants.ts";
import { englishContent } from "./content/en.ts";
import { spanishContent } from "./content/es.ts";
import { legalFacts, legalMonth, legalUpdatedDate } from "./facts.ts";
import type { InfoPage, InfoPageKey, LegalContent } from "./types.ts";

const builders: Record<Locale, typeof englishContent> = { en: englishContent, es: spanishContent };
const cache = new Map<Locale, LegalContent>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** All legal and help text of one locale, built once and frozen (callers share it). */
export function getLegalContent(locale: Locale): LegalContent {
  let content = cache.get(locale);
  if (!content) {
    content = deepFreeze(builders[locale](legalFacts(locale)));
    cache.set(locale, content);
  }
  return content;
}

/** Pages whose text is a legal document and so shows the date of its last update. */
const DATED_PAGES: ReadonlySet<InfoPageKey> = new Set([
  "license",
  "terms-conditions",
  "privacy-policy",
  "cookie-policy",
]);

export function getInfoPage(key: InfoPageKey, locale: Locale): InfoPage {
  const content = getLegalContent(locale);
  const page = content.pages[key];
  return {
    key,
    locale,
    ...page,
    ...(DATED_PAGES.has(key) ? { updated: updatedLine(key, locale) } : {}),
  };
}

/** A dated page's "last updated" line: the month its text last changed (LEGAL_PAGE_UPDATED), else the texts'. */
function updatedLine(key: InfoPageKey, locale: Locale): string {
  const content = getLegalContent(locale);
  const changed = Object.hasOwn(LEGAL_PAGE_UPDATED, key) ? LEGAL_PAGE_UPDATED[key] : undefined;
  return changed ? content.lastUpdated(legalMonth(legalUpdatedDate(changed), locale)) : content.updated;
}
