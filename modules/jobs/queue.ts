import { fromPglite, PgBoss } from "pg-boss";
import { FIGURES } from "#config/constants.ts";
import type { Database } from "#db/client.server.ts";
import type { Logger } from "#modules/shared/context.ts";

/** What the jobs do; each runs in whichever process takes the job, once. */
export type JobHandlers = {
  /** Applies whatever is due on one subscription (its period end, renewal or retry). */
  advanceSubscription(subscriptionId: number): Promise<void>;
  /** Applies whatever is due on every subscription: the net under jobs that were lost. */
  sweepSubscriptions(): Promise<void>;
  /** Trending, counts, search documents, expired sessions and the retention purge (every 5 minutes). */
  maintenance?(): Promise<void>;
  /** Deletes a deleted account's customer at the payment provider; rejects while the provider fails. */
  deleteCustomer?(customerId: string): Promise<void>;
  /** Draws a template version's previews and shows it (modules/templates/render.ts). */
  renderTemplateVersion?(versionId: number): Promise<void>;
  /** Template versions still waiting for their previews (asked at start and by the maintenance job). */
  queuedTemplateVersions?(): Promise<number[]>;
  /** Mails a paid invoice's receipt if still owed; rejects while the mail server refuses (then retried). */
  sendReceipt?(invoiceId: number): Promise<void>;
  /** The operator's figures: today again, days never computed after they ended, the top lists (modules/figures). */
  figures?(): Promise<void>;
};

export type JobQueue = {
  /** Runs `advanceSubscription` for a subscription at a moment (or at once when it is past). */
  scheduleSubscription(subscriptionId: number, at: Date): Promise<void>;
  /** Runs `deleteCustomer` for a provider's customer, at once and then with back-off until it succeeds. */
  scheduleCustomerDeletion(customerId: string): Promise<void>;
  /** Runs `renderTemplateVersion` for a version (one queued or running job per version). */
  scheduleTemplateRender(versionId: number): Promise<void>;
  /** Runs `sendReceipt` for an invoice, at once and then with back-off until it succeeds (one job per invoice). */
  scheduleReceipt(invoiceId: number): Promise<void>;
  stop(): Promise<void>;
};

const QUEUES = {
  subscription: "billing-subscription",
  sweep: "billing-sweep",
  maintenance: "maintenance",
  customerDeletion: "billing-customer-deletion",
  templateRender: "template-render",
  receipt: "mail-receipt",
  figures: "figures",
} as const;

/**
 * The kept job queue (ADR 0008): pg-boss in the `pgboss` schema of the app's own database, on the
 * PostgreSQL pool or on PGlite through pg-boss's PGlite adapter. Jobs are claimed with SKIP LOCKED, so
 * two processes on one database never run a job twice; the sweep is a cron job that fires once per
 * slot however many processes schedule it.
 */
export async function startJobQueue(opts: {
  database: Database;
  log: Logger;
  handlers: JobHandlers;
  /** How often idle workers look for jobs (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Cron of the sweep; every five minutes by default. */
  sweepCron?: string;
  /** Template versions this process draws at once (PREVIEW_CONCURRENCY). */
  renderConcurrency?: number;
}): Promise<JobQueue> {
  const { database, log, handlers } = opts;
  const db = database.pglite
    ? fromPglite(database.pglite)
    : {
        executeSql: async (text: string, values?: unknown[]) => {
          const pool = database.pool;
          if (!pool) throw new Error("job queue: no database pool");
          return pool.query(text, values as unknown[]);
        },
      };
  const boss = new PgBoss({
    db,
    ...(database.pglite ? { backend: "pglite" as const } : {}),
    schema: "pgboss",
  });
  boss.on("error", (error) => log.error("job queue error", { error: (error as Error).message }));
  await boss.start({ attempts: 3 });
  // Finished jobs are kept a week for looking into, then deleted.
  const keep = { deleteAfterSeconds: 7 * 86_400 };
  await boss.createQueue(QUEUES.subscription, {
    ...keep,
    policy: "short",
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
  });
  await boss.createQueue(QUEUES.sweep, { ...keep, retryLimit: 1 });
  const polling = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, batchSize: 10 };
  await boss.work<{ id: number }>(QUEUES.subscription, polling, async (jobs) => {
    for (const job of jobs) await handlers.advanceSubscription(job.data.id);
  });
  await boss.work(QUEUES.sweep, polling, async () => handlers.sweepSubscriptions());
  // A deleted account's customer at the provider: tried for about a day and a half (1, 2, 4 … 512 minutes
  // apart); a process without the handler (none configured) leaves the job for one that has it.
  await boss.createQueue(QUEUES.customerDeletion, {
    deleteAfterSeconds: 30 * 86_400,
    // One queued or running job per customer (the singleton key): a second deletion of it adds nothing.
    policy: "exclusive",
    retryLimit: 10,
    retryDelay: 60,
    retryBackoff: true,
  });
  if (handlers.deleteCustomer) {
    const deleteCustomer = handlers.deleteCustomer;
    await boss.work<{ customerId: string }>(QUEUES.customerDeletion, polling, async (jobs) => {
      for (const job of jobs) await deleteCustomer(job.data.customerId);
    });
  }
  // A template version's previews: one job per version (the singleton key), this process drawing at
  // most `renderConcurrency` at once (LibreOffice is heavy); the version's own claim in the database
  // keeps two processes from drawing it twice even if two jobs were made.
  await boss.createQueue(QUEUES.templateRender, { ...keep, policy: "exclusive", retryLimit: 2, retryDelay: 30 });
  if (handlers.renderTemplateVersion) {
    const render = handlers.renderTemplateVersion;
    await boss.work<{ versionId: number }>(
      QUEUES.templateRender,
      // Asked for more often than the other queues: an operator is watching the progress bar.
      {
        ...polling,
        pollingIntervalSeconds: Math.min(polling.pollingIntervalSeconds, 0.5),
        batchSize: 1,
        localConcurrency: opts.renderConcurrency ?? 1,
      },
      async (jobs) => {
        for (const job of jobs) await render(job.data.versionId);
      },
    );
  }
  // A paid invoice's receipt: tried for about a day (1, 2, 4 … 256 minutes apart), one queued or running
  // job per invoice; after that the maintenance job's net (modules/billing/mails.ts) still sends it.
  await boss.createQueue(QUEUES.receipt, {
    ...keep,
    policy: "exclusive",
    retryLimit: 9,
    retryDelay: 60,
    retryBackoff: true,
  });
  if (handlers.sendReceipt) {
    const sendReceipt = handlers.sendReceipt;
    await boss.work<{ invoiceId: number }>(QUEUES.receipt, polling, async (jobs) => {
      for (const job of jobs) await sendReceipt(job.data.invoiceId);
    });
  }
  const scheduleTemplateRender = async (versionId: number) => {
    await boss.send(QUEUES.templateRender, { versionId }, { singletonKey: `version:${versionId}` });
  };
  // Versions imported while no process ran (the command on the embedded database) or whose job was lost.
  if (handlers.queuedTemplateVersions)
    for (const id of await handlers.queuedTemplateVersions().catch(() => [])) await scheduleTemplateRender(id);
  await boss.schedule(QUEUES.sweep, opts.sweepCron ?? "*/5 * * * *", {}, { tz: "UTC" });
  if (handlers.maintenance) {
    const maintenance = handlers.maintenance;
    // One run per slot for all processes together: the cron fires once however many schedule it.
    await boss.createQueue(QUEUES.maintenance, { ...keep, retryLimit: 0 });
    await boss.work(QUEUES.maintenance, polling, async () => maintenance());
    await boss.schedule(QUEUES.maintenance, "*/5 * * * *", {}, { tz: "UTC" });
  }
  if (handlers.figures) {
    const figures = handlers.figures;
    // Every FIGURES.refreshMinutes (the cron fires once a slot for all processes), and once at start for
    // the days missed while no process ran; one queued or running run at a time (exclusive: a run asked
    // for while another goes is dropped, the next slot does what is left).
    await boss.createQueue(QUEUES.figures, { ...keep, policy: "exclusive", retryLimit: 1, retryDelay: 60 });
    await boss.work(QUEUES.figures, polling, async () => figures());
    await boss.schedule(QUEUES.figures, `*/${FIGURES.refreshMinutes} * * * *`, {}, { tz: "UTC" });
    await boss.send(QUEUES.figures, {});
  }
  return {
    async scheduleSubscription(subscriptionId, at) {
      // One queued job per subscription and moment: nudges for the same renewal do not pile up.
      await boss.send(
        QUEUES.subscription,
        { id: subscriptionId },
        {
          singletonKey: `sub:${subscriptionId}:${at.toISOString()}`,
          ...(at.getTime() > Date.now() ? { startAfter: at } : {}),
        },
      );
    },
    scheduleTemplateRender,
    async scheduleReceipt(invoiceId) {
      await boss.send(QUEUES.receipt, { invoiceId }, { singletonKey: `invoice:${invoiceId}` });
    },
    async scheduleCustomerDeletion(customerId) {
      await boss.send(QUEUES.customerDeletion, { customerId }, { singletonKey: `customer:${customerId}` });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
