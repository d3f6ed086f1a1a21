/**
 * A large request body (an operator's 100 MB deck) arrives as thousands of short-lived chunks whose
 * memory lives outside the JavaScript heap; V8 frees them only when a young-generation collection runs,
 * and with a quiet heap that can wait until some 60 MB are held (measured: scripts/bench-upload.ts).
 * Where node was started with `--expose-gc` (`npm start` and `npm run worker` are), `releaseChunks()`
 * asks for that collection (a scavenge: about a millisecond) so a streaming upload holds a few megabytes
 * at a time, and `releaseLarge()` a full one, without blocking, after one large buffer was dropped.
 * Elsewhere they do nothing: the flag is never set at run time (V8 does not promise that is safe).
 */
type Collector = (options?: { type?: "minor" | "major"; execution?: "sync" | "async" }) => void;

const collector = (): Collector | undefined => (globalThis as { gc?: Collector }).gc;

export function releaseChunks(): void {
  collector()?.({ type: "minor" });
}

export function releaseLarge(): void {
  collector()?.({ type: "major", execution: "async" });
}

/**
 * About how many bytes `value` holds on the heap: strings at two bytes a character, numbers and
 * booleans at eight, objects, arrays, maps and sets with a small header and a slot per member. It is
 * an estimate for bounding caches in bytes (a cache of 100,000 small entries and one of ten large ones
 * are not the same), not a heap snapshot; shared or circular parts count once.
 */
export function approximateBytes(value: unknown, seen: WeakSet<object> = new WeakSet()): number {
  switch (typeof value) {
    case "string":
      return 16 + value.length * 2;
    case "number":
    case "boolean":
    case "bigint":
      return 8;
    case "object": {
      if (value === null) return 8;
      if (seen.has(value)) return 8;
      seen.add(value);
      if (value instanceof Date) return 32;
      // A view keeps its whole buffer alive (zlib's and Buffer's pools hand out views of larger ones).
      if (ArrayBuffer.isView(value)) return 64 + value.buffer.byteLength;
      let bytes = 32;
      if (Array.isArray(value) || value instanceof Set)
        for (const item of value) bytes += 8 + approximateBytes(item, seen);
      else if (value instanceof Map)
        for (const [k, v] of value) bytes += 16 + approximateBytes(k, seen) + approximateBytes(v, seen);
      else
        for (const [k, v] of Object.entries(value)) bytes += 8 + approximateBytes(k, seen) + approximateBytes(v, seen);
      return bytes;
    }
    default:
      return 8;
  }
}
