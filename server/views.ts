import type { Logger } from "#modules/shared/context.ts";

/** Counts template views in memory (by "locale:slug") and writes them in batches. */
export class ViewCounter {
  private pending = new Map<string, number>();
  /** Who was counted for what today: one view per client, template and day (per process). */
  private seen = new Set<string>();
  private seenDay = "";
  private timer: NodeJS.Timeout | undefined;
  private readonly flushFn: (views: Map<string, number>) => Promise<void>;
  private readonly log: Logger;

  constructor(flushFn: (views: Map<string, number>) => Promise<void>, log: Logger, intervalMs = 5_000) {
    this.flushFn = flushFn;
    this.log = log;
    if (intervalMs > 0) {
      this.timer = setInterval(() => void this.flush(), intervalMs);
      this.timer.unref();
    }
  }

  /** Counts a view of `key`; with `client`, only the first one of that client today. */
  count(key: string, client?: string): void {
    if (client) {
      const day = new Date().toISOString().slice(0, 10);
      if (day !== this.seenDay || this.seen.size > 200_000) {
        this.seen = new Set();
        this.seenDay = day;
      }
      const who = `${client}|${key}`;
      if (this.seen.has(who)) return;
      this.seen.add(who);
    }
    if (this.pending.size >= 50_000 && !this.pending.has(key)) return;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.flushFn(batch);
    } catch (error) {
      this.log.error("view counts not saved", { error });
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
