/** The images a post names (its cover, the body's pictures): found in its folder, read and checked. */
import fs from "node:fs/promises";
import path from "node:path";
import { BLOG } from "#config/constants.ts";
import { checkImage } from "./covers.ts";
import { rel, statOrNull } from "./import-read.ts";
import type { ImportError } from "./import-types.ts";
import { isRelativeImagePath } from "./markdown.ts";

/** An image a post names: inside the post's folder, a file, not too large, decodable. */
export async function checkImageFile(
  root: string,
  dir: string,
  src: string,
  where: string,
  what: string,
  images: Map<string, Buffer>,
  errors: ImportError[],
): Promise<string | null> {
  if (!isRelativeImagePath(src)) {
    errors.push({ file: where, message: `${what} "${src}": images must be files in the post's folder (images/...)` });
    return null;
  }
  let decoded = src;
  try {
    decoded = decodeURI(src);
  } catch {
    /* a lone % is part of the name */
  }
  const file = path.resolve(dir, decoded);
  const inside = path.relative(dir, file);
  if (inside.startsWith("..") || path.isAbsolute(inside)) {
    errors.push({ file: where, message: `${what} "${src}" is outside the post's folder` });
    return null;
  }
  if (images.has(file)) return file;
  const stat = await statOrNull(file);
  if (!stat?.isFile()) {
    errors.push({ file: where, message: `${what} "${src}" not found (${rel(root, file)})` });
    return null;
  }
  if (stat.size > BLOG.maxImageBytes) {
    errors.push({ file: where, message: `${what} "${src}" is larger than ${BLOG.maxImageBytes} bytes` });
    return null;
  }
  const bytes = await fs.readFile(file);
  try {
    await checkImage(bytes);
  } catch (error) {
    errors.push({ file: where, message: `${what} "${src}": ${(error as Error).message}` });
    return null;
  }
  images.set(file, bytes);
  return file;
}
