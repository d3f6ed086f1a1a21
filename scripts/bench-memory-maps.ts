/**
 * Where a process's resident memory is, by kind of mapping, from /proc/<pid>/smaps (scripts/bench-memory.ts
 * prints it at each step): files mapped (the node binary's code and ICU data, shared libraries), glibc's
 * main heap ([heap]) and its other arenas (64 MB-aligned reservations), thread stacks, and the other
 * anonymous memory (V8's heap and code, WebAssembly memories, malloc's blocks above its mmap threshold).
 */
import fs from "node:fs";
import path from "node:path";

export type Maps = {
  /** Resident MB of each file mapped, largest first. */
  files: [string, number][];
  /** glibc's main arena (brk). */
  heap: number;
  /** glibc's other arenas: anonymous mappings inside a 64 MB-aligned reservation. */
  arenas: number;
  /** Thread stacks: anonymous mappings right after a one-page guard. */
  stacks: number;
  /**
   * Anonymous mappings V8 placed at addresses of its own choosing (it asks mmap for random ones, below where
   * mmap puts mappings without a hint): its heap's pages and WebAssembly memories.
   */
  v8: number;
  /** Every other anonymous mapping: malloc's blocks above its mmap threshold, V8's code range, the binary's bss. */
  anonymous: number;
  /** All of it (the same as VmRSS, give or take the moment read). */
  total: number;
};

const ARENA = 64 * 1024 * 1024;
/** Below this, on x86-64 Linux, an anonymous mapping was placed by a hint (mmap's own start near 0x7fff…). */
const MMAP_REGION = 0x7e0000000000n;

type Mapping = { start: bigint; end: bigint; perms: string; name: string; rssKb: number };

export function readMappings(text: string): Mapping[] {
  const mappings: Mapping[] = [];
  let current: Mapping | null = null;
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = { start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3], name: head[4], rssKb: 0 };
      mappings.push(current);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rssKb = Number(rss[1]);
  }
  return mappings;
}

export function summarizeMaps(mappings: Mapping[]): Maps {
  const files = new Map<string, number>();
  let heap = 0;
  let arenas = 0;
  let stacks = 0;
  let v8 = 0;
  let anonymous = 0;
  let total = 0;
  // The 64 MB blocks glibc reserves for its arenas: an anonymous read-write start at a 64 MB boundary whose
  // reservation (with the PROT_NONE rest after it) is 64 MB.
  const arenaBlocks = new Set<bigint>();
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i];
    if (m.name || m.start % BigInt(ARENA) !== 0n || !m.perms.startsWith("rw")) continue;
    const next = mappings[i + 1];
    const end = next && next.start === m.end && next.perms.startsWith("---") && !next.name ? next.end : m.end;
    if (end - m.start === BigInt(ARENA)) arenaBlocks.add(m.start);
  }
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i];
    const mb = m.rssKb / 1024;
    total += mb;
    if (!mb) continue;
    if (m.name === "[heap]") heap += mb;
    else if (m.name === "[stack]") stacks += mb;
    else if (m.name.startsWith("/")) {
      const name = path.basename(m.name);
      files.set(name, (files.get(name) ?? 0) + mb);
    } else if (m.name) anonymous += mb;
    else if (arenaBlocks.has(m.start - (m.start % BigInt(ARENA)))) arenas += mb;
    else {
      const prev = mappings[i - 1];
      const guard = prev && prev.end === m.start && prev.perms.startsWith("---") && prev.end - prev.start <= 65536n;
      if (guard && m.perms.startsWith("rw") && m.end - m.start <= 16n * 1024n * 1024n) stacks += mb;
      else if (m.start >= 0x100000000n && m.start < MMAP_REGION) v8 += mb;
      else anonymous += mb;
    }
  }
  return { files: [...files].sort((a, b) => b[1] - a[1]), heap, arenas, stacks, v8, anonymous, total };
}

export function processMaps(pid: number): Maps | null {
  try {
    return summarizeMaps(readMappings(fs.readFileSync(`/proc/${pid}/smaps`, "utf8")));
  } catch {
    return null;
  }
}

/** One line: "files 61 (node 48, libvips-cpp 12, …), malloc main 40 + arenas 90, stacks 2, other anonymous 250". */
export function describeMaps(m: Maps): string {
  const f = (n: number) => n.toFixed(0);
  const fileTotal = m.files.reduce((n, [, mb]) => n + mb, 0);
  const top = m.files
    .slice(0, 3)
    .map(([name, mb]) => `${name} ${f(mb)}`)
    .join(", ");
  return `files ${f(fileTotal)} (${top}), malloc's main heap ${f(m.heap)} + arenas ${f(m.arenas)}, thread stacks ${f(m.stacks)}, V8's pages ${f(m.v8)}, other anonymous ${f(m.anonymous)}`;
}
