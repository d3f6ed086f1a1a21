import { VIEW_COUNTS } from "#config/constants.ts";
import type { TemplateView } from "#modules/catalog/service.ts";
import type { Logger } from "#modules/shared/context.ts";

/**
 * Collects template views (client and "locale:slug") in memory and writes them in batches. Whether a
 * client already viewed a template today is decided by the database (recordTemplateViews), so one
 * visitor counts once however many processes serve them and however often they restart.
 */
export class ViewCounter {
  private pending = new Map<string, TemplateView>();
  /** About the bytes `pending` holds (its keys, two bytes a character, and an entry's overhead). */
  private pendingBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly flushFn: (views: TemplateView[]) => Promise<void>;
  private readonly log: Logger;

  constructor(
    flushFn: (views: TemplateView[]) => Promise<void>,
    log: Logger,
    intervalMs: number = VIEW_COUNTS.flushMs,
  ) {
    this.flushFn = flushFn;
    this.log = log;
    if (intervalMs > 0) {
      this.timer = setInterval(() => void this.flush(), intervalMs);
      this.timer.unref();
    }
  }

  /** Notes that `client` viewed the page `key` ("locale:slug"). */
  count(key: string, client: string): void {
    const id = `${client}|${key}`;
    // Bounded until the next write, in entries and in bytes: past either, a view is not counted (a flood of
    // made-up clients cannot hold memory).
    const bytes = 96 + id.length * 4;
    if (
      this.pending.size >= VIEW_COUNTS.entries ||
      this.pendingBytes + bytes > VIEW_COUNTS.maxBytes ||
      this.pending.has(id)
    )
      return;
    this.pending.set(id, { client, key });
    this.pendingBytes += bytes;
  }

  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.pendingBytes = 0;
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
