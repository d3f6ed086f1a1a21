import { createHash } from "node:crypto";
import type { Locale } from "#config/constants.ts";
import { createT, flatten, isLocale, type MessageRef, type Messages, registerMessages } from "./i18n.ts";
import enAccount from "./locales/en/account.json" with { type: "json" };
import enAuth from "./locales/en/auth.json" with { type: "json" };
import enBilling from "./locales/en/billing.json" with { type: "json" };
import enBlog from "./locales/en/blog.json" with { type: "json" };
import enCatalog from "./locales/en/catalog.json" with { type: "json" };
import enCommon from "./locales/en/common.json" with { type: "json" };
import enContact from "./locales/en/contact.json" with { type: "json" };
import enDeskFigures from "./locales/en/deskFigures.json" with { type: "json" };
import enDeskMembers from "./locales/en/deskMembers.json" with { type: "json" };
import enDeskMessages from "./locales/en/deskMessages.json" with { type: "json" };
import enDeskSearch from "./locales/en/deskSearch.json" with { type: "json" };
import enDownloads from "./locales/en/downloads.json" with { type: "json" };
import enLicences from "./locales/en/licences.json" with { type: "json" };
import enMail from "./locales/en/mail.json" with { type: "json" };
import enSearch from "./locales/en/search.json" with { type: "json" };
import enSlides from "./locales/en/slides.json" with { type: "json" };
import enTemplate from "./locales/en/template.json" with { type: "json" };
import esAccount from "./locales/es/account.json" with { type: "json" };
import esAuth from "./locales/es/auth.json" with { type: "json" };
import esBilling from "./locales/es/billing.json" with { type: "json" };
import esBlog from "./locales/es/blog.json" with { type: "json" };
import esCatalog from "./locales/es/catalog.json" with { type: "json" };
import esCommon from "./locales/es/common.json" with { type: "json" };
import esContact from "./locales/es/contact.json" with { type: "json" };
import esDeskFigures from "./locales/es/deskFigures.json" with { type: "json" };
import esDeskMembers from "./locales/es/deskMembers.json" with { type: "json" };
import esDeskMessages from "./locales/es/deskMessages.json" with { type: "json" };
import esDeskSearch from "./locales/es/deskSearch.json" with { type: "json" };
import esDownloads from "./locales/es/downloads.json" with { type: "json" };
import esLicences from "./locales/es/licences.json" with { type: "json" };
import esMail from "./locales/es/mail.json" with { type: "json" };
import esSearch from "./locales/es/search.json" with { type: "json" };
import esSlides from "./locales/es/slides.json" with { type: "json" };
import esTemplate from "./locales/es/template.json" with { type: "json" };

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
    slides: flatten(enSlides, "slides"),
    licences: flatten(enLicences, "licences"),
    deskFigures: flatten(enDeskFigures, "deskFigures"),
    deskMembers: flatten(enDeskMembers, "deskMembers"),
    deskMessages: flatten(enDeskMessages, "deskMessages"),
    deskSearch: flatten(enDeskSearch, "deskSearch"),
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
    slides: flatten(esSlides, "slides"),
    licences: flatten(esLicences, "licences"),
    deskFigures: flatten(esDeskFigures, "deskFigures"),
    deskMembers: flatten(esDeskMembers, "deskMembers"),
    deskMessages: flatten(esDeskMessages, "deskMessages"),
    deskSearch: flatten(esDeskSearch, "deskSearch"),
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
  | "contact"
  | "slides"
  | "licences"
  | "deskFigures"
  | "deskMembers"
  | "deskMessages"
  | "deskSearch";

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
      "slides",
      "licences",
      "deskMembers",
      "deskMessages",
      "deskFigures",
      "deskSearch",
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
const SEARCH_BOX = [
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
 * and the error pages'. The account menu's go to members only.
 */
const ROOT = [
  "common.brand",
  "common.tagline",
  "common.skipToContent",
  "common.nav.",
  "common.language.",
  "common.footer.",
  "common.status.",
  "common.toast.",
  "common.errors.",
  "common.info.",
  "catalog.card.",
  ...SEARCH_BOX,
  "downloads.dialogs.close",
  "auth.guest.",
  "auth.dialog.",
  "account.favorites.add",
  "account.favorites.remove",
  "account.favorites.failed",
];
// The language picker's failure to save the member's choice is shown on every page a member sees.
const MEMBER = [...ROOT, "auth.menu.", "auth.logout", "account.profile.plans.", "account.settings.languageFailed"];
const LIST = ["catalog.list.", "catalog.filters."];
const CAPTCHA = ["common.captcha."];
const TEMPLATE = [
  "template",
  "downloads",
  "catalog.list.breadcrumb",
  "common.ads.",
  // The licence a download was granted under (its kind, its certificate's and check's links, its project).
  "licences.kinds.",
  "account.licences.",
];

/**
 * Which words each kind of page is sent, in one place: the root's set with every page, a layout's or a
 * page's own set beside it. Each set is a file of its own the browser keeps (see MessageRef), so every
 * process knows every set from the start.
 */
/** The member's own pages: the account's words and what their lists show. */
const PROFILE = [
  "auth",
  "account",
  "template.download.",
  "downloads.errors.",
  "catalog.list.",
  "licences.kinds.",
  "licences.errors.",
];

export const MESSAGE_SETS = {
  root: ROOT,
  member: MEMBER,
  /** A member the interests dialog opens for (SPEC §4). */
  memberInterests: [...MEMBER, "account.interests."],
  home: ["catalog.home.", "blog.home.", "blog.article.readingTime"],
  list: LIST,
  search: [...LIST, "search"],
  template: TEMPLATE,
  /** A member's template page adds "Save to collection". */
  templateMember: [...TEMPLATE, "account.folders."],
  auth: ["auth", "account.settings.deleted", ...CAPTCHA],
  contact: ["contact", "auth.errors.", ...CAPTCHA],
  profile: PROFILE,
  billing: ["billing", "auth.errors."],
  blog: ["blog", "catalog.list."],
  outbox: ["account.outbox.", "mail.outbox."],
  /** The licence verification page (its form, the licence and what it covers). */
  licence: ["licences"],
  /** The operator's desk: the profile's words and each desk page's (issue 23). */
  operator: [...PROFILE, "deskMembers", "deskMessages", "deskFigures", "deskSearch"],
} satisfies Record<string, string[]>;

export type MessageSetName = keyof typeof MESSAGE_SETS;

type BuiltSet = { ref: MessageRef; json: string };
const built = new Map<string, BuiltSet>();

function buildSet(locale: Locale, name: MessageSetName): BuiltSet {
  const id = `${locale}/${name}`;
  let set = built.get(id);
  if (!set) {
    const messages = messagesOf(locale, MESSAGE_SETS[name]);
    const json = JSON.stringify(messages);
    const hash = createHash("sha256").update(json).digest("hex").slice(0, 10);
    const ref = { href: `/i18n/${locale}/${name}.${hash}.json` };
    registerMessages(ref.href, messages);
    set = { ref, json };
    built.set(id, set);
  }
  return set;
}

/** A loader's reference to a set of words (the page renders with them on the server at once). */
export function messageSet(locale: Locale, name: MessageSetName): MessageRef {
  return buildSet(locale, name).ref;
}

/**
 * The file behind a reference: `{ json, current }`, or null for an unknown set. `current` is false when the
 * name's hash is not this build's (a page from before a deploy): the words are today's, not to be kept.
 */
export function messageSetFile(locale: string, file: string): { json: string; current: boolean } | null {
  const m = /^([A-Za-z]+)\.([0-9a-f]{10})\.json$/.exec(file);
  if (!m || !isLocale(locale) || !Object.hasOwn(MESSAGE_SETS, m[1])) return null;
  const set = buildSet(locale, m[1] as MessageSetName);
  return { json: set.json, current: set.ref.href.endsWith(`.${m[2]}.json`) };
}
