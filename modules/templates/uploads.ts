/**
 * Decks and Keynote files an operator sends in the browser, one request per file (issue 20: "the upload
 * streams to storage, it is never held whole in memory"). The body goes chunk by chunk through a hash
 * and a byte count into the file storage under `uploads/<id>`; only then is a deck read and checked
 * (modules/slides/deck.ts), and its facts kept with the upload. An upload belongs to the operator who
 * sent it: only they can make it part of a template (`uploadFiles`), and what is not used goes after
 * TEMPLATE_UPLOADS.keepHours (`purgeStaleUploads`, the maintenance job).
 */
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { DECK_LIMITS, TEMPLATE_UPLOADS } from "#config/constants.ts";
import type { Scope } from "#modules/scope.ts";
import { releaseChunks, releaseLarge } from "#modules/shared/memory.ts";
import type { Result } from "#modules/shared/result.ts";
import { type DeckFacts, inspectDeck } from "#modules/slides/deck.ts";
import { missingFonts } from "#modules/slides/fonts.ts";
import { type FilePlan, type ImportProblem, isZip, type TemplateFiles } from "./manifest.ts";
import {
  completeUpload,
  deleteAccountUpload,
  deleteUpload,
  deleteUploads,
  deleteUploadsMadeBefore,
  insertUpload,
  lockOperatorUploads,
  pendingUploads,
  selectUploads,
  type UploadRow,
} from "./repo/uploads.ts";

export type UploadContext = Pick<Scope, "db" | "storage" | "clock" | "log">;

/** What the operator pages show of a deck. */
export type DeckSummary = {
  slideCount: number;
  aspectRatio: DeckFacts["aspectRatio"];
  headingFont: string | null;
  bodyFont: string | null;
  fonts: string[];
  themeColors: string[];
  missingFonts: string[];
  /** External links and embedded objects, listed for the operator. */
  links: string[];
};

export type UploadView = { id: string; name: string; size: number; kind: "pptx" | "key"; facts: DeckSummary | null };

/** The stored upload, or a refusal (a translation key) with the HTTP status the route answers it with. */
export type UploadResult = Result<UploadView, string, { status: 400 | 411 | 413 | 415 | 422 | 429 | 503 }>;
export type UploadRefusal = Extract<UploadResult, { ok: false }>;

export const UPLOAD_ERRORS = {
  name: "account.operator.editor.errors.fileName",
  type: "account.operator.editor.errors.fileType",
  length: "account.operator.editor.errors.lengthRequired",
  tooMany: "account.operator.editor.errors.tooManyUploads",
  stopped: "account.operator.editor.errors.uploadStopped",
  storage: "account.operator.editor.errors.storageUnavailable",
  keynote: "account.operator.editor.errors.notKeynote",
  gone: "account.operator.editor.errors.uploadGone",
} as const;

type Row = UploadRow;

/** The name the browser sent (`X-File-Name`, URI-encoded), checked: a plain file name, no folders. */
export function uploadName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return null;
  }
  name = name.normalize("NFC").trim();
  if (!name || name.length > TEMPLATE_UPLOADS.nameMax) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f/\\]/.test(name) || name === "." || name === "..") return null;
  return name;
}

export const uploadKey = (id: string) => `uploads/${id}`;

function summary(facts: DeckFacts, missing: string[]): DeckSummary {
  return {
    slideCount: facts.slideCount,
    aspectRatio: facts.aspectRatio,
    headingFont: facts.headingFont,
    bodyFont: facts.bodyFont,
    fonts: facts.fonts,
    themeColors: facts.themeColors.map((c) => c.hex),
    missingFonts: missing,
    links: [...facts.externalLinks, ...facts.embeddedObjects],
  };
}

const view = (r: Row): UploadView => ({
  id: r.id,
  name: r.name,
  size: Number(r.size_bytes),
  kind: r.kind,
  facts: r.facts ? summary(r.facts, r.facts.missingFonts ?? []) : null,
});

const isNoSpace = (e: unknown) => ["ENOSPC", "EDQUOT", "EROFS"].includes((e as NodeJS.ErrnoException)?.code ?? "");

/**
 * Receives one file from an operator: `size` is the request's Content-Length, `body` its stream. Answers
 * the upload with what its deck holds, or a refusal (nothing is kept).
 */
export async function receiveUpload(
  ctx: UploadContext,
  accountId: number,
  input: { name: string | null | undefined; size: string | null | undefined; body: ReadableStream<Uint8Array> | null },
): Promise<UploadResult> {
  const name = uploadName(input.name);
  if (!name) return { ok: false, status: 400, code: UPLOAD_ERRORS.name };
  const ext = name.toLowerCase().split(".").pop();
  if (ext === "pptm" || ext === "potm" || ext === "ppsm")
    return { ok: false, status: 415, code: "slides.errors.macros" };
  if (ext !== "pptx" && ext !== "key") return { ok: false, status: 415, code: UPLOAD_ERRORS.type };
  const kind = ext;
  if (input.size == null || !/^\d{1,12}$/.test(input.size))
    return { ok: false, status: 411, code: UPLOAD_ERRORS.length };
  const size = Number(input.size);
  if (size > DECK_LIMITS.maxBytes) return { ok: false, status: 413, code: "slides.errors.tooLarge" };
  if (size === 0 || !input.body)
    return { ok: false, status: 422, code: kind === "pptx" ? "slides.errors.notPresentation" : UPLOAD_ERRORS.keynote };

  const id = randomBytes(16).toString("hex");
  const key = uploadKey(id);
  // A place is reserved before the body is read, under a lock per operator: uploads sent together
  // cannot pass the limit between them.
  const since = new Date(ctx.clock.now().getTime() - TEMPLATE_UPLOADS.keepHours * 3_600_000);
  const reserved = await ctx.db.transaction(async (db) => {
    await lockOperatorUploads(db, accountId);
    const pending = await pendingUploads(db, accountId, since);
    if (pending.n >= TEMPLATE_UPLOADS.maxPending || Number(pending.bytes) + size > TEMPLATE_UPLOADS.maxPendingBytes)
      return false;
    await insertUpload(db, {
      id,
      accountId,
      name,
      kind,
      sizeBytes: size,
      storageKey: key,
      createdAt: ctx.clock.now(),
    });
    return true;
  });
  if (!reserved) return { ok: false, status: 429, code: UPLOAD_ERRORS.tooMany };
  const release = () => deleteUpload(ctx.db, id).catch(() => {});

  const hash = createHash("sha256");
  let received = 0;
  let head = Buffer.alloc(0);
  // The body as it arrives, hashed and counted on the way; an error (the client went away, more bytes
  // than announced) ends the stream the storage reads, and stopping early cancels the body.
  let released = 0;
  async function* counted(source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      received += chunk.length;
      // Chunks already written are freed every few megabytes, not when the heap gets round to it.
      if (received - released >= TEMPLATE_UPLOADS.releaseEveryBytes) {
        released = received;
        releaseChunks();
      }
      if (received > size) throw new Error(`more than the ${size} bytes announced`);
      if (head.length < 8) head = Buffer.concat([head, chunk.subarray(0, 8)]);
      hash.update(chunk);
      yield chunk;
    }
  }
  try {
    await ctx.storage.putStream(key, Readable.from(counted(input.body)), size);
  } catch (error) {
    await ctx.storage.delete(key).catch(() => {});
    await release();
    if (isNoSpace(error)) {
      ctx.log.error("upload not stored: no space", { error });
      return { ok: false, status: 503, code: UPLOAD_ERRORS.storage };
    }
    if (received < size || received > size) return { ok: false, status: 400, code: UPLOAD_ERRORS.stopped };
    ctx.log.error("upload not stored", { error });
    return { ok: false, status: 503, code: UPLOAD_ERRORS.storage };
  }

  let facts: (DeckFacts & { missingFonts: string[] }) | null = null;
  const refuse = async (refusal: UploadRefusal) => {
    await ctx.storage.delete(key).catch(() => {});
    await release();
    return refusal;
  };
  // A Keynote package is a ZIP archive; a deck is judged by the deck reader (an encrypted one is not a ZIP).
  if (kind === "key" && !isZip(head)) return refuse({ ok: false, status: 422, code: UPLOAD_ERRORS.keynote });
  if (kind === "pptx") {
    // The deck reader needs the package's directory: read the stored file once it is whole.
    let data = await ctx.storage.get(key);
    if (!data) return refuse({ ok: false, status: 503, code: UPLOAD_ERRORS.storage });
    const inspected = inspectDeck(data);
    data = null;
    // The whole deck was read once to inspect it: give its memory back now rather than later.
    releaseLarge();
    if (!inspected.ok) return refuse({ ok: false, status: 422, code: inspected.code, detail: inspected.detail });
    const { slideTexts, ...rest } = inspected.value;
    facts = {
      ...rest,
      slideTexts: slideTexts.map((t) => t.slice(0, 20_000)),
      missingFonts: await missingFonts(inspected.value.fonts).catch(() => []),
    };
  }
  const row = await completeUpload(ctx.db, id, { sha256: hash.digest("hex"), facts });
  if (!row) return refuse({ ok: false, status: 503, code: UPLOAD_ERRORS.storage });
  return { ok: true, value: view(row) };
}

/** An operator's uploads by id (others' and expired ones are not found). */
export async function findUploads(ctx: Pick<UploadContext, "db" | "clock">, accountId: number, ids: string[]) {
  if (!ids.length) return new Map<string, UploadView & { row: Row }>();
  const since = new Date(ctx.clock.now().getTime() - TEMPLATE_UPLOADS.keepHours * 3_600_000);
  const rows = await selectUploads(ctx.db, accountId, since, ids);
  return new Map(rows.map((r) => [r.id, { ...view(r), row: r }]));
}

/**
 * The files of a template made in the operator pages: the manifest names uploads by id. An upload that
 * is not the operator's, has expired or is of the wrong kind is a problem naming the field.
 */
export function uploadFiles(
  uploads: Map<string, UploadView & { row: Row }>,
  where: string,
  problems: ImportProblem[],
): TemplateFiles {
  const plan = (r: Row): FilePlan => ({
    file: r.name,
    sha256: r.sha256,
    size: Number(r.size_bytes),
    storageKey: r.storage_key,
  });
  const find = (id: string, kind: "pptx" | "key", field: string) => {
    const u = uploads.get(id);
    if (!u || u.kind !== kind) {
      problems.push({ file: where, field, message: `upload ${id} is not there`, formCode: UPLOAD_ERRORS.gone });
      return null;
    }
    return u.row;
  };
  return {
    async deck(id, field) {
      const r = find(id, "pptx", field);
      if (!r?.facts) return null;
      const { missingFonts: _missing, ...facts } = r.facts;
      return { ...plan(r), facts };
    },
    async keynote(id, field) {
      const r = find(id, "key", field);
      return r ? plan(r) : null;
    },
    previews: async () => null,
  };
}

/** Removes uploads once they are part of a template (their files were copied to their content address). */
export async function forgetUploads(ctx: Pick<UploadContext, "db" | "storage">, ids: string[]) {
  if (!ids.length) return;
  const keys = await deleteUploads(ctx.db, ids);
  for (const k of keys) await ctx.storage.delete(k).catch(() => {});
}

/** Deletes uploads never used after TEMPLATE_UPLOADS.keepHours; answers how many went. */
export async function purgeStaleUploads(ctx: Pick<UploadContext, "db" | "storage" | "clock">): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - TEMPLATE_UPLOADS.keepHours * 3_600_000);
  const keys = await deleteUploadsMadeBefore(ctx.db, before);
  for (const k of keys) await ctx.storage.delete(k).catch(() => {});
  return keys.length;
}

/** An upload the operator removed from the form before saving. */
export async function discardUpload(ctx: Pick<UploadContext, "db" | "storage">, accountId: number, id: string) {
  const keys = await deleteAccountUpload(ctx.db, accountId, id);
  for (const k of keys) await ctx.storage.delete(k).catch(() => {});
  return keys.length > 0;
}
