import { MEMORY_NUDGE } from "#config/constants.ts";
import { releaseLarge } from "#modules/shared/memory.ts";

/**
 * V8 frees the memory of buffers (outside its heap) only when its own heuristics collect: under a mixed
 * load 100-200 MB of answered pages' and queries' buffers waited for it, and stayed while the process was
 * idle (scripts/bench-memory.ts). Every `everyMs` this reads how much the buffers hold; when it is
 * `growthBytes` above the least of the last readings, it asks for a full collection without blocking
 * (where node runs with --expose-gc, as `npm start` does; elsewhere releaseLarge does nothing). Memory
 * really in use (the page cache) raises that least reading, so it does not make collections repeat.
 */
export function startMemoryNudge(
  opts: {
    held?: () => number;
    collect?: () => void;
    everyMs?: number;
    growthBytes?: number;
    windowChecks?: number;
  } = {},
) {
  const held = opts.held ?? (() => process.memoryUsage().arrayBuffers);
  const collect = opts.collect ?? releaseLarge;
  const growth = opts.growthBytes ?? MEMORY_NUDGE.growthBytes;
  // The least the buffers held over the last `window` readings: what survives collections (the page
  // cache), followed within a minute when it really grows.
  const readings: number[] = [held()];
  const window = opts.windowChecks ?? MEMORY_NUDGE.windowChecks;
  const check = () => {
    const now = held();
    if (!readings.length) {
      readings.push(now);
      return;
    }
    const floor = Math.min(...readings);
    readings.push(now);
    if (readings.length > window) readings.shift();
    if (now > floor + growth) {
      collect();
      // The next readings show what the collection left: the window starts again from them.
      readings.length = 0;
    }
  };
  const timer = setInterval(check, opts.everyMs ?? MEMORY_NUDGE.everyMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
