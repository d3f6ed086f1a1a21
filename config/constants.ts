/**
 * Every business constant of SPEC §9 and DECISIONS.md, in one place (the browser's share defined in browser.ts).
 * Nothing else in the project writes these numbers as literals.
 */
import { UI } from "./browser.ts";

// The constants every page's scripts use live in browser.ts (so that the scripts carry them and not the
// rest); they are part of this module all the same.
export {
  BRAND,
  CURRENCY,
  DEFAULT_LOCALE,
  LANGUAGES,
  LOCALE_TAGS,
  LOCALES,
  type Locale,
  PREVIEW_WIDTHS,
  type PreviewWidth,
  UI,
} from "./browser.ts";

export const PLAN_CODES = [
  "FREE",
  "PERSONAL_MONTHLY",
  "PERSONAL_YEARLY",
  "COMMERCIAL_MONTHLY",
  "COMMERCIAL_YEARLY",
] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

/** Download credits per calendar month (UTC). `null` means unlimited. */
export const DOWNLOAD_ALLOWANCE: Record<PlanCode | "GUEST", number | null> = {
  GUEST: 3,
  FREE: 10,
  PERSONAL_MONTHLY: 200,
  PERSONAL_YEARLY: 200,
  COMMERCIAL_MONTHLY: null,
  COMMERCIAL_YEARLY: null,
};
/** Per-IP cap for guests: this many times the guest allowance per period. */
export const GUEST_IP_CAP_FACTOR = 3;

/** Prices in integer US cents. The yearly price is ten monthly payments. */
export const PRICES_CENTS = {
  PERSONAL_MONTHLY: 799,
  PERSONAL_YEARLY: 7990,
  COMMERCIAL_MONTHLY: 1499,
  COMMERCIAL_YEARLY: 14990,
} as const;
export const ANNUAL_SAVING_PERCENT = 16;

export const DOWNLOAD_FORMATS = ["PP", "GS", "KN"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const PAGE_SIZE = { templates: 24, blog: 12 } as const;
export const LIMIT_TAGS = 30;
export const SEARCH_MAX_LENGTH = 200;
/**
 * The search box's autocomplete: suggestions shown by default (at most `maxSuggestions` on request),
 * template rows under them, and the templates read to pick those rows from.
 */
export const AUTOCOMPLETE = { suggestions: 8, maxSuggestions: 20, templates: 3, templatesRead: 9 } as const;
/** "Did you mean" is tried when a search (of templates or of the blog) finds fewer than this. */
export const SEARCH_FEW_RESULTS = 3;
/** Shorter words are never corrected (nor kept in the blog's typo dictionary). */
export const SEARCH_CORRECTED_MIN_LENGTH = 3;

/** Trending: downloads and views of the last N days, downloads weigh more. */
export const TRENDING = { windowDays: 7, downloadWeight: 5, viewWeight: 1 } as const;
/**
 * Catalogue and blog reads kept per process for the catalogue version (modules/catalog/reference.ts):
 * at most `entries` of them and about `maxBytes` (approximateBytes), each kept `ttlMs` (what is
 * published follows the clock). A template page keeps four entries of a few kilobytes.
 */
export const REFERENCE_CACHE = {
  entries: 4000,
  maxBytes: 24 * 1024 * 1024,
  /** Where DATABASE_URL is set: a copy per process, and a miss is a query run beside others (as PAGE_CACHE). */
  maxBytesPostgres: 8 * 1024 * 1024,
  ttlMs: 60_000,
} as const;
/**
 * The page cache of anonymous catalogue pages (server/page-cache.ts): at most `entries` pages and
 * `maxBytes` of them (`maxBytesPostgres` where DATABASE_URL is set), each fresh `ttlMs`, then answered
 * stale for up to `staleMs` more while one render replaces it (at most `refreshes` such renders at once
 * and one every `refreshGapMs`, server/pages.ts: after a lull, the pages asked again are not all rendered
 * at once). On PostgreSQL a
 * deploy runs several processes, each with its own copy of the cache, and a miss costs less (statements run
 * in parallel, not one at a time in PGlite's WebAssembly): 16 MB a process there (docs/benchmarks.md, "Memory").
 */
export const PAGE_CACHE = {
  entries: 2000,
  maxBytes: 48 * 1024 * 1024,
  maxBytesPostgres: 16 * 1024 * 1024,
  ttlMs: 60_000,
  staleMs: 300_000,
  refreshes: 1,
  refreshGapMs: 100,
} as const;
/** Answers smaller than this are sent uncompressed (hono/compress, and a page cache hit the same way). */
/**
 * A page's scripts, words and manifest are asked for once the browser reports its first contentful paint
 * (ADR 0037); should a browser report none, this long after the page was read.
 */
export const SCRIPTS_AFTER_PAINT = { maxWaitMs: 1_500 } as const;
export const COMPRESSION = { thresholdBytes: 1024 } as const;
/**
 * The route policy of each address asked for, remembered per process (server/route-policy.ts): addresses
 * up to `maxKeyLength`, at most `entries` of them and about `maxBytes` (addresses are made up by anyone).
 */
export const ROUTE_POLICY_CACHE = { entries: 4000, maxKeyLength: 512, maxBytes: 2 * 1024 * 1024 } as const;
/** Template views counted between two writes (server/views.ts, every `flushMs`): at most `entries` and about `maxBytes`. */
export const VIEW_COUNTS = { entries: 50_000, maxBytes: 8 * 1024 * 1024, flushMs: 5_000 } as const;
/**
 * A full collection asked (without blocking) when buffers outside V8's heap hold `growthBytes` more than
 * the least of the last `windowChecks` readings, read every `everyMs` (server/memory-nudge.ts).
 */
export const MEMORY_NUDGE = { everyMs: 5_000, growthBytes: 48 * 1024 * 1024, windowChecks: 12 } as const;
/**
 * PostgreSQL's connection pool (db/client.server.ts): a connection idle for `idleMs` is closed. pg's default
 * (10 s) closed every connection in any lull longer than that, and the next requests each waited for a new
 * backend (a process forked by PostgreSQL, its caches cold): in the mixed load's open loop, after 15 s without
 * requests, 57-213 requests of its first 2 s took over 50 ms (6 runs); with 5 minutes, 28 and 54 (2 runs).
 */
export const PG_POOL = { idleMs: 5 * 60_000 } as const;
/**
 * The embedded PostgreSQL's memory (PGlite, db/client.server.ts). Its WebAssembly memory grows to the
 * most it ever held and never gives it back, so these bound the process: the buffer cache (PostgreSQL's
 * default is 128 MB; the files are read through the system's own cache anyway), the memory of a sort or
 * hash, and of a VACUUM or an index build. (Its WebAssembly memory starts at 128 MB, the least its module
 * declares; only the pages used are resident.)
 */
export const PGLITE_MEMORY = {
  sharedBuffers: "32MB",
  workMem: "4MB",
  maintenanceWorkMem: "16MB",
} as const;
/**
 * Statements the embedded PostgreSQL keeps prepared (db/pglite-statements.server.ts, ADR 0036 addendum):
 * PGlite parses and plans each statement it is sent again, which for a join of several tables costs more
 * than running it. A statement sent with parameters `after` times is prepared once and run with EXECUTE
 * from then on; at most `max` per database (each keeps its plan in the database's memory); the texts
 * counted until then are forgotten past `tracked`. Statements of full-text or trigram search are left to
 * be planned each time: a plan made for one search word may suit another badly.
 */
export const PGLITE_PREPARED = {
  after: 2,
  max: 400,
  tracked: 4000,
  planEachTime: /@@|<->|<%|%>|similarity|ts_rank|word_similarity/,
} as const;
/**
 * The query parameters a page reads (pages, their `.data` twins with React Router's `_routes`, `lang`).
 * A cached page is rendered and kept for these only: `/?cb=1` is `/`, so made-up parameters make no new
 * render and no new entry. A test checks that every parameter read under app/ is listed.
 */
export const PAGE_QUERY_PARAMS = [
  "_routes",
  "action",
  "avatar",
  "cancel",
  "cancelled",
  "change",
  "changed",
  "code",
  "color",
  "deleted",
  "download",
  "email",
  "error",
  "find",
  "format",
  "hash",
  "lang",
  "licence",
  "license",
  "locale",
  "note",
  "page",
  "part",
  "period",
  "q",
  "query",
  "ratio",
  "reason",
  "redirect",
  "return",
  "saved",
  "slides",
  "sort",
  "state",
  "style",
  "top",
  "transactionId",
  "wait",
] as const;
/** Limits of a template folder's manifest (npm run templates:import; README "Importing templates"). */
export const TEMPLATE_IMPORT = {
  keyMax: 80,
  titleMax: 90,
  descriptionMax: 1000,
  maxVariants: 12,
  maxListItems: 20,
  maxYamlBytes: 64 * 1024,
  /** One slide image of a folder's previews/. */
  maxPreviewBytes: 10 * 1024 * 1024,
} as const;
export const TOP_SEARCHES_WINDOW_DAYS = 30;
/**
 * A query reaches the top searches (and the search box's suggestions) only once this many different
 * clients (address keys) searched it in the window and it found templates: one client cannot write there.
 */
export const TOP_SEARCHES_MIN_CLIENTS = 5;

export const AUTH = {
  minPasswordLength: 6,
  maxPasswordLength: 128,
  minimumAge: 18,
  accessTokenSeconds: 15 * 60,
  refreshTokenSeconds: 2_592_000,
  tokenCookieName: "apollo-token",
  tokenCookieDays: 7,
  languageCookieDays: 365,
  sessionPollMs: UI.sessionPollMs,
  verificationLinkHours: 24,
  resetLinkHours: 1,
  /** A refresh token used again this soon after its rotation (two tabs at once) still works. */
  rotationGraceSeconds: 30,
  /** However often it is refreshed, a session ends this long after its log-in. */
  absoluteSessionDays: 90,
  /** Wrong passwords per account and client before each further try waits 2, 4, 8… seconds (at most 15 minutes). */
  freeLoginFailures: 5,
  maxLoginBackoffSeconds: 900,
  /**
   * Wrong current passwords (password or e-mail change, deletion) one session may give within the window
   * before it is signed out (each also counts toward the log-in back-off of its account and client).
   */
  currentPasswordFailures: 5,
  currentPasswordWindowMinutes: 15,
  /** How long a nonce from GET /auth/googleNonce may be used for one ID-token log-in. */
  googleNonceSeconds: 600,
} as const;

/**
 * Mail a person asks for and waits on (verification, resend, reset, e-mail change link) is sent within
 * the request, for at most `sendTimeoutMs`: a refusal is said on the page ('Unable to send email'); a
 * mail server still busy after that is left to finish, and the page says the mail may arrive late.
 */
export const MAIL = { sendTimeoutMs: 8_000 } as const;

/**
 * Webmail of well-known providers, by the domain of an address: the "Open mail" button after a link was
 * sent (sign-up, forgot password). Other domains get no button.
 */
export const WEBMAIL: Readonly<Record<string, string>> = {
  "gmail.com": "https://mail.google.com/",
  "googlemail.com": "https://mail.google.com/",
  "outlook.com": "https://outlook.live.com/mail/",
  "hotmail.com": "https://outlook.live.com/mail/",
  "live.com": "https://outlook.live.com/mail/",
  "msn.com": "https://outlook.live.com/mail/",
  "yahoo.com": "https://mail.yahoo.com/",
  "ymail.com": "https://mail.yahoo.com/",
  "icloud.com": "https://www.icloud.com/mail",
  "me.com": "https://www.icloud.com/mail",
  "mac.com": "https://www.icloud.com/mail",
  "proton.me": "https://mail.proton.me/",
  "protonmail.com": "https://mail.proton.me/",
  "pm.me": "https://mail.proton.me/",
};

/** Lengths for text that reaches the server through URLs and forms. */
export const LIMITS = {
  slug: 120,
  queryParam: 200,
  filterValuesPerParam: 12,
  maxPage: 100_000,
} as const;

/**
 * Licences (DECISIONS: Accounts): a code of 20 Crockford base-32 characters (100 random bits) shown in
 * groups of 4; a member's project label up to 120 characters; the profile's list a page at a time.
 */
export const LICENCES = { codeLength: 20, groupSize: 4, projectMax: 120, pageSize: 24 } as const;

/** The billing details' free-text fields (payment and billing pages): the longest address and city. */
export const BILLING_FIELDS = { addressMax: 200, cityMax: 100 } as const;

/** Account fields (DECISIONS: Accounts). */
export const ACCOUNT_LIMITS = {
  nameMin: 1,
  nameMax: 80,
  usernameMin: 3,
  usernameMax: 30,
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 128,
  folderNameMax: 50,
} as const;

/** Profile pictures (DECISIONS: Accounts): the largest upload, the square we make, its WebP quality. */
export const AVATAR = { maxBytes: 5 * 1024 * 1024, size: 256, quality: 82, maxInputPixels: 50_000_000 } as const;

/**
 * What the deck reader (modules/slides/deck.ts) accepts. A file over `maxBytes` is refused; past the
 * others it is a zip bomb: the declared sizes are checked first, and inflating stops as soon as the
 * real output passes them. `maxRatio` applies to entries that inflate past `ratioMinBytes` (small
 * XML parts compress far better than 200:1 and are harmless). `maxXmlPartBytes` bounds one XML part
 * the reader parses.
 */
export const DECK_LIMITS = {
  maxBytes: 100 * 1024 * 1024,
  maxUncompressedBytes: 1024 * 1024 * 1024,
  maxEntries: 10_000,
  maxRatio: 200,
  ratioMinBytes: 1024 * 1024,
  maxXmlPartBytes: 64 * 1024 * 1024,
} as const;

/**
 * Decks and Keynote files operators send in the browser (modules/templates/uploads.ts): each is kept
 * this long waiting to become part of a template, and an operator has at most this many (and bytes)
 * waiting at once.
 */
export const TEMPLATE_UPLOADS = {
  keepHours: 24,
  maxPending: 40,
  maxPendingBytes: 2 * 1024 * 1024 * 1024,
  nameMax: 200,
  /** The body limit of the upload route: a deck's largest size and a little for the request. */
  bodyBytes: 100 * 1024 * 1024 + 64 * 1024,
  /** How often a streaming upload asks for its written chunks to be freed (modules/shared/memory.ts). */
  releaseEveryBytes: 8 * 1024 * 1024,
} as const;

/** Collections of favourites: how many one account may keep. */
export const FOLDERS = { maxPerAccount: 100 } as const;

/** Demo accounts (demo mode only, never with DATABASE_URL). */
export const DEMO_PASSWORD = "Demo-pass-2026!";
export const DEMO_ACCOUNTS = [
  {
    email: "free@demo.slidenest.test",
    username: "demo-free",
    name: "Free Demo",
    plan: "FREE",
    blocked: false,
    interests: ["education", "infographics"],
  },
  {
    email: "personal@demo.slidenest.test",
    username: "demo-personal",
    name: "Personal Demo",
    plan: "PERSONAL_MONTHLY",
    blocked: false,
    interests: ["marketing", "business"],
  },
  {
    email: "commercial@demo.slidenest.test",
    username: "demo-commercial",
    name: "Commercial Demo",
    plan: "COMMERCIAL_YEARLY",
    blocked: false,
    interests: ["business", "multi-purpose"],
  },
  {
    email: "blocked@demo.slidenest.test",
    username: "demo-blocked",
    name: "Blocked Demo",
    plan: "FREE",
    blocked: true,
    interests: ["marketing"],
  },
] as const;

/**
 * The blog (DECISIONS.md: 12 articles a page, search 1-200 characters). Reading time at 200 words a
 * minute; covers are made in two widths; the home page teases the latest three articles.
 */
export const BLOG = {
  pageSize: PAGE_SIZE.blog,
  searchMax: 200,
  wordsPerMinute: 200,
  related: 3,
  homeTeaser: 3,
  feedItems: 20,
  /**
   * The widths each cover is stored at. 800 is for phones: a card (92vw) or an article's cover (100vw) on a
   * 360-412 px screen at a density near 2 needs 660-760 pixels, and with only 640 and 1280 took the 1280
   * (an operator's photo: 111 kB against 70 kB at 800; the drawn demo covers 9-12 kB against 6-8 kB).
   * A width added here is drawn for every stored cover at the next import (ensureCover finds it missing).
   */
  coverWidths: [640, 800, 1280] as const,
  coverHeightRatio: 9 / 16,
  /** Largest Markdown file the import reads (a long article is about 30 kB). */
  maxSourceBytes: 512 * 1024,
  /** Largest image (cover or in the body) the import reads, and the widest it keeps. */
  maxImageBytes: 10 * 1024 * 1024,
  maxImageWidth: 1600,
  maxTemplatesPerPost: 8,
} as const;

/**
 * The contact form (DECISIONS.md: message 1-5000). Names are letters of any language, with spaces,
 * hyphens and apostrophes between them. The same message sent again within a day is the same message.
 */
export const CONTACT = {
  nameMax: 80,
  messageMax: 5000,
  duplicateWindowHours: 24,
} as const;

/** GraphQL guard rails. */
export const GRAPHQL = { maxDepth: 8, maxComplexity: 500, maxListLimit: 100, maxRootFields: 10 } as const;

/** Terms (SPEC §9): liability is capped at the purchase price, or this much when nothing was purchased. */
export const LIABILITY_CAP_CENTS = 10_000;

/**
 * Legal texts changed after BRAND.legalUpdated, with the day of their change (DECISIONS: a changed text
 * changes its "last updated" date, in both languages); the others keep BRAND.legalUpdated.
 */
export const LEGAL_PAGE_UPDATED: Readonly<Record<string, string>> = {
  // Unverified sign-ups deleted after 30 days, the payment provider's customer deleted with the account,
  // signed-in devices listed in the settings, no e-mail addresses in server logs (issue 19).
  "privacy-policy": "2026-11-25",
};

/** Retention periods the Privacy Policy promises; whatever deletes that data follows them. */
export const RETENTION = {
  guestDownloadsMonths: 3,
  serverLogDays: 30,
  supportMessageYears: 2,
  /** A sign-up whose address was never verified is deleted this many days after it was made. */
  unverifiedAccountDays: 30,
  /** The operator audit log (DECISIONS: Operations): two years. */
  auditLogDays: 730,
} as const;

/** The TOTP second factor (RFC 6238; ADR 0020). */
export const SECOND_FACTOR = {
  /** What authenticator apps show beside the code. */
  issuer: "SlideNest",
  /** Codes of the step before and after the current one are accepted too (clock drift). */
  windowSteps: 1,
  /** Single-use recovery codes made at enrolment (shown once). */
  recoveryCodes: 10,
  /** How long the password step's "second step" cookie lasts. */
  stepSeconds: 300,
  /** An enrolment not confirmed with a first code within this time starts over. */
  enrolmentMinutes: 30,
  // Wrong codes back off per account like wrong passwords (AUTH.freeLoginFailures, AUTH.maxLoginBackoffSeconds).
} as const;

/** The operator area (/operator). */
export const OPERATOR = {
  /** Audit log entries per page at /operator/audit. */
  auditPageSize: 50,
  /** Templates per page at /operator/templates. */
  templatesPageSize: 50,
} as const;

/** The operator's desk, members (/operator/members, issue 23). */
export const DESK_MEMBERS = {
  /** Accounts per page of the search. */
  pageSize: 25,
  /** Longest search text looked at (the rest is cut). */
  queryMax: 200,
  /** Longest reason an operator writes for a block, an unblock, a second-factor reset or a deletion. */
  reasonMax: 500,
  /** Invoices and payments per page on an account's page (its download history pages as the member's own does). */
  listPageSize: 10,
  /** An account's "last seen" is written at a log-in or token refresh only when older than this (one write per few minutes). */
  lastSeenEveryMinutes: 5,
} as const;

/**
 * A server's stop (SIGTERM, SIGINT; server/drain.ts): connections it holds are still read for `graceMs`
 * (a request already sent on one is answered, and the connection closed after it); idle ones are closed
 * after that and again every `idleSweepMs`; the requests in flight get `drainMs` in all; past `forceMs`
 * the process exits whatever remains.
 */
export const SHUTDOWN = { graceMs: 1_000, idleSweepMs: 250, drainMs: 10_000, forceMs: 20_000 } as const;

/**
 * How long the HTTP server keeps an idle kept-alive connection: longer than a proxy in front keeps its idle
 * connections to us (nginx's upstream `keepalive_timeout` and AWS's load balancers: 60 s), so the proxy is
 * the one that closes them. With Node's 5 s the server could close a connection just as the proxy sent a
 * request on it, and the proxy answers 502 to a POST it may not send again. `headersMs` above it: Node
 * times a kept-alive connection's next request headers against it.
 */
export const HTTP_CONNECTIONS = { keepAliveMs: 65_000, headersMs: 66_000 } as const;

/** Seconds a client is asked to wait (Retry-After of a 503) while the database is briefly away. */
export const DATABASE_AWAY_RETRY_AFTER_SECONDS = 5;

/** Largest request bodies in bytes: forms, JSON and GraphQL; provider webhooks. */
export const BODY_LIMITS = { default: 128 * 1024, webhook: 512 * 1024, avatar: 5 * 1024 * 1024 + 64 * 1024 } as const;

/** Requests per client address: [burst, per minute]. RATE_LIMIT_SCALE multiplies them (benchmarks). */
export const RATE_LIMITS = {
  grants: [10, 20],
  files: [20, 60],
  search: [20, 60],
  auth: [10, 30],
  /**
   * Wrong passwords per account, whatever the address (guessing from many addresses). Only real guesses
   * spend it (a password checked against an existing account); once spent, clients that failed at the
   * account wait, and a client that has not failed there is still let in with the right password.
   */
  authPerLogin: [10, 10],
  favorites: [30, 120],
  /** Payment, plan-change and card attempts. */
  payments: [5, 20],
  /** GraphQL, in cost units: each root field's complexity on the schema (server/graphql/types/*); a search costs 5, most fields 1. */
  graphql: [300, 1200],
  /** Profile pictures uploaded (each is decoded and re-encoded). */
  uploads: [5, 20],
  /** Anonymous pages rendered because the page cache did not have them (hits are free). */
  pageRenders: [60, 120],
  /** Previews rendered because they were not cached yet (a page of 24 cards asks for a few dozen). */
  previewRenders: [120, 600],
  /** Proof-of-work challenges handed out (the sign-up page asks for one per attempt). */
  captcha: [30, 60],
  /** Contact messages per e-mail address and, separately, per client address: 3 at once, then one every 10 minutes. */
  contact: [3, 0.1],
  /** Licence look-ups by code (the public verification page and GraphQL's `licence`): codes cannot be tried by the thousand. */
  licenceChecks: [20, 30],
} as const satisfies Record<string, readonly [number, number]>;
export type RateLimits = { [K in keyof typeof RATE_LIMITS]: [number, number] };

/** Paid plans (DECISIONS: Money and plans): tier and billing interval of each plan code. */
export const PAID_PLANS = {
  PERSONAL_MONTHLY: { tier: "personal", interval: "month" },
  PERSONAL_YEARLY: { tier: "personal", interval: "year" },
  COMMERCIAL_MONTHLY: { tier: "commercial", interval: "month" },
  COMMERCIAL_YEARLY: { tier: "commercial", interval: "year" },
} as const satisfies Record<Exclude<PlanCode, "FREE">, { tier: string; interval: string }>;
export type PaidPlanCode = keyof typeof PAID_PLANS;
export type PlanTier = "personal" | "commercial";
export type BillingInterval = "month" | "year";
/** Tiers in rising order: moving right is an upgrade (at once), left a downgrade (at renewal). */
export const PLAN_TIERS = ["free", "personal", "commercial"] as const;

export const BILLING = {
  /** A renewal charge that fails is tried again this many days after the period ended; after the last, FREE. */
  retryDays: [1, 3, 7],
  invoicePrefix: "SN",
  /** Digits of the per-year invoice sequence: SN-2026-000001. */
  invoiceDigits: 6,
  cancelReasons: ["tooExpensive", "notEnoughFeatures", "other"],
  /** Characters of the optional words a member adds to "Something else" when cancelling (kept with the reason). */
  cancelNoteMax: 500,
  /** Invoices listed on the billing page (the newest), with a link to all of them. */
  recentInvoices: 3,
  /**
   * Receipts (an invoice's PDF by mail): the job queue sends each at once and retries; the maintenance
   * job sends those still owed after `receiptGraceMinutes` (a lost job, a crash after the charge) for up
   * to `receiptMailDays` after the payment, at most `receiptSweepBatch` a run.
   */
  receiptGraceMinutes: 10,
  receiptMailDays: 7,
  receiptSweepBatch: 50,
  /** Seller printed on invoices. */
  seller: {
    name: "SlideNest",
    address: ["SlideNest Ltd.", "100 Market Street", "San Francisco, CA 94105", "United States"],
    email: "support@slidenest.example",
  },
} as const;
export type CancelReason = (typeof BILLING.cancelReasons)[number];

/** Sandbox payment cards (demo mode, DECISIONS: Operations): anything else is declined. */
export const SANDBOX_CARDS = { success: "4242424242424242", declined: "4000000000000002" } as const;

/**
 * The CAPTCHA of forms such as sign-up (ADR 0013). The embedded ALTCHA proof of work: PBKDF2-SHA-256
 * with `cost` iterations per try, and the answer a random counter in [counterMin, counterMax], so a
 * browser makes about (counterMin + counterMax) / 2 × cost iterations (~1 million: about a second
 * on a phone, spread over its cores). A challenge lasts `challengeSeconds`; a solved one is accepted
 * once. reCAPTCHA's verification call gives up after `verifyTimeoutMs`.
 */
export const CAPTCHA = {
  field: "captcha",
  algorithm: "PBKDF2/SHA-256",
  cost: 1_000,
  counterMin: 500,
  counterMax: 1_500,
  challengeSeconds: 600,
  verifyTimeoutMs: 5_000,
} as const;

/**
 * The image worker (modules/shared/images.ts): one child process per process decodes and encodes every
 * image, so a native fault in libvips ends it and not the server. At most `concurrency` jobs run in it
 * at once (libvips spreads each over the cores), `maxQueued` more wait; a job running past `timeoutMs`
 * (counted once its worker is ready) has its worker killed, as has a worker not ready after `startMs`; a
 * job whose worker died is sent `retries` more times to a new one. A worker
 * without a job for `idleMs` is let go (its memory with it); the next job starts another (about 0.1 s).
 */
export const IMAGE_WORKER = {
  concurrency: 4,
  maxQueued: 256,
  timeoutMs: 60_000,
  startMs: 60_000,
  retries: 1,
  idleMs: 60_000,
} as const;

/**
 * Previews drawn from real decks (modules/slides/previews.ts, ADR 0019): LibreOffice to PDF, then each
 * page to WebP at the PREVIEW_WIDTHS, with the same WebP settings as the generated previews. A
 * conversion is killed after `timeoutMs`; `concurrency` conversions run at once per process
 * (PREVIEW_CONCURRENCY raises it). Operator-supplied slide images are PNG, JPEG or WebP, at most
 * `imageMaxBytes` each.
 */
export const DECK_PREVIEWS = {
  timeoutMs: 120_000,
  concurrency: 1,
  webp: { quality: 78, effort: 3 },
  imageFormats: ["png", "jpeg", "webp"],
  imageMaxBytes: 20 * 1024 * 1024,
  /**
   * A slide image that is already a plain WebP (no animation, alpha or metadata) exactly a preview's
   * width, and at most this many bytes, is that preview as given: no second lossy encoding (and a third
   * of the drawing's CPU for the project's own templates, whose slides are such WebPs at 1280).
   */
  keepWebpMaxBytes: 300 * 1024,
  /** How to get LibreOffice where it is missing (the import command and the operator pages say it). */
  installHint: "install LibreOffice (Debian/Ubuntu: apt-get install libreoffice-impress-nogui poppler-utils)",
} as const;

/**
 * fontconfig's answer for a font family (`fc-match`, one child process a family) is kept `keepMs` per
 * process, at most `entries` families: a deck names the fonts the last one did, and an upload asked
 * one process per family each time. A font installed on the machine is seen within `keepMs`. Only names
 * of at most `familyMaxChars` characters are kept (a deck may name any string), and an answer is the name
 * of a font on the machine: the whole is bounded at about 500 x (the configuration file's path + 200 +
 * an installed family's name), under 300 kB.
 */
export const FONT_MATCHES = { keepMs: 60_000, entries: 500, familyMaxChars: 200 } as const;

/**
 * The operators' search desk (issue 23, ADR 0030). A vocabulary term (normalised) has at most
 * `termMaxLength` characters and `termMaxWords` words; an entry at most `termsPerEntry` terms; the
 * vocabulary at most `maxEntries` entries. Zero-result queries are those of the last
 * `zeroResultsWindowDays` days, `zeroResultsPageSize` a page; a known word is suggested for an unknown
 * one from `suggestMinSimilarity` trigram similarity (the search's own correction takes 0.3) or when
 * the typed word starts it; after an addition the desk shows the first `resultsShown` templates found.
 */
export const SEARCH_DESK = {
  termMaxLength: 60,
  termMaxWords: 5,
  termsPerEntry: 30,
  maxEntries: 2000,
  zeroResultsWindowDays: 30,
  zeroResultsPageSize: 20,
  suggestMinSimilarity: 0.2,
  resultsShown: 8,
} as const;

/**
 * The operator's figures (/operator/figures, issue 23; modules/figures): daily aggregates of the live
 * tables kept by a job on the queue, so the page reads a few thousand rows whatever the size of the data.
 */
export const FIGURES = {
  /** The periods the page offers: the last 7, 30 or 90 days (one bar a day) or 12 months (one a month). */
  periods: ["7d", "30d", "90d", "12m"],
  defaultPeriod: "30d",
  /** The job computes today again every this many minutes (a cron step: a divisor of 60). */
  refreshMinutes: 10,
  /** Days before today the job fills in when they were never computed after they ended. */
  backfillDays: 400,
  /** At most this many such days a run (newest first), so a run never holds the database long. */
  backfillPerRun: 62,
  /**
   * After each day it computed, the job waits `restFactor` times as long as the day took (at most
   * `restMaxMs`) before the next: on PGlite a statement runs on the thread that answers requests, and a
   * fresh start's backfill (62 days, about 0.5-0.8 s of statements back to back) held every request up for
   * as long (docs/benchmarks.md, "Session 27").
   */
  restFactor: 4,
  restMaxMs: 1_000,
  /**
   * Days before today every run computes again all the same: records that arrive late for a day that
   * ended (a renewal is stamped with its period's end, and the renewal job may run after midnight).
   */
  settleDays: 2,
  /**
   * How many days back a day is still computed again from the live tables, per family of figures;
   * older days keep the figures computed while the tables still held the whole day (a day never
   * computed gets what is left). Sign-ups and searches: unverified sign-ups and the search log go after
   * 30 days (RETENTION); downloads: guests' records go after 3 months; members, plans and revenue are
   * read as they stand when the day ends, and so are favourites (they can be removed later).
   */
  recomputeDays: { signups: 28, stocks: 1, billing: 400, downloads: 85, engagement: 1, search: 28 },
  /** Rows of the top templates and top queries. */
  topTemplates: 10,
  topQueries: 10,
  /** The most frequent queries kept per day (of those that found something, and of those that found nothing). */
  queriesPerDay: 200,
} as const;
export type FiguresPeriod = (typeof FIGURES.periods)[number];

/**
 * The operator's desk, messages (issue 23): the contact form's messages in an inbox, answered from the
 * desk through the mail port in the sender's language.
 */
export const DESK_MESSAGES = {
  /** Messages per page of /operator/messages. */
  pageSize: 25,
  /** A reply's longest text, in characters as a person counts them. */
  replyMax: 10_000,
  /** How much of a message the inbox shows, in characters. */
  snippetChars: 160,
  /** The same words sent again to the same message within this many minutes are a double submit: sent once. */
  duplicateMinutes: 10,
  /** A send that started this long ago and never ended (its process died) may be tried again. */
  abandonedMinutes: 10,
  /** The longest text of a failed send's error kept for the operator. */
  errorMax: 500,
} as const;
