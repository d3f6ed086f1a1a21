import v8 from "node:v8";
import vm from "node:vm";

/**
 * A large request body (an operator's 100 MB deck) arrives as thousands of short-lived chunks whose
 * memory lives outside the JavaScript heap; V8 frees them only when a young-generation collection runs,
 * and with a quiet heap that can wait until some 60 MB are held (measured: scripts/bench-upload.ts).
 * `releaseChunks()` asks for that collection (a scavenge: about a millisecond) so a streaming upload
 * holds a few megabytes at a time. Where the collector cannot be reached, it does nothing.
 */
let collector: ((o?: unknown) => void) | null | undefined;

function gc(): ((o?: unknown) => void) | null {
  if (collector === undefined) {
    try {
      const exposed = (globalThis as { gc?: (o?: unknown) => void }).gc;
      if (!exposed) v8.setFlagsFromString("--expose-gc");
      collector = exposed ?? (vm.runInNewContext("gc") as (o?: unknown) => void);
    } catch {
      collector = null;
    }
  }
  return collector;
}

export function releaseChunks(): void {
  gc()?.({ type: "minor" });
}

/**
 * After one large buffer was read and dropped (a whole deck inspected): a full collection, run without
 * blocking the requests in flight, so its memory goes back at once.
 */
export function releaseLarge(): void {
  gc()?.({ type: "major", execution: "async" });
}
