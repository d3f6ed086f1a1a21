/**
 * `node scripts/heap-summary.ts <file.heapsnapshot> [rows]`: what a V8 heap snapshot holds, summed by kind
 * and name (objects by constructor, strings by their start, code by its kind): the rows with the most bytes.
 * For the heap snapshots `BENCH_MEMORY_SNAPSHOT` makes (scripts/bench-memory.ts); self sizes only, so a
 * cache shows as its entries' objects and strings rather than as one Map.
 */
import fs from "node:fs";

export type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] }; node_count: number };
  nodes: number[];
  strings: string[];
};

export type HeapRow = { key: string; bytes: number; count: number };

/** The snapshot's self sizes summed by kind (`byType`) and by kind and name (`rows`, largest first). */
export function summarize(snap: Snapshot): {
  total: number;
  nodes: number;
  byType: [string, number][];
  rows: HeapRow[];
} {
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const byKey = new Map<string, HeapRow>();
  const byType = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]];
    const size = snap.nodes[i + sizeAt];
    let name = snap.strings[snap.nodes[i + nameAt]] ?? "";
    if (type === "string" || type === "concatenated string" || type === "sliced string")
      name = JSON.stringify(name.slice(0, 48));
    else if (type === "code" || type === "hidden" || type === "array") name = name.slice(0, 60);
    const key = `${type.padEnd(12)} ${name}`;
    const row = byKey.get(key) ?? { key, bytes: 0, count: 0 };
    row.bytes += size;
    row.count++;
    byKey.set(key, row);
    byType.set(type, (byType.get(type) ?? 0) + size);
    total += size;
  }
  return {
    total,
    nodes: snap.snapshot.node_count,
    byType: [...byType].sort((a, b) => b[1] - a[1]),
    rows: [...byKey.values()].sort((a, b) => b.bytes - a.bytes),
  };
}

if (import.meta.main) {
  const [file, rowsArg] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node scripts/heap-summary.ts <file.heapsnapshot> [rows]");
    process.exit(1);
  }
  const { total, nodes, byType, rows } = summarize(JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot);
  const mb = (n: number) => `${(n / 1048576).toFixed(2).padStart(7)} MB`;
  console.log(`${mb(total)} in ${nodes} nodes`);
  for (const [type, bytes] of byType) console.log(`${mb(bytes)}  ${type}`);
  console.log("");
  for (const { key, bytes, count } of rows.slice(0, Number(rowsArg ?? 40)))
    console.log(`${mb(bytes)} ${String(count).padStart(8)}x  ${key.slice(0, 110)}`);
}
