/**
 * The operator's template form (issue 20: "upload a new template or a new version in the browser; edit
 * both languages' texts, tags, category, styles, licence"). It is the import with another file source:
 * the form becomes a manifest, checked by the same `checkTemplate` (manifest.ts) over the operator's
 * uploads, and written by the same `applyTemplatePlans` (import.ts), which keeps the audit log. Decks
 * sent with the form make a new version whose previews a job draws; without decks, the version shown
 * stays and only the texts and filing change.
 */
import { z } from "zod";
import { TEMPLATE_IMPORT } from "#config/constants.ts";
import type { Db, Executor } from "#db/client.server.ts";
import type { AuditActor } from "#modules/operator/audit.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Result } from "#modules/shared/result.ts";
import { slugify } from "#modules/shared/text.ts";
import { applyTemplatePlans, loadVocabulary, type TemplateImportContext } from "./import.ts";
import { checkTemplate, type ImportProblem, manifestSchema, variantSchema } from "./manifest.ts";
import {
  findTemplateSource,
  importKeysLike,
  selectEditorNames,
  selectEditorTemplate,
  selectLatestVersion,
} from "./repo/editor.ts";
import { findUploads, forgetUploads, type UploadView, uploadFiles } from "./uploads.ts";

export type Option = { value: string; label: string };
export type EditorOptions = {
  categories: Option[];
  tags: Option[];
  styles: Option[];
  colours: (Option & { hex: string })[];
  designers: Option[];
};

export type EditorValues = {
  en: { title: string; description: string; slug: string };
  es: { title: string; description: string; slug: string };
  category: string;
  tags: string[];
  styles: string[];
  licence: "free" | "premium";
  designer: string;
  publish: "draft" | "now" | "at";
  /** YYYY-MM-DDTHH:MM, UTC, or "". */
  publishAt: string;
};

export type EditorVersion = {
  number: number;
  state: "queued" | "rendering" | "ready" | "failed";
  progress: number;
  reason: string | null;
  detail: string | null;
  missingFonts: string[];
};

export type EditorTemplate = {
  id: number;
  importKey: string;
  slug: string;
  /** Public now. */
  published: boolean;
  version: EditorVersion | null;
  /** The colours of the version shown. */
  colours: string[];
};

export type EditorInput = {
  templateId: number | null;
  values: Omit<EditorValues, "publishAt"> & { publishAt: Date | null };
  variants: { pptx: string; colour: string; keynote: string | null; googleSlides: string | null }[];
};

/** The saved template (and its new version, when decks came), or the refusal: the form's message and each field's. */
export type SaveResult = Result<{ templateId: number; versionId: number | null }>;

const ERR = {
  notFound: "account.operator.editor.errors.notFound",
  demo: "account.operator.editor.errors.demo",
  needDeck: "account.operator.editor.errors.needDeck",
  invalid: "account.operator.editor.errors.invalid",
  fix: "account.operator.editor.errors.fix",
} as const;

type Ctx = Pick<ServiceContext, "db" | "clock" | "locale">;

/** The names the form offers, in the page's language. */
export async function editorOptions(ctx: Ctx): Promise<EditorOptions> {
  const { tags, styles, colours, designers } = await selectEditorNames(ctx.db, ctx.locale);
  const sorted = (list: Option[]) => list.sort((a, b) => a.label.localeCompare(b.label, ctx.locale));
  return {
    categories: sorted(tags.filter((t) => t.type === "category").map((t) => ({ value: t.slug, label: t.name }))),
    tags: sorted(tags.filter((t) => t.type === "tag").map((t) => ({ value: t.slug, label: t.name }))),
    styles: sorted(styles.map((s) => ({ value: s.slug, label: s.name }))),
    colours: colours.map((c) => ({ value: c.slug, label: c.name, hex: c.hex })),
    designers: sorted(designers.map((d) => ({ value: d.key, label: d.name }))),
  };
}

/** A new template's form. */
export function emptyValues(): EditorValues {
  return {
    en: { title: "", description: "", slug: "" },
    es: { title: "", description: "", slug: "" },
    category: "",
    tags: [],
    styles: [],
    licence: "free",
    designer: "",
    publish: "draft",
    publishAt: "",
  };
}

/** An imported template as the form shows it; null when there is none (demo templates are not edited). */
export async function loadTemplateEditor(
  ctx: Ctx,
  templateId: number,
): Promise<{ template: EditorTemplate; values: EditorValues } | null> {
  const now = ctx.clock.now();
  const row = await selectEditorTemplate(ctx.db, templateId);
  if (!row?.import_key) return null;
  const version = await latestVersion(ctx.db, row.id);
  const publishAt = row.publish_at ? new Date(row.publish_at) : null;
  const publishedAt = row.published_at ? new Date(row.published_at) : null;
  return {
    template: {
      id: row.id,
      importKey: row.import_key,
      slug: row.texts?.[ctx.locale]?.slug ?? row.texts?.en?.slug ?? "",
      published: publishedAt !== null && publishedAt <= now,
      version,
      colours: row.colours,
    },
    values: {
      en: row.texts?.en ?? { title: "", description: "", slug: "" },
      es: row.texts?.es ?? { title: "", description: "", slug: "" },
      category: row.category,
      tags: row.tags,
      styles: row.styles,
      licence: row.is_premium ? "premium" : "free",
      designer: row.designer ?? "",
      publish: publishAt === null ? "draft" : publishAt <= now ? "now" : "at",
      publishAt: publishAt && publishAt > now ? publishAt.toISOString().slice(0, 16) : "",
    },
  };
}

/** The newest version of a template with how far its previews are. */
export async function latestVersion(db: Db, templateId: number): Promise<EditorVersion | null> {
  const v = await selectLatestVersion(db, templateId);
  return v
    ? {
        number: v.number,
        state: v.state,
        progress: v.state === "ready" ? 100 : v.progress,
        reason: v.reason,
        detail: v.detail,
        missingFonts: v.missingFonts ?? [],
      }
    : null;
}

/** Uploads a failed save keeps showing (the operator's own, not yet used). */
export async function keptUploads(ctx: Pick<ServiceContext, "db" | "clock">, accountId: number, ids: string[]) {
  const found = await findUploads(ctx, accountId, ids.slice(0, TEMPLATE_IMPORT.maxVariants * 2));
  return new Map<string, UploadView>([...found].map(([id, { row: _row, ...v }]) => [id, v]));
}

/** A key no imported template has: the English slug, then -2, -3… */
async function freeKey(db: Executor, base: string): Promise<string> {
  const stem = slugify(base, TEMPLATE_IMPORT.keyMax - 4) || "template";
  const taken = new Set(await importKeysLike(db, stem));
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** The form's manifest: the same fields as template.yaml; decks may be left out of an edit. */
const formManifest = manifestSchema
  .omit({ variants: true })
  .extend({ variants: z.array(variantSchema).max(TEMPLATE_IMPORT.maxVariants) });

/** Where a problem shows in the form: the field the form names it by. */
function fieldOf(p: ImportProblem): string {
  const f = p.field ?? "";
  const m = /^variants\.(\d+)\.(\w+)$/.exec(f);
  if (m) return `variant.${m[1]}.${m[2] === "pptx" ? "pptx" : m[2]}`;
  return f || "form";
}

/**
 * Saves the operator's form: a new template, or an imported one's texts and filing, with a new version
 * when decks came with it. Everything is checked first; on any problem nothing is written and the
 * uploads stay for the next try.
 */
export async function saveTemplateFromForm(
  ctx: TemplateImportContext & { locale: ServiceContext["locale"] },
  actor: AuditActor & { kind: "account" },
  input: EditorInput,
): Promise<SaveResult> {
  const fail = (errors: Record<string, string>, code: string = ERR.fix): SaveResult => ({
    ok: false,
    code,
    fieldErrors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
  });
  let key: string;
  if (input.templateId !== null) {
    const t = await findTemplateSource(ctx.db, input.templateId);
    if (!t) return fail({}, ERR.notFound);
    if (!t.importKey) return fail({}, ERR.demo);
    key = t.importKey;
  } else {
    if (!input.variants.length) return fail({ variants: ERR.needDeck });
    key = await freeKey(ctx.db, input.values.en.slug || input.values.en.title);
  }
  const v = input.values;
  const raw = {
    key,
    category: v.category,
    tags: v.tags,
    styles: v.styles,
    licence: v.licence,
    publish: v.publish === "draft" ? false : v.publish === "now" ? true : (v.publishAt ?? false),
    ...(v.designer ? { designer: v.designer } : {}),
    en: { title: v.en.title, description: v.en.description, ...(v.en.slug ? { slug: v.en.slug } : {}) },
    es: { title: v.es.title, description: v.es.description, ...(v.es.slug ? { slug: v.es.slug } : {}) },
    variants: input.variants.map((x) => ({
      colour: x.colour,
      pptx: `${x.pptx}.pptx`,
      ...(x.keynote ? { keynote: `${x.keynote}.key` } : {}),
      ...(x.googleSlides ? { googleSlides: x.googleSlides } : {}),
    })),
  };
  const parsed = formManifest.safeParse(raw);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const i of parsed.error.issues) {
      const path = i.path.map(String);
      const field =
        path[0] === "variants" ? `variant.${path[1]}.${path[2] ?? "pptx"}` : path.slice(0, 2).join(".") || "form";
      errors[field] ??= ERR.invalid;
    }
    return fail(errors);
  }
  const ids = input.variants.flatMap((x) => [x.pptx, ...(x.keynote ? [x.keynote] : [])]);
  const uploads = await findUploads(ctx, actor.id, ids);
  const problems: ImportProblem[] = [];
  const vocabulary = await loadVocabulary(ctx.db);
  const files = uploadFiles(uploads, key, problems);
  const byId = {
    ...files,
    deck: (name: string, field: string) => files.deck(name.replace(/\.pptx$/, ""), field),
    keynote: (name: string, field: string) => files.keynote(name.replace(/\.key$/, ""), field),
  };
  const plan = await checkTemplate(
    { ...parsed.data, variants: parsed.data.variants } as Parameters<typeof checkTemplate>[0],
    {
      where: key,
      vocabulary,
      designers: vocabulary.designers,
      slugs: { en: new Map(), es: new Map() },
      problems,
      files: byId,
    },
  );
  const toErrors = (list: ImportProblem[]) => {
    const errors: Record<string, string> = {};
    for (const p of list) errors[fieldOf(p)] ??= p.formCode ?? p.code ?? ERR.invalid;
    return errors;
  };
  if (!plan) return fail(toErrors(problems));
  const result = await applyTemplatePlans(ctx, { templates: [plan], designers: [] }, { actor, createdBy: actor.id });
  if (result.problems.length) return fail(toErrors(result.problems));
  await forgetUploads(ctx, ids);
  const item = result.items[0];
  return { ok: true, value: { templateId: item.templateId, versionId: item.versionId } };
}
