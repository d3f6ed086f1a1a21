import type { Locale } from "#config/constants.ts";
import enAccount from "../locales/en/account.json" with { type: "json" };
import enAuth from "../locales/en/auth.json" with { type: "json" };
import enBilling from "../locales/en/billing.json" with { type: "json" };
import enBlog from "../locales/en/blog.json" with { type: "json" };
import enCatalog from "../locales/en/catalog.json" with { type: "json" };
import enCommon from "../locales/en/common.json" with { type: "json" };
import enContact from "../locales/en/contact.json" with { type: "json" };
import enDownloads from "../locales/en/downloads.json" with { type: "json" };
import enMail from "../locales/en/mail.json" with { type: "json" };
import enSearch from "../locales/en/search.json" with { type: "json" };
import enTemplate from "../locales/en/template.json" with { type: "json" };
import esAccount from "../locales/es/account.json" with { type: "json" };
import esAuth from "../locales/es/auth.json" with { type: "json" };
import esBilling from "../locales/es/billing.json" with { type: "json" };
import esBlog from "../locales/es/blog.json" with { type: "json" };
import esCatalog from "../locales/es/catalog.json" with { type: "json" };
import esCommon from "../locales/es/common.json" with { type: "json" };
import esContact from "../locales/es/contact.json" with { type: "json" };
import esDownloads from "../locales/es/downloads.json" with { type: "json" };
import esMail from "../locales/es/mail.json" with { type: "json" };
import esSearch from "../locales/es/search.json" with { type: "json" };
import esTemplate from "../locales/es/template.json" with { type: "json" };
import { createT, flatten, type Messages } from "./i18n.ts";

const catalogs: Record<Locale, Record<string, Messages>> = {
  en: {
    common: flatten(enCommon, "common"),
    catalog: flatten(enCatalog, "catalog"),
    template: flatten(enTemplate, "template"),
    downloads: flatten(enDownloads, "downloads"),
    search: flatten(enSearch, "search"),
    auth: flatten(enAuth, "auth"),
    account: flatten(enAccount, "account"),
    billing: flatten(enBilling, "billing"),
    mail: flatten(enMail, "mail"),
    blog: flatten(enBlog, "blog"),
    contact: flatten(enContact, "contact"),
  },
  es: {
    common: flatten(esCommon, "common"),
    catalog: flatten(esCatalog, "catalog"),
    template: flatten(esTemplate, "template"),
    downloads: flatten(esDownloads, "downloads"),
    search: flatten(esSearch, "search"),
    auth: flatten(esAuth, "auth"),
    account: flatten(esAccount, "account"),
    billing: flatten(esBilling, "billing"),
    mail: flatten(esMail, "mail"),
    blog: flatten(esBlog, "blog"),
    contact: flatten(esContact, "contact"),
  },
};

export type Namespace =
  | "common"
  | "catalog"
  | "template"
  | "downloads"
  | "search"
  | "auth"
  | "account"
  | "billing"
  | "mail"
  | "blog"
  | "contact";

/** The messages of some namespaces, to send to the client with a loader (see messagesOf). */
export function messagesFor(locale: Locale, namespaces: Namespace[]): Messages {
  return messagesOf(locale, namespaces);
}

/** A translator on the server, over every namespace. */
export function serverT(locale: Locale) {
  return createT(
    locale,
    messagesFor(locale, [
      "common",
      "catalog",
      "template",
      "downloads",
      "search",
      "auth",
      "account",
      "billing",
      "mail",
      "blog",
      "contact",
    ]),
  );
}

const picked = new Map<string, Messages>();

/**
 * Only the messages a page needs: each selector is a namespace ("auth"), a key prefix ("auth.menu.") or a
 * key ("account.settings.deleted"). Picked once per locale and list, frozen (callers share it). The root
 * sends what every page's chrome uses; a route adds its own area's with MoreMessages.
 */
export function messagesOf(locale: Locale, selectors: string[]): Messages {
  const key = `${locale}:${selectors.join(",")}`;
  let messages = picked.get(key);
  if (!messages) {
    const out: Messages = {};
    for (const selector of selectors) {
      const ns = selector.split(".")[0];
      const all = catalogs[locale][ns];
      if (!all) throw new Error(`no message namespace ${ns}`);
      const matches = !selector.includes(".")
        ? () => true
        : selector.endsWith(".")
          ? (k: string) => k.startsWith(selector)
          : (k: string) => k === selector || k.startsWith(`${selector}_`); // with its plural forms
      for (const [k, v] of Object.entries(all)) if (matches(k)) out[k] = v;
    }
    messages = Object.freeze(out);
    picked.set(key, messages);
  }
  return messages;
}

/** The header's search box and its suggestions. */
const SEARCH_BOX_MESSAGES = [
  "search.label",
  "search.placeholder",
  "search.submit",
  "search.clear",
  "search.suggestions",
  "search.bestMatches",
  "search.topSearches",
  "search.trending",
  "search.noSuggestions",
  "search.slides",
];

/**
 * The words the root sends with every page: the chrome (header, search box, footer, status), the cards'
 * and the error pages'. A page's own words come with its loader (MoreMessages); the account menu's only
 * to members.
 */
export const ROOT_MESSAGES = [
  "common.brand",
  "common.tagline",
  "common.skipToContent",
  "common.nav.",
  "common.language.",
  "common.footer.",
  "common.status.",
  "common.errors.",
  "common.info.",
  "catalog.card.",
  ...SEARCH_BOX_MESSAGES,
  "downloads.dialogs.close",
  "auth.guest.",
  "auth.dialog.",
  "account.favorites.add",
  "account.favorites.remove",
  "account.favorites.failed",
];
export const MEMBER_MESSAGES = [...ROOT_MESSAGES, "auth.menu.", "auth.logout", "account.profile.plans."];
/** The interests dialog's words, for the members it opens for (SPEC §4). */
export const INTERESTS_MESSAGES = [...MEMBER_MESSAGES, "account.interests."];

/** A template list: its headings, filters, pagination and empty states. */
export const LIST_MESSAGES = ["catalog.list.", "catalog.filters."];
/** The search results page: a list, and the search's own words. */
export const SEARCH_PAGE_MESSAGES = [...LIST_MESSAGES, "search"];
/** The CAPTCHA widget's words, for the forms that show it (sign-up, contact). */
export const CAPTCHA_MESSAGES = ["common.captcha."];
/** A template's page: its own words, the download panel's and dialogs', the breadcrumb's and the house ad's. */
export const TEMPLATE_MESSAGES = ["template", "downloads", "catalog.list.breadcrumb", "common.ads."];
