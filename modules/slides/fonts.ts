/**
 * The fonts shipped with SlideNest (ADR 0019): the open-licence families the catalogue names, kept as
 * npm packages of TTF files (never downloaded at run time), handed to LibreOffice and to the SVG
 * renderer (sharp's librsvg, in this process) through a fontconfig file of the project's: the system's
 * configuration plus one `<dir>` per shipped style folder, with its own cache folder.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { FONT_MATCHES } from "#config/constants.ts";

export type ShippedFont = {
  family: string;
  /** The npm package that holds its files. */
  package: string;
  /** SPDX identifier of the fonts' licence (the packages' own code is MIT). */
  licence: "OFL-1.1";
  /** Absolute paths of the TTF files handed to fontconfig (regular, bold and their italics where drawn). */
  files: string[];
};

/** Family and package of every shipped font: every Google Fonts family of the catalogue's FONTS. */
const FAMILIES: readonly (readonly [family: string, pkg: string])[] = [
  ["Montserrat", "montserrat"],
  ["Poppins", "poppins"],
  ["Inter", "inter"],
  ["Roboto", "roboto"],
  ["Open Sans", "open-sans"],
  ["Lato", "lato"],
  ["Raleway", "raleway"],
  ["Nunito", "nunito"],
  ["Work Sans", "work-sans"],
  ["DM Sans", "dm-sans"],
  ["Source Sans 3", "source-sans-3"],
  ["Oswald", "oswald"],
  ["Space Grotesk", "space-grotesk"],
  ["Josefin Sans", "josefin-sans"],
  ["Quicksand", "quicksand"],
  ["Fredoka", "fredoka"],
  ["Playfair Display", "playfair-display"],
  ["Merriweather", "merriweather"],
  ["Lora", "lora"],
  ["Libre Baskerville", "libre-baskerville"],
  ["Cormorant Garamond", "cormorant-garamond"],
  ["EB Garamond", "eb-garamond"],
  ["Fraunces", "fraunces"],
];

/**
 * The style folders taken from each package (each holds one TTF): what slides use. Lighter and heavier
 * weights stay out of the font list, so fontconfig scans about 90 files, not 700.
 */
const STYLE_FOLDERS = ["400Regular", "400Regular_Italic", "700Bold", "700Bold_Italic"] as const;

const require = createRequire(import.meta.url);

let shipped: ShippedFont[] | undefined;

/** The shipped families with their files; a package that is not installed is left out (and so reported missing). */
export function shippedFonts(): ShippedFont[] {
  if (shipped) return shipped;
  const list: ShippedFont[] = [];
  for (const [family, name] of FAMILIES) {
    const pkg = `@expo-google-fonts/${name}`;
    let dir: string;
    try {
      dir = path.dirname(require.resolve(`${pkg}/package.json`));
    } catch {
      continue;
    }
    const files: string[] = [];
    for (const style of STYLE_FOLDERS) {
      const folder = path.join(dir, style);
      if (!fs.existsSync(folder)) continue;
      for (const f of fs.readdirSync(folder)) if (/\.(ttf|otf)$/i.test(f)) files.push(path.join(folder, f));
    }
    if (files.length) list.push({ family, package: pkg, licence: "OFL-1.1", files });
  }
  shipped = list;
  return list;
}

/** The folders fontconfig is given: one per shipped style. */
export function projectFontDirs(): string[] {
  return [...new Set(shippedFonts().flatMap((f) => f.files.map((file) => path.dirname(file))))];
}

function xmlText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The fontconfig file's text: the system's configuration, the shipped folders and a cache folder of its own. */
export function fontconfigText(dirs: readonly string[], cacheDir: string): string {
  return [
    `<?xml version="1.0"?>`,
    `<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">`,
    `<!-- Written by SlideNest (modules/slides/fonts.ts): the system's fonts and the project's own. -->`,
    `<fontconfig>`,
    `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>`,
    ...dirs.map((d) => `  <dir>${xmlText(d)}</dir>`),
    `  <cachedir>${xmlText(cacheDir)}</cachedir>`,
    `</fontconfig>`,
    ``,
  ].join("\n");
}

let configFile: string | undefined;

/**
 * The project's fontconfig file, written once per process into a folder of the temp directory named
 * by its content (processes of one installation share it and its cache). Returns its path.
 */
export function projectFontconfigFile(): string {
  if (configFile && fs.existsSync(configFile)) return configFile;
  const dirs = projectFontDirs();
  const key = createHash("sha256").update(dirs.join("\n")).digest("hex").slice(0, 16);
  const uid = typeof process.getuid === "function" ? process.getuid() : "u";
  const folder = path.join(os.tmpdir(), `slidenest-fontconfig-${uid}-${key}`);
  const cacheDir = path.join(folder, "cache");
  fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
  const file = path.join(folder, "fonts.conf");
  const text = fontconfigText(dirs, cacheDir);
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
  if (current !== text) {
    // Written beside and renamed: a process reading it never sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, text);
    fs.renameSync(partial, file);
  }
  configFile = file;
  return file;
}

/** The folder of the project's fontconfig file (and of its cache). */
export function projectFontsDir(): string {
  return path.dirname(projectFontconfigFile());
}

/** Variables for a child process (LibreOffice, fc-match) that should see the shipped fonts. */
export function fontconfigEnv(): { FONTCONFIG_FILE: string } {
  return { FONTCONFIG_FILE: projectFontconfigFile() };
}

/**
 * Points this process's fontconfig at the shipped fonts, for the SVG renderer (sharp/librsvg, which
 * reads FONTCONFIG_FILE when it first draws text): call it at process start, before any preview or
 * cover is drawn. A FONTCONFIG_FILE already set by the operator is kept. Returns the file in force, or
 * null when the file could not be written (the system's fonts are used then).
 */
export function applyProjectFonts(): string | null {
  try {
    if (!process.env.FONTCONFIG_FILE) process.env.FONTCONFIG_FILE = projectFontconfigFile();
    return process.env.FONTCONFIG_FILE;
  } catch {
    return null;
  }
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { env, timeout: 30_000, maxBuffer: 1 << 20 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

/** Answers asked of fc-match, by configuration file and family, for FONT_MATCHES.keepMs (failures are not kept). */
const matches = new Map<string, { answer: Promise<string>; at: number }>();

/**
 * What fontconfig draws for a family under the project's configuration (`fc-match`), such as "DejaVu
 * Sans". The answer is kept for FONT_MATCHES.keepMs, and asked once when several uploads ask together.
 */
export async function matchFont(family: string, now = Date.now()): Promise<string> {
  const env = { ...process.env, ...fontconfigEnv() };
  const key = `${env.FONTCONFIG_FILE}\n${family}`;
  const kept = matches.get(key);
  if (kept && now - kept.at < FONT_MATCHES.keepMs) return kept.answer;
  // fc-match's pattern syntax gives "-", ":" and "," meanings: escape them.
  const pattern = family.replace(/([\\:,-])/g, "\\$1");
  const answer = run("fc-match", ["--format=%{family}", pattern], env).then((out) => out.trim());
  if (family.length > FONT_MATCHES.familyMaxChars) return answer;
  matches.delete(key);
  matches.set(key, { answer, at: now });
  answer.catch(() => {
    if (matches.get(key)?.answer === answer) matches.delete(key);
  });
  // The oldest go first once there are too many (a Map keeps the order entries were set in).
  for (const oldest of matches.keys()) {
    if (matches.size <= FONT_MATCHES.entries) break;
    matches.delete(oldest);
  }
  return answer;
}

/**
 * The families of `families` that the machine lacks, under the project's fontconfig file: those for
 * which fontconfig falls back to another family (a metric-compatible stand-in such as Carlito for
 * Calibri counts as missing: the previews are drawn in the stand-in). Names are compared without case;
 * each family is listed once, as first given. Rejects when fontconfig's `fc-match` is not installed.
 */
export async function missingFonts(families: readonly string[]): Promise<string[]> {
  const unique = new Map<string, string>();
  for (const f of families) {
    const name = f.trim();
    if (name && !unique.has(name.toLowerCase())) unique.set(name.toLowerCase(), name);
  }
  const names = [...unique.values()];
  const missing: string[] = [];
  // The first alone (it may build fontconfig's cache), then a few at a time.
  for (let i = 0; i < names.length; i += i === 0 ? 1 : 4) {
    const batch = names.slice(i, i === 0 ? 1 : i + 4);
    const answers = await Promise.all(batch.map((name) => matchFont(name)));
    batch.forEach((name, j) => {
      // fc-match answers every name of the font it picked, comma-separated ("DejaVu Sans,DejaVu Sans Light").
      const got = (answers[j] ?? "").split(",").map((s) => s.trim().toLowerCase());
      if (!got.includes(name.toLowerCase())) missing.push(name);
    });
  }
  return missing;
}
