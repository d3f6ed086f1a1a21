/**
 * The jobs every process runs, a web process (server/main.ts) or a worker (`npm run worker`,
 * scripts/worker.ts): one list, so a handler added here runs in both.
 */
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { FIGURES } from "#config/constants.ts";
import type { Env } from "#config/env.server.ts";
import type { Database } from "#db/client.server.ts";
import { purgeExpiredSessions } from "#modules/auth/sessions.ts";
import { type BillingMailContext, sendOwedReceipts, sendReceipt } from "#modules/billing/mails.ts";
import { type PaymentProvider, sandboxProvider } from "#modules/billing/provider.ts";
import {
  advanceDueSubscriptions,
  advanceSubscription,
  type BillingContext,
  retryProviderCustomerDeletion,
} from "#modules/billing/service.ts";
import { stripeProvider } from "#modules/billing/stripe.ts";
import * as catalog from "#modules/catalog/service.ts";
import { runFiguresJob } from "#modules/figures/service.ts";
import { s3Storage } from "#modules/files/s3-storage.ts";
import { diskStorage, type Storage } from "#modules/files/storage.ts";
import { createMailer, type Mailer } from "#modules/mail/mailer.ts";
import * as search from "#modules/search/service.ts";
import { type Clock, type Logger, systemClock } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { purgeExpiredRecords } from "#modules/shared/retention.ts";
import { queuedVersions, renderTemplateVersion } from "#modules/templates/render.ts";
import { purgeStaleUploads } from "#modules/templates/uploads.ts";
import { type JobHandlers, type JobQueue, startJobQueue } from "./queue.ts";

/** The payment provider of jobs, chosen as the web server chooses it: Stripe, else the sandbox in demo mode, else none. */
export function jobPayments(env: Env): PaymentProvider | null {
  return env.stripe ? stripeProvider(env.stripe) : env.demoMode ? sandboxProvider() : null;
}

/** Trending scores, per-tag counts, stale search documents, search stats and expired sessions. */
export async function refreshCatalogueStats(ctx: { database: Database; clock: Clock; log: Logger }): Promise<void> {
  const { db } = ctx.database;
  const clock = ctx.clock;
  try {
    await catalog.refreshTrending({ db, clock });
    await catalog.refreshCatalogStats({ db, clock });
    await search.refreshStaleSearchDocuments(db, { now: clock.now() });
    await search.refreshSearchStats(db);
    await purgeExpiredSessions({ db, clock });
  } catch (error) {
    ctx.log.error("catalogue stats not refreshed", { error });
  }
}

/** The file storage of jobs, chosen as the web server chooses it: the S3 bucket, else DATA_DIR/files. */
export function jobStorage(env: Env): Storage {
  return env.s3 ? s3Storage(env.s3) : diskStorage(path.join(env.dataDir, "files"));
}

/** The figures job's rest after a day that took `tookMs` (FIGURES.restFactor). */
export const restAfter = (tookMs: number): Promise<void> =>
  sleep(Math.min(FIGURES.restMaxMs, tookMs * FIGURES.restFactor));

/** The handlers of every job, given what they run with. */
export function createJobHandlers(deps: {
  database: Database;
  log: Logger;
  clock: Clock;
  /** The billing context of jobs (English: the messages they log are the operators'). */
  billing: () => BillingContext;
  /** Where template decks and previews are kept. */
  storage?: Storage;
  /** The queue, once started (the maintenance job hands it template versions still waiting). */
  queue?: () => JobQueue | undefined;
  /** How mail goes out (receipts), and the site's address for its links. */
  mail?: { mailer: Mailer; origin: string };
}): JobHandlers {
  const { database, log, clock, billing, storage } = deps;
  const queued = () => queuedVersions(database.db, clock.now());
  const mail: BillingMailContext | null = deps.mail
    ? { db: database.db, clock, log, mailer: deps.mail.mailer, origin: deps.mail.origin, translate: serverT }
    : null;
  return {
    ...(mail
      ? {
          sendReceipt: async (invoiceId: number) => {
            try {
              await sendReceipt(mail, invoiceId);
            } catch (error) {
              // Rejected, so the queue tries again later; the payment itself is long committed.
              log.error("receipt not sent, will retry", { invoiceId, error });
              throw error;
            }
          },
        }
      : {}),
    ...(storage
      ? {
          renderTemplateVersion: async (versionId: number) => {
            await renderTemplateVersion({ db: database.db, storage, clock, log }, versionId);
          },
          queuedTemplateVersions: queued,
        }
      : {}),
    advanceSubscription: (id) => advanceSubscription(billing(), id),
    sweepSubscriptions: async () => {
      const n = await advanceDueSubscriptions(billing());
      if (n) log.info("subscriptions advanced", { count: n });
    },
    // A deleted account's customer that the provider did not delete at once (it was away).
    deleteCustomer: (customerId) => retryProviderCustomerDeletion(billing(), customerId),
    // Rejects when it fails, so the queue tries once more; the next slot does whatever is left anyway.
    figures: async () => {
      await runFiguresJob({ db: database.db, clock, log, rest: restAfter });
    },
    maintenance: async () => {
      await refreshCatalogueStats({ database, clock, log });
      // Receipts the queue did not get out (its job lost, its retries spent, a crash after the charge).
      if (mail) {
        const receipts = await sendOwedReceipts(mail).catch((error) => {
          log.error("owed receipts not sent", { error });
          return 0;
        });
        if (receipts) log.info("owed receipts sent", { count: receipts });
      }
      const purged = await purgeExpiredRecords({ db: database.db, clock });
      if (Object.values(purged).some((n) => n > 0)) log.info("expired records purged", purged);
      const q = deps.queue?.();
      if (q && storage) for (const id of await queued()) await q.scheduleTemplateRender(id);
      if (storage) {
        const uploads = await purgeStaleUploads({ db: database.db, storage, clock });
        if (uploads) log.info("unused template uploads removed", { count: uploads });
      }
    },
  };
}

/**
 * Starts this process's share of the job queue with every handler: what a web process and a worker
 * both call. The queue it returns is also where billing asks for its later jobs.
 */
export async function startProcessJobs(opts: {
  env: Env;
  database: Database;
  log: Logger;
  clock?: Clock;
  pollingIntervalSeconds?: number;
  /** The process's mailer (the web server's, so both send alike); else one made from the environment. */
  mailer?: Mailer;
}): Promise<JobQueue> {
  const { env, database, log } = opts;
  const clock = opts.clock ?? systemClock;
  const payments = jobPayments(env);
  let queue: JobQueue | undefined;
  // A job taken before the queue is handed back fails and is retried: billing needs the queue to plan
  // its next step (a renewal's next date).
  const billing = (): BillingContext => {
    if (!queue) throw new Error("job before the job queue started");
    return { db: database.db, locale: "en", clock, log, payments, jobs: queue, ...mail };
  };
  // Mail as the web server sends it: SMTP_URL, else the outbox in the database.
  const mail = {
    mailer: opts.mailer ?? createMailer({ db: database.db, log, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
    origin: env.publicUrl,
    translate: serverT,
  };
  const jobs = await startJobQueue({
    database,
    log,
    handlers: createJobHandlers({
      database,
      log,
      clock,
      billing,
      storage: jobStorage(env),
      queue: () => queue,
      mail,
    }),
    pollingIntervalSeconds: opts.pollingIntervalSeconds,
    renderConcurrency: env.PREVIEW_CONCURRENCY,
  });
  queue = jobs;
  return jobs;
}
