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
