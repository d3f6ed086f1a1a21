import type { Locale } from "#config/constants.ts";

export type InfoPageKey = "faq" | "license" | "terms-conditions" | "privacy-policy" | "cookie-policy";
export const INFO_PAGE_KEYS: readonly InfoPageKey[] = [
  "faq",
  "license",
  "terms-conditions",
  "privacy-policy",
  "cookie-policy",
];

/** A link to another page of the site, already prefixed for the page's locale. */
export type InfoLink = { label: string; href: string };

/** One question of the FAQ; `id` is a kebab-case anchor, unique on the page; `links` follow the answer. */
export type FaqItem = { id: string; question: string; answer: string[]; links?: InfoLink[] };

/**
 * One section of an information page. Render in this order: heading, paragraphs, list, closing,
 * faq, links. On the FAQ page every section is a topic whose questions are in `faq`.
 */
export type InfoSection = {
  /** kebab-case anchor, identical in every locale */
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
  /** paragraphs that follow the list */
  closing?: string[];
  faq?: FaqItem[];
  links?: InfoLink[];
};

export type InfoPage = {
  key: InfoPageKey;
  locale: Locale;
  title: string;
  /** at most 160 characters */
  metaDescription: string;
  intro?: string;
  /** "Last updated: November 2021" / "Última actualización: noviembre de 2021" */
  updated?: string;
  sections: InfoSection[];
};

export type LicenceKind = "free" | "personal" | "commercial";
/** The licences that have a PDF document. */
export type PaidLicenceKind = Exclude<LicenceKind, "free">;

/** What one licence grants; shared by the licence page and the licence PDFs. */
export type LicenceTerms = {
  name: string;
  summary: string;
  appliesTo: string;
  permitted: string[];
  /** what this licence does not cover (beyond what no licence allows) */
  notIncluded: string[];
  /** one-line attribution rule for summaries */
  attributionShort: string;
};

/** A heading with its paragraphs. */
export type TextBlock = { heading: string; paragraphs: string[] };

/** Text common to every licence. */
export type LicenceCommon = {
  ownership: TextBlock;
  prohibited: TextBlock & { items: string[] };
  /** the attribution rule of the Free licence */
  attribution: TextBlock;
  /** attribution for Personal and Commercial downloads */
  noAttribution: string[];
  clientWork: TextBlock;
  afterPlanEnds: TextBlock;
  thirdParty: TextBlock;
  questions: TextBlock;
};

/** Labels used only by the licence PDF. */
export type LicenceDocumentLabels = {
  documentType: string;
  licensor: string;
  appliesTo: string;
  attribution: string;
  documentDate: string;
  contact: string;
  permitted: string;
  prohibited: string;
  fullTerms: string;
  /** closing paragraph; the addresses of the terms and licence pages follow it */
  fullTermsText: string;
  subject: (licenceName: string) => string;
  page: (n: number, total: number) => string;
};

type PageText = Omit<InfoPage, "key" | "locale" | "updated">;

/** Everything one locale provides. */
export type LegalContent = {
  pages: Record<InfoPageKey, PageText>;
  /** pages that show a "last updated" line */
  updated: string;
  /** the same line for a text updated in another month ("November 2026") */
  lastUpdated(month: string): string;
  licences: Record<LicenceKind, LicenceTerms>;
  licenceCommon: LicenceCommon;
  document: LicenceDocumentLabels;
};
