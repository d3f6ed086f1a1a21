/** Fails when a translation key exists in one locale and not the other, or a file does not parse. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../modules/shared/locales");

function keys(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object" ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function load(locale: string): Set<string> {
  const out = new Set<string>();
  for (const file of fs.readdirSync(path.join(root, locale)).filter((f) => f.endsWith(".json"))) {
    const json = JSON.parse(fs.readFileSync(path.join(root, locale, file), "utf8"));
    for (const k of keys(json)) out.add(`${file.slice(0, -5)}:${k}`);
  }
  return out;
}

const en = load("en");
const es = load("es");
const missingEs = [...en].filter((k) => !es.has(k));
const missingEn = [...es].filter((k) => !en.has(k));
if (missingEs.length || missingEn.length) {
  console.error(
    `locales out of step: missing in es: ${missingEs.join(", ") || "none"}; missing in en: ${missingEn.join(", ") || "none"}`,
  );
  process.exit(1);
}
console.log(`locales: ${en.size} keys in en and es`);
