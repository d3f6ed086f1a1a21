/**
 * Loaded into the server by scripts/bench-memory.ts (`node --import ./scripts/bench-memory-probe.ts`):
 * on SIGUSR2 it writes where the process's memory is to the file BENCH_MEMORY_PROBE names: the V8 heap,
 * the buffers outside it, the WebAssembly memories (PGlite's PostgreSQL) and the resident total, then what
 * a full collection leaves of the heap and the buffers (where --expose-gc is on: the collection is the
 * probe's, it happens after the figures are read). Nothing
 * of it is loaded by the server otherwise.
 */
import fs from "node:fs";
import v8 from "node:v8";

const file = process.env.BENCH_MEMORY_PROBE;
const memories: WeakRef<WebAssembly.Memory>[] = [];
if (file) {
  // PGlite's module makes its memory with this constructor (emscripten's initMemory): count them.
  const Original = WebAssembly.Memory;
  const Counted = function (this: unknown, descriptor: WebAssembly.MemoryDescriptor) {
    const memory = new Original(descriptor);
    memories.push(new WeakRef(memory));
    return memory;
  } as unknown as typeof WebAssembly.Memory;
  Counted.prototype = Original.prototype;
  WebAssembly.Memory = Counted;
  process.on("SIGUSR2", () => {
    const m = process.memoryUsage();
    const mb = (n: number) => Math.round((n / 1048576) * 10) / 10;
    const wasm = memories.reduce((n, ref) => n + (ref.deref()?.buffer.byteLength ?? 0), 0);
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_size)]));
    // What is really held: after a full collection (where --expose-gc is on), the heap and buffers left.
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const kept = process.memoryUsage();
    fs.writeFileSync(
      file,
      JSON.stringify({
        rss: mb(m.rss),
        heapTotal: mb(m.heapTotal),
        heapUsed: mb(m.heapUsed),
        external: mb(m.external),
        arrayBuffers: mb(m.arrayBuffers),
        wasm: mb(wasm),
        spaces,
        heapUsedAfterGc: gc ? mb(kept.heapUsed) : null,
        arrayBuffersAfterGc: gc ? mb(kept.arrayBuffers) : null,
      }),
    );
    // BENCH_MEMORY_SNAPSHOT: a heap snapshot of what the collection left, written when asked for (the
    // file `<path>.wanted` exists), for a look in Chromium's DevTools or scripts/heap-summary.ts.
    const snapshot = process.env.BENCH_MEMORY_SNAPSHOT;
    if (snapshot && fs.existsSync(`${snapshot}.wanted`)) {
      fs.rmSync(`${snapshot}.wanted`);
      v8.writeHeapSnapshot(`${snapshot}.part`);
      fs.renameSync(`${snapshot}.part`, snapshot);
    }
  });
}
