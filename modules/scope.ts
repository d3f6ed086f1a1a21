/**
 * The one request scope (issue 21, ARCHITECTURE "One request scope"): what every service takes first.
 * The server builds one per request (server/scope.ts): the database (or the transaction), the clock, the
 * language decided once, the viewer, the ports, the logger. Services name what they use as a narrow
 * `Pick<Scope, …>` (ServiceContext below is the common one), so a script or a test hands only that.
 */
import type { Locale } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import type { Viewer } from "#modules/accounts/view.ts";
import type { CaptchaCheck } from "#modules/auth/captcha.ts";
import type { PaymentProvider } from "#modules/billing/provider.ts";
import type { Storage } from "#modules/files/storage.ts";
import type { Mailer } from "#modules/mail/mailer.ts";
import type { Clock, Logger, ReadThroughCache } from "#modules/shared/context.ts";

export type { Viewer };

/** Messages of one language: a translation key (and its parameters) to the text. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Work handed to the job queue. */
export type Jobs = {
  scheduleSubscription?(subscriptionId: number, at: Date): Promise<void>;
  /** Asks the provider again, with back-off, to delete a deleted account's customer record. */
  scheduleCustomerDeletion?(customerId: string): Promise<void>;
  /** Asks for a template version's previews to be drawn; without it, the queue's sweep finds them. */
  enqueueRender?(versionId: number): Promise<void>;
  /** Sends a paid invoice's receipt, retried with back-off; without it, it goes out after the answer. */
  scheduleReceipt?(invoiceId: number): Promise<void>;
};

export type Scope = {
  db: Executor;
  clock: Clock;
  /** The request's language, decided once (server/context.ts requestLocale). */
  locale: Locale;
  log: Logger;
  /** Who is asking; null for a guest, a script or a job. */
  viewer: Viewer;
  /** The process's cache of catalogue reference data (modules/catalog/reference.ts); absent in scripts. */
  reference?: ReadThroughCache;
  /** SIGNING_SECRET (or the data folder's): signed links, sessions, second-factor secrets. */
  secret: string;
  /** The site's public address, for links in mail. */
  origin: string;
  /** The messages of a language (mail goes out in its recipient's). */
  translate: (locale: Locale) => Translate;
  mailer: Mailer;
  storage: Storage;
  /** The payment provider; null where none is configured (no sandbox outside demo mode, no Stripe key). */
  payments: PaymentProvider | null;
  /** Checks a public form's CAPTCHA answer (single use; refusals are translation keys). */
  captcha: (answer: unknown) => Promise<CaptchaCheck>;
  /** Files being made per key in this process, so one file is never made twice at once. */
  inflight: Map<string, Promise<unknown>>;
  jobs?: Jobs;
  /**
   * Runs mail that must not make the answer slower (notices, the contact confirmation): the server
   * runs it after answering; without it (tests, scripts) it runs before.
   */
  runLater?: (task: () => Promise<void>) => void;
  /** How long mail a person waits on may take within the request (MAIL.sendTimeoutMs unless a test shortens it). */
  mailTimeoutMs?: number;
};

/** What most services take: the database, the language, the clock, the logger (and the reference cache). */
export type ServiceContext = Pick<Scope, "db" | "locale" | "clock" | "log" | "reference">;
