import { inflateRawSync } from "node:zlib";

export type ZipEntry = { name: string; method: number; compressedSize: number; localOffset: number };

/** Minimal ZIP reader: the central directory, and stored/deflated entries. */
export function readZip(buf: Buffer): { entries: ZipEntry[]; read(name: string): string } {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("no end of central directory");
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error("bad central directory header");
    const method = buf.readUInt16LE(p + 10);
    const compressedSize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    entries.push({ name: buf.toString("utf8", p + 46, p + 46 + nameLen), method, compressedSize, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return {
    entries,
    read(name) {
      const e = entries.find((x) => x.name === name);
      if (!e) throw new Error(`missing ${name}`);
      const h = e.localOffset;
      if (buf.readUInt32LE(h) !== 0x04034b50) throw new Error("bad local header");
      const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
      const data = buf.subarray(start, start + e.compressedSize);
      return (e.method === 8 ? inflateRawSync(data) : data).toString("utf8");
    },
  };
}
