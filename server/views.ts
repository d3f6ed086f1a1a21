import type { Logger } from "#modules/shared/context.ts";

/** Counts template views in memory (by "locale:slug") and writes them in batches. */
export class ViewCounter {
  private pending = new Map<string, number>();
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

  count(key: string): void {
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
