/**
 * A small ZIP reader and writer for Office packages (ADR 0018). The reader trusts nothing: every
 * offset is bounds-checked, the central directory is the index, sizes declared there are checked
 * against limits before anything is inflated, and inflating stops as soon as the real output passes
 * the declared size (declared sizes lie in zip bombs). Inflating is fflate's streaming `Inflate`
 * (pure JS, synchronous, bounded output per input slice); CRC-32 is node:zlib's.
 */
import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";
import { Inflate } from "fflate";

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  /** As declared in the central directory. */
  size: number;
  localOffset: number;
  /** Offset of the entry's data (after its local header). */
  dataOffset: number;
};

export class ZipError extends Error {
  readonly kind: "notZip" | "broken" | "bomb" | "encrypted";
  constructor(kind: ZipError["kind"], message: string) {
    super(message);
    this.kind = kind;
  }
}

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;
const MAX_U32 = 0xffffffff;

/** Reads the central directory. Throws ZipError ("notZip" when there is no directory at all). */
export function readDirectory(buf: Uint8Array, maxEntries: number): ZipEntry[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const len = buf.byteLength;
  let eocd = -1;
  for (let i = len - 22; i >= Math.max(0, len - 65_557); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) {
    const looksZip = len >= 4 && view.getUint32(0, true) === LOC;
    throw new ZipError(
      looksZip ? "broken" : "notZip",
      looksZip ? "no end of central directory (truncated?)" : "not a zip",
    );
  }
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === MAX_U32 || cdSize === MAX_U32) {
    throw new ZipError("bomb", "ZIP64 archive (a deck never needs one)");
  }
  if (count > maxEntries) throw new ZipError("bomb", `${count} entries`);
  if (cdOffset + cdSize > eocd) throw new ZipError("broken", "central directory outside the file");
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== CEN) throw new ZipError("broken", "bad central directory header");
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const crc = view.getUint32(p + 16, true);
    const compressedSize = view.getUint32(p + 20, true);
    const size = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const localOffset = view.getUint32(p + 42, true);
    if (p + 46 + nameLen > eocd) throw new ZipError("broken", "entry name outside the directory");
    const name = Buffer.from(buf.buffer, buf.byteOffset + p + 46, nameLen).toString(flags & 0x800 ? "utf8" : "latin1");
    if (compressedSize === MAX_U32 || size === MAX_U32 || localOffset === MAX_U32) {
      throw new ZipError("bomb", `ZIP64 entry ${name}`);
    }
    if (flags & 0x1) throw new ZipError("encrypted", `encrypted entry ${name}`);
    if (method !== 0 && method !== 8) throw new ZipError("broken", `unsupported compression ${method} in ${name}`);
    if (localOffset + 30 > len || view.getUint32(localOffset, true) !== LOC) {
      throw new ZipError("broken", `bad local header for ${name}`);
    }
    const dataOffset =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (dataOffset + compressedSize > len) throw new ZipError("broken", `${name} runs past the end of the file`);
    if (method === 0 && compressedSize !== size) throw new ZipError("broken", `stored entry ${name} with two sizes`);
    entries.push({ name, method, flags, crc, compressedSize, size, localOffset, dataOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  // Entries whose data overlap are the trick of non-recursive zip bombs; Office never writes them.
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let i = 1; i < byOffset.length; i++) {
    const prev = byOffset[i - 1];
    if (byOffset[i].localOffset < prev.dataOffset + prev.compressedSize) {
      throw new ZipError("bomb", `entries ${prev.name} and ${byOffset[i].name} overlap`);
    }
  }
  return entries;
}

/** 16 kB of deflate input makes at most about 16 MB of output: the memory one slice can cost. */
const SLICE = 16 * 1024;
/**
 * Entries declaring up to this many bytes inflate with node:zlib (about 3x faster than fflate), whose
 * `maxOutputLength` stops at the declared size; larger ones stream through fflate without being held.
 */
const NATIVE_MAX = 16 * 1024 * 1024;

/**
 * Inflates (or, for a stored entry, checks) one entry. Stops with a "bomb" ZipError as soon as the
 * output passes the declared size, and a "broken" one when it falls short or the CRC differs. With
 * `keep` false the output is only counted and checksummed, never held.
 */
export function extract(buf: Uint8Array, e: ZipEntry, keep: boolean): Uint8Array | null {
  const data = buf.subarray(e.dataOffset, e.dataOffset + e.compressedSize);
  if (e.method === 0) {
    if (crc32(data) >>> 0 !== e.crc) throw new ZipError("broken", `CRC mismatch in ${e.name}`);
    return keep ? data : null;
  }
  if (e.size <= NATIVE_MAX) {
    let out: Buffer;
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, e.size) });
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
        throw new ZipError("bomb", `${e.name} inflates past its declared ${e.size} bytes`);
      }
      throw new ZipError("broken", `${e.name}: ${(err as Error).message}`);
    }
    if (out.length !== e.size) throw new ZipError("broken", `${e.name} inflates to ${out.length}, not ${e.size} bytes`);
    if (crc32(out) >>> 0 !== e.crc) throw new ZipError("broken", `CRC mismatch in ${e.name}`);
    return keep ? out : null;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  let crc = 0;
  let done = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > e.size) throw new ZipError("bomb", `${e.name} inflates past its declared ${e.size} bytes`);
    crc = crc32(chunk, crc);
    if (keep) chunks.push(chunk);
    if (final) done = true;
  });
  try {
    for (let i = 0; i < data.length; i += SLICE) {
      inflater.push(data.subarray(i, Math.min(i + SLICE, data.length)), i + SLICE >= data.length);
    }
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (err) {
    if (err instanceof ZipError) throw err;
    throw new ZipError("broken", `${e.name}: ${(err as Error).message}`);
  }
  if (!done || total !== e.size) throw new ZipError("broken", `${e.name} inflates to ${total}, not ${e.size} bytes`);
  if (crc >>> 0 !== e.crc) throw new ZipError("broken", `CRC mismatch in ${e.name}`);
  if (!keep) return null;
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/** An entry to write: new content, or an entry of a read archive copied as it is (`raw`). */
export type WriteEntry =
  | { name: string; content: Uint8Array | string }
  | { name: string; raw: { buf: Uint8Array; entry: ZipEntry } }
  /** Exact bytes and header values, whatever they claim (tests build broken archives with it). */
  | { name: string; forged: { method: number; data: Uint8Array; crc: number; size: number; flags?: number } };

const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1; // 2026-01-01, a fixed date keeps output stable

/** Writes a ZIP (no ZIP64; a deck under 100 MB never needs it). Copies `raw` entries without inflating them. */
export function writeZip(entries: WriteEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const w of entries) {
    let method: number;
    let data: Uint8Array;
    let crc: number;
    let size: number;
    let flags = 0x800;
    if ("content" in w) {
      const plain = typeof w.content === "string" ? Buffer.from(w.content, "utf8") : w.content;
      crc = crc32(plain) >>> 0;
      size = plain.length;
      const packed = deflateRawSync(plain);
      if (packed.length < plain.length) {
        method = 8;
        data = packed;
      } else {
        method = 0;
        data = plain;
      }
    } else if ("raw" in w) {
      const e = w.raw.entry;
      method = e.method;
      data = w.raw.buf.subarray(e.dataOffset, e.dataOffset + e.compressedSize);
      crc = e.crc;
      size = e.size;
    } else {
      ({ method, data, crc, size } = w.forged);
      flags = w.forged.flags ?? flags;
    }
    const name = Buffer.from(w.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOC, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const cen = Buffer.alloc(46);
    cen.writeUInt32LE(CEN, 0);
    cen.writeUInt16LE(20, 4);
    cen.writeUInt16LE(20, 6);
    cen.writeUInt16LE(flags, 8);
    cen.writeUInt16LE(method, 10);
    cen.writeUInt16LE(0, 12);
    cen.writeUInt16LE(DOS_DATE, 14);
    cen.writeUInt32LE(crc, 16);
    cen.writeUInt32LE(data.length, 20);
    cen.writeUInt32LE(size, 24);
    cen.writeUInt16LE(name.length, 28);
    cen.writeUInt32LE(offset, 42);
    parts.push(local, name, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    central.push(cen, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

/**
 * Rewrites an archive: `edit` sees each entry's name (and a reader of its text) and returns new text
 * or bytes, null to drop the entry, or undefined to copy it untouched (without inflating it). `add`
 * entries go at the end. The archive must have passed readDirectory's checks.
 */
export function rewriteZip(
  buf: Uint8Array,
  edit: (name: string, text: () => string) => string | Uint8Array | null | undefined,
  add: WriteEntry[] = [],
  maxEntries = 10_000,
): Buffer {
  const out: WriteEntry[] = [];
  for (const e of readDirectory(buf, maxEntries)) {
    const text = () => Buffer.from(extract(buf, e, true) as Uint8Array).toString("utf8");
    const changed = edit(e.name, text);
    if (changed === null) continue;
    out.push(changed === undefined ? { name: e.name, raw: { buf, entry: e } } : { name: e.name, content: changed });
  }
  return writeZip([...out, ...add]);
}
