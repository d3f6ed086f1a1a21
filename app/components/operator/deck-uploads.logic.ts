/**
 * The template editor's deck uploads without React: the shapes the server answers with, a file's size
 * in words, the colour a new variant starts with, the form's field names, and what an upload's answer
 * means for its row. Pure, so Vitest checks them without a browser.
 */
import { DECK_LIMITS, LOCALE_TAGS, type Locale } from "#config/constants.ts";
import type { Option } from "#modules/templates/editor.ts";
import type { DeckSummary, UploadView as UploadedFile } from "#modules/templates/uploads.ts";

/** What the server read in an uploaded deck, and an upload as the server answers it (one shape for both sides). */
export type { DeckSummary, UploadView as UploadedFile } from "#modules/templates/uploads.ts";

/** One colour variant of the template: its PowerPoint upload and its settings. */
export type VariantValue = {
  upload: UploadedFile;
  colour: string;
  /** The id of an UploadedFile of kind "key", or "". */
  keynote: string;
  googleSlides: string;
};

export type { Option } from "#modules/templates/editor.ts";
export type ColourOption = Option & { hex: string };

/** The upload endpoint: the file's raw bytes, one request per file. */
export const UPLOAD_URL = "/operator/uploads";
/** How many files go up at the same time. */
export const UPLOAD_CONCURRENCY = 2;
/** The largest deck the server reads. */
export const UPLOAD_MAX_BYTES = DECK_LIMITS.maxBytes;

/** Where one chosen file stands. */
export type RowState =
  /** Chosen, waiting for a free place among the uploads. */
  | { status: "queued" }
  /** Its bytes are going up: `sent` is a percentage (0-100). */
  | { status: "uploading"; sent: number }
  /** Every byte was sent; the server reads the deck. */
  | { status: "checking" }
  | { status: "done"; upload: UploadedFile }
  /**
   * Refused: by the server (`message` is its words, already in the reader's language) or before sending
   * (`message` null: the page words it after `code`, "type", "tooLarge" or "unreadable").
   */
  | { status: "failed"; code: string; message: string | null }
  /** The connection dropped: the same file can be sent again. */
  | { status: "stopped" };

export type RowStatus = RowState["status"];

/** The kind of a file by its name, or null when it is neither a PowerPoint nor a Keynote file. */
export function fileKind(name: string): "pptx" | "key" | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".pptx")) return "pptx";
  if (lower.endsWith(".key")) return "key";
  return null;
}

/** A chosen file's first state: refused at once when the server would refuse it anyway. */
export function initialRowState(name: string, size: number, maxBytes = UPLOAD_MAX_BYTES): RowState {
  if (!fileKind(name)) return { status: "failed", code: "type", message: null };
  if (size > maxBytes) return { status: "failed", code: "tooLarge", message: null };
  return { status: "queued" };
}

/** Whether a row still waits for its upload to end (the form must not be sent meanwhile). */
export function isPending(state: RowState): boolean {
  return state.status === "queued" || state.status === "uploading" || state.status === "checking";
}

/** The queued rows to start now so that no more than `limit` uploads run at once, in their order. */
export function rowsToStart<R extends { key: string; state: RowState }>(rows: R[], limit = UPLOAD_CONCURRENCY): R[] {
  const running = rows.filter((r) => r.state.status === "uploading" || r.state.status === "checking").length;
  const free = Math.max(0, limit - running);
  return rows.filter((r) => r.state.status === "queued").slice(0, free);
}

/** The share of the bytes sent, as a whole percentage (0-100). */
export function percentSent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === "string");
}

function isFacts(v: unknown): v is DeckSummary {
  if (!v || typeof v !== "object") return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f.slideCount === "number" &&
    typeof f.aspectRatio === "string" &&
    (f.headingFont === null || typeof f.headingFont === "string") &&
    (f.bodyFont === null || typeof f.bodyFont === "string") &&
    isStringArray(f.fonts) &&
    isStringArray(f.themeColors) &&
    isStringArray(f.missingFonts) &&
    isStringArray(f.links)
  );
}

/** Whether a value is an UploadedFile as the server sends it. */
export function isUploadedFile(v: unknown): v is UploadedFile {
  if (!v || typeof v !== "object") return false;
  const u = v as Record<string, unknown>;
  return (
    typeof u.id === "string" &&
    u.id !== "" &&
    typeof u.name === "string" &&
    typeof u.size === "number" &&
    (u.kind === "pptx" || u.kind === "key") &&
    (u.facts === null || u.facts === undefined || isFacts(u.facts))
  );
}

/**
 * What an upload's answer means for its row. `status` 0 is a connection that dropped. 201 (or any 2xx)
 * with `{ ok: true, upload }` is done; an error answer carries `{ ok: false, code, message }` (the
 * message in the reader's language); an answer that is not that JSON (a proxy's page) is a failure the
 * page words itself (`message` null).
 */
export function parseUploadAnswer(status: number, body: string): RowState {
  if (status === 0) return { status: "stopped" };
  let json: unknown = null;
  try {
    json = JSON.parse(body);
  } catch {
    json = null;
  }
  const j = json && typeof json === "object" ? (json as Record<string, unknown>) : null;
  if (status >= 200 && status < 300 && j?.ok === true && isUploadedFile(j.upload)) {
    return { status: "done", upload: { ...j.upload, facts: j.upload.facts ?? null } };
  }
  const code =
    j && typeof j.code === "string" && j.code !== ""
      ? j.code
      : status === 413
        ? "tooLarge"
        : status >= 200 && status < 300
          ? "unreadable"
          : `http${status}`;
  const message = j && typeof j.message === "string" && j.message.trim() !== "" ? j.message : null;
  return { status: "failed", code, message };
}

/**
 * The colour a new variant starts with: the first colour no other variant uses, else the first colour
 * (the operator changes it), or "" when there are no colours at all.
 */
export function nextDefaultColour(colours: readonly Option[], used: readonly string[]): string {
  const taken = new Set(used);
  return colours.find((c) => !taken.has(c.value))?.value ?? colours[0]?.value ?? "";
}

const sizeFormats = new Map<string, Intl.NumberFormat>();

function sizeFormat(locale: Locale, unit: "kilobyte" | "megabyte"): Intl.NumberFormat {
  const key = `${locale}:${unit}`;
  let f = sizeFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE_TAGS[locale], {
      style: "unit",
      unit,
      unitDisplay: "short",
      maximumFractionDigits: 1,
    });
    sizeFormats.set(key, f);
  }
  return f;
}

/** A file's size in the reader's language: "840 KB", "12.5 MB" (es: "12,5 MB"). Binary units, as file managers count. */
export function formatSize(bytes: number, locale: Locale): string {
  const b = Math.max(0, bytes);
  if (b < 1024 * 1024) {
    // Never "0 KB" for a file that has bytes.
    const kb = b / 1024;
    return sizeFormat(locale, "kilobyte").format(b > 0 && kb < 0.1 ? 0.1 : kb);
  }
  return sizeFormat(locale, "megabyte").format(b / (1024 * 1024));
}

export type VariantField = "pptx" | "colour" | "keynote" | "googleSlides";
export const VARIANT_FIELDS: readonly VariantField[] = ["pptx", "colour", "keynote", "googleSlides"];

/** A variant's field name: `variant.0.colour`. `index` counts from 0 in the order shown. */
export function variantFieldName(index: number, field: VariantField): string {
  return `variant.${index}.${field}`;
}

/**
 * The form's entries for the variants and the Keynote uploads, in the order the page sends them:
 * `variant.N.pptx`, `variant.N.colour`, `variant.N.keynote`, `variant.N.googleSlides` for each variant,
 * then one `keynotes` entry per uploaded .key file (chosen in a variant or not), so that a refused form
 * can give every upload back.
 */
export function uploadFormEntries(
  variants: readonly VariantValue[],
  keynotes: readonly UploadedFile[],
): [string, string][] {
  const out: [string, string][] = [];
  variants.forEach((v, i) => {
    out.push([variantFieldName(i, "pptx"), v.upload.id]);
    out.push([variantFieldName(i, "colour"), v.colour]);
    out.push([variantFieldName(i, "keynote"), v.keynote]);
    out.push([variantFieldName(i, "googleSlides"), v.googleSlides]);
  });
  for (const k of keynotes) out.push(["keynotes", k.id]);
  return out;
}

/** The Keynote files a variant may choose: those no other variant chose, in upload order. */
export function keynoteChoices(
  keynotes: readonly UploadedFile[],
  variants: readonly { id: string; keynote: string }[],
  forVariant: string,
): UploadedFile[] {
  const takenElsewhere = new Set(variants.filter((v) => v.id !== forVariant && v.keynote).map((v) => v.keynote));
  return keynotes.filter((k) => !takenElsewhere.has(k.id));
}

/** Text folded for a filter: case and accents ignored, so "dise" finds "Diseño". */
export function foldText(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** Whether an option shows for what the reader typed in a filter (its label or its value contains it). */
export function matchesFilter(option: Option, query: string): boolean {
  const q = foldText(query);
  return q === "" || foldText(option.label).includes(q) || foldText(option.value).includes(q);
}
