/**
 * A folder of real templates (README: "Importing templates"), read and checked before anything is
 * written:
 *
 *   designers/<key>.yaml          a designer: name, link, bio { en, es }
 *   <key>/template.yaml           the template's shared fields and both languages' texts
 *   <key>/<file>.pptx             one deck per colour variant
 *   <key>/<file>.key              optional Keynote file of a variant
 *   <key>/previews/<colour>/*     optional slide images (PNG, JPEG, WebP: 01.png, 02.png …) that stand in
 *                                 for the previews drawn from that variant's deck
 *
 * `readTemplateFolder` answers every problem it finds (each naming its file and field) or, when there is
 * none, the plan of every template with its decks read (modules/slides/deck.ts) and hashed.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { DECK_LIMITS, TEMPLATE_IMPORT } from "#config/constants.ts";
import { images as imageWorker, isImageWorkerBusy } from "#modules/shared/images.ts";
import { slugify } from "#modules/shared/text.ts";
import { type DeckFacts, inspectDeck } from "#modules/slides/deck.ts";

/**
 * A problem with a file of the folder. `code`, when present, is a translation key (the deck reader's
 * refusals, shared with the operator pages) and `message` adds its detail.
 */
export type ImportProblem = {
  file: string;
  message: string;
  /** A translation key: the deck reader's refusals, shown by the command and the operator pages. */
  code?: string;
  /** The operator form's own wording of a problem (a translation key); the command prints `message`. */
  formCode?: string;
  /** The manifest field it is about ("category", "en.slug", "variants.0.colour"), when one is. */
  field?: string;
};

/** What the database already names: a manifest may only point at these. */
export type Vocabulary = {
  categories: ReadonlySet<string>;
  tags: ReadonlySet<string>;
  styles: ReadonlySet<string>;
  colors: ReadonlySet<string>;
  /** Designers already in the database (a manifest may name one without a file of its own). */
  designers: ReadonlySet<string>;
};

export type DesignerPlan = {
  key: string;
  file: string;
  name: string;
  link: string | null;
  bio: { en: string; es: string };
};

/**
 * A source file of a template: read from a folder (`data`) or already in the file storage (`storageKey`,
 * an upload from the operator pages); either way hashed, and stored under its content address.
 */
export type FilePlan = { file: string; sha256: string; size: number } & (
  | { data: Buffer; storageKey?: undefined }
  | { storageKey: string; data?: undefined }
);

export type VariantPlan = {
  colour: string;
  pptx: FilePlan & { facts: DeckFacts };
  keynote: FilePlan | null;
  /** The presentation's "make a copy" address (…/presentation/d/<id>/copy). */
  googleSlides: string | null;
  /** Operator-supplied slide images in slide order, or null (previews are drawn from the deck). */
  previews: FilePlan[] | null;
};

export type TemplatePlan = {
  key: string;
  file: string;
  category: string;
  tags: string[];
  styles: string[];
  premium: boolean;
  /** true: publish now (or keep the date it has); false: a draft; a date: from then on. */
  publish: boolean | Date;
  designer: string | null;
  texts: Record<"en" | "es", { title: string; description: string; slug: string }>;
  variants: VariantPlan[];
  /** Hash of everything a version is made from (decks, Keynote files, preview images). */
  sourceHash: string;
};

export type FolderPlan = { templates: TemplatePlan[]; designers: DesignerPlan[]; problems: ImportProblem[] };

const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const GOOGLE_SLIDES =
  /^https:\/\/docs\.google\.com\/presentation\/d\/([A-Za-z0-9_-]{10,100})(?:\/[^?#]*)?(?:[?#].*)?$/;
const IMAGE_NAME = /\.(png|jpe?g|webp)$/i;

const missingOr = (what: string) => (issue: { input?: unknown }) => (issue.input === undefined ? "is missing" : what);
const text = (min: number, max: number) =>
  z
    .string({ error: missingOr("must be text") })
    .trim()
    .min(min, { error: "must not be empty" })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((v) => !/\p{Cc}/u.test(v.replace(/[\n\t]/g, "")), { error: "must not hold control characters" });
const key = z
  .string({ error: missingOr("must be text") })
  .max(TEMPLATE_IMPORT.keyMax, { error: `must be at most ${TEMPLATE_IMPORT.keyMax} characters` })
  .regex(KEY, { error: "must be lowercase letters and digits joined by single hyphens" });
const slugList = z
  .array(z.string({ error: "must be a list of slugs" }), { error: "must be a list" })
  .max(TEMPLATE_IMPORT.maxListItems, { error: `names more than ${TEMPLATE_IMPORT.maxListItems} entries` })
  .refine((a) => new Set(a).size === a.length, { error: "names an entry twice" });
const fileName = z
  .string({ error: missingOr("must be a file name") })
  .min(1, { error: "must not be empty" })
  .max(200, { error: "must be at most 200 characters" })
  .refine((v) => !v.includes("/") && !v.includes("\\") && v !== "." && v !== ".." && !v.startsWith("."), {
    error: "must be the name of a file beside template.yaml (no folders)",
  });
const localeTexts = z.strictObject(
  {
    title: text(1, TEMPLATE_IMPORT.titleMax),
    description: text(1, TEMPLATE_IMPORT.descriptionMax),
    slug: z
      .string({ error: "must be text" })
      .max(120, { error: "must be at most 120 characters" })
      .regex(SLUG, { error: "must be lowercase letters and digits joined by single hyphens" })
      .optional(),
  },
  { error: missingOr("must be a mapping with title and description") },
);

/** One colour variant of a manifest. */
export const variantSchema = z.strictObject({
  colour: z.string({ error: missingOr("must be a colour slug") }),
  pptx: fileName.refine((v) => v.toLowerCase().endsWith(".pptx"), {
    error: "must name a .pptx file (macro-enabled .pptm decks are refused)",
  }),
  keynote: fileName.refine((v) => v.toLowerCase().endsWith(".key"), { error: "must name a .key file" }).optional(),
  googleSlides: z
    .string({ error: "must be an address" })
    .regex(GOOGLE_SLIDES, { error: "must be a Google Slides address (https://docs.google.com/presentation/d/…)" })
    .optional(),
});

export const manifestSchema = z.strictObject({
  key,
  category: z.string({ error: missingOr("must be a category slug") }),
  tags: slugList.default([]),
  styles: slugList.default([]),
  licence: z.enum(["free", "premium"], { error: missingOr('must be "free" or "premium"') }),
  publish: z
    .union([z.boolean(), z.date(), z.string()], { error: 'must be true, false or a date ("2026-12-01")' })
    .default(true),
  designer: key.optional(),
  en: localeTexts,
  es: localeTexts,
  variants: z
    .array(variantSchema, { error: missingOr("must be a list of colour variants") })
    .min(1, { error: "must list at least one colour variant" })
    .max(TEMPLATE_IMPORT.maxVariants, { error: `must list at most ${TEMPLATE_IMPORT.maxVariants} variants` }),
});

/** A template.yaml, as parsed (the operator form builds the same shape). */
export type Manifest = z.infer<typeof manifestSchema>;

export const designerSchema = z.strictObject({
  name: text(1, 80),
  link: z
    .string({ error: "must be an address" })
    .url({ error: "must be an https:// address" })
    .refine((v) => v.startsWith("https://"), { error: "must be an https:// address" })
    .optional(),
  bio: z.strictObject({ en: text(0, 600), es: text(0, 600) }, { error: missingOr("must have en and es") }).optional(),
});

const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join("/");
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** "2026-12-01" or an ISO date and time; YAML's own dates arrive as Date objects. */
function parsePublish(v: boolean | Date | string): boolean | Date | null {
  if (typeof v === "boolean") return v;
  const d =
    v instanceof Date ? v : /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(v) ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime())) return null;
  // A real calendar day: JavaScript would move 2026-02-30 to March without a word.
  if (typeof v === "string" && d.toISOString().slice(0, 10) !== v.slice(0, 10) && !/[+-]\d{2}:?\d{2}$/.test(v))
    return null;
  return d;
}

/** zod issues as messages naming the field. */
function zodProblems(file: string, error: z.ZodError): ImportProblem[] {
  return error.issues.map((i) => {
    const field = i.path.length ? i.path.map(String).join(".") : "the file";
    const message =
      i.code === "unrecognized_keys"
        ? `${i.path.length ? `"${field}": ` : ""}unknown field${i.keys.length > 1 ? "s" : ""} ${i.keys.map((k) => `"${k}"`).join(", ")}`
        : `"${field}" ${i.message}`;
    return { file, message };
  });
}

async function statOrNull(file: string) {
  try {
    return await fs.stat(file);
  } catch {
    return null;
  }
}

/** A YAML file as a plain object, or a problem. Anchors and aliases are limited (no billion laughs). */
async function readYaml(root: string, file: string, problems: ImportProblem[]): Promise<unknown> {
  const stat = await statOrNull(file);
  if (!stat?.isFile()) {
    problems.push({ file: rel(root, file), message: "is missing" });
    return undefined;
  }
  if (stat.size > TEMPLATE_IMPORT.maxYamlBytes) {
    problems.push({ file: rel(root, file), message: `is larger than ${TEMPLATE_IMPORT.maxYamlBytes} bytes` });
    return undefined;
  }
  let source: string;
  try {
    source = new TextDecoder("utf-8", { fatal: true }).decode(await fs.readFile(file));
  } catch {
    problems.push({ file: rel(root, file), message: "is not UTF-8 text" });
    return undefined;
  }
  try {
    // yaml (about 13 MB resident) is loaded by the first manifest read, not at start.
    const { parse: parseYaml } = await import("yaml");
    const value = parseYaml(source.replace(/^\uFEFF/, ""), { maxAliasCount: 20, prettyErrors: false });
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      problems.push({ file: rel(root, file), message: "must be a YAML mapping (field: value lines)" });
      return undefined;
    }
    return value;
  } catch (error) {
    problems.push({ file: rel(root, file), message: `is not valid YAML: ${(error as Error).message.split("\n")[0]}` });
    return undefined;
  }
}

/** A file beside the manifest, read within the size limit; null with the problem noted. */
async function readBeside(
  root: string,
  dir: string,
  name: string,
  field: string,
  max: number,
  problems: ImportProblem[],
): Promise<FilePlan | null> {
  const file = path.join(dir, name);
  const stat = await statOrNull(file);
  const where = rel(root, path.join(dir, "template.yaml"));
  if (!stat?.isFile()) {
    problems.push({ file: where, message: `"${field}": ${name} is not a file in ${rel(root, dir)}/` });
    return null;
  }
  if (stat.size > max) {
    problems.push({ file: rel(root, file), message: `is larger than ${Math.round(max / 1024 / 1024)} MB` });
    return null;
  }
  const data = await fs.readFile(file);
  return { file: rel(root, file), data, sha256: sha256(data), size: data.length };
}

async function readDesigners(root: string, vocabulary: Vocabulary, problems: ImportProblem[]) {
  const dir = path.join(root, "designers");
  const names = (await statOrNull(dir))?.isDirectory() ? (await fs.readdir(dir)).sort() : [];
  const designers: DesignerPlan[] = [];
  for (const name of names) {
    if (name.startsWith(".")) continue;
    const file = path.join(dir, name);
    const m = /^(.+)\.ya?ml$/.exec(name);
    if (!m || !KEY.test(m[1])) {
      problems.push({
        file: rel(root, file),
        message: "expected a file named <key>.yaml (lowercase letters, digits, hyphens)",
      });
      continue;
    }
    const raw = await readYaml(root, file, problems);
    if (raw === undefined) continue;
    const parsed = designerSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(...zodProblems(rel(root, file), parsed.error));
      continue;
    }
    designers.push({
      key: m[1],
      file: rel(root, file),
      name: parsed.data.name,
      link: parsed.data.link ?? null,
      bio: { en: parsed.data.bio?.en ?? "", es: parsed.data.bio?.es ?? "" },
    });
  }
  const known = new Set([...vocabulary.designers, ...designers.map((d) => d.key)]);
  return { designers, known };
}

/** Slide images of a variant, in name order, checked by content. */
async function readPreviewImages(
  root: string,
  dir: string,
  colour: string,
  slides: number,
  problems: ImportProblem[],
): Promise<FilePlan[] | null> {
  const folder = path.join(dir, "previews", colour);
  if (!(await statOrNull(folder))?.isDirectory()) return null;
  const names = (await fs.readdir(folder))
    .filter((n) => !n.startsWith("."))
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  const images: FilePlan[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    if (!IMAGE_NAME.test(name)) {
      problems.push({ file: rel(root, file), message: "is not a slide image (PNG, JPEG or WebP: 01.png, 02.png …)" });
      continue;
    }
    const read = await readBeside(root, folder, name, `previews/${colour}`, TEMPLATE_IMPORT.maxPreviewBytes, problems);
    if (!read) continue;
    const meta = await imageWorker()
      .metadata({ input: read.data as Buffer })
      .catch((error: unknown) => {
        if (isImageWorkerBusy(error)) throw error;
        return null;
      });
    if (!meta || !["png", "jpeg", "webp"].includes(meta.format ?? "") || !meta.width || !meta.height) {
      problems.push({ file: read.file, message: "is not a PNG, JPEG or WebP image" });
      continue;
    }
    images.push(read);
  }
  if (images.length && images.length !== slides)
    problems.push({
      file: rel(root, folder),
      message: `holds ${images.length} slide images, but the deck has ${slides} slides`,
    });
  return images;
}

/** Where a manifest's files come from: a folder beside template.yaml, or the operator's uploads. */
export type TemplateFiles = {
  /** A deck, read and checked; null with its problem noted. */
  deck(name: string, field: string): Promise<(FilePlan & { facts: DeckFacts }) | null>;
  keynote(name: string, field: string): Promise<FilePlan | null>;
  /** The variant's own slide images, or null when it has none. */
  previews(colour: string, slides: number): Promise<FilePlan[] | null>;
};

/** The checks of one template beyond its schema, shared by the folder and the operator pages. */
export type CheckRun = {
  where: string;
  vocabulary: Vocabulary;
  designers: ReadonlySet<string>;
  /** Slugs already planned in this run, per language (two templates of one folder may not share one). */
  slugs: { en: Map<string, string>; es: Map<string, string> };
  problems: ImportProblem[];
  files: TemplateFiles;
};

const KEYS = {
  unknown: "account.operator.editor.errors.unknownChoice",
  slug: "account.operator.editor.errors.slug",
  slugTaken: "account.operator.editor.errors.slugTaken",
  colourTwice: "account.operator.editor.errors.colourTwice",
  date: "account.operator.editor.errors.date",
} as const;

/**
 * Checks a parsed manifest against the catalogue's names and reads its files; answers its plan, or null
 * with every problem noted in `ctx.problems` (each naming the file and the field).
 */
export async function checkTemplate(m: Manifest, ctx: CheckRun): Promise<TemplatePlan | null> {
  const { where, vocabulary, problems, slugs, files } = ctx;
  const before = problems.length;
  const add = (field: string, message: string, code?: string) =>
    problems.push({ file: where, field, message, ...(code ? { formCode: code } : {}) });
  if (!vocabulary.categories.has(m.category))
    add(
      "category",
      `"category": unknown category "${m.category}" (one of ${[...vocabulary.categories].sort().join(", ")})`,
      KEYS.unknown,
    );
  const unknown = (list: string[], set: ReadonlySet<string>) => list.filter((x) => !set.has(x));
  const badTags = unknown(m.tags, vocabulary.tags);
  if (badTags.length)
    add(
      "tags",
      `"tags": unknown tag${badTags.length > 1 ? "s" : ""} ${badTags.map((t) => `"${t}"`).join(", ")}`,
      KEYS.unknown,
    );
  const badStyles = unknown(m.styles, vocabulary.styles);
  if (badStyles.length)
    add(
      "styles",
      `"styles": unknown style${badStyles.length > 1 ? "s" : ""} ${badStyles.map((t) => `"${t}"`).join(", ")} (one of ${[...vocabulary.styles].sort().join(", ")})`,
      KEYS.unknown,
    );
  if (m.designer && !ctx.designers.has(m.designer))
    add("designer", `"designer": no designers/${m.designer}.yaml and no such designer yet`, KEYS.unknown);
  const publish = parsePublish(m.publish);
  if (publish === null) add("publishAt", `"publish" must be true, false or a date ("2026-12-01")`, KEYS.date);
  const texts = {
    en: { title: m.en.title, description: m.en.description, slug: m.en.slug ?? slugify(m.en.title) },
    es: { title: m.es.title, description: m.es.description, slug: m.es.slug ?? slugify(m.es.title) },
  };
  for (const locale of ["en", "es"] as const) {
    const slug = texts[locale].slug;
    if (!slug) add(`${locale}.slug`, `"${locale}.slug" cannot be made from the title: give one`, KEYS.slug);
    const other = slugs[locale].get(slug);
    if (other) add(`${locale}.slug`, `"${locale}.slug" "${slug}" is also the slug of ${other}`, KEYS.slugTaken);
    else slugs[locale].set(slug, where);
  }
  const colours = m.variants.map((v) => v.colour);
  for (const [i, c] of colours.entries())
    if (!vocabulary.colors.has(c))
      add(
        `variants.${i}.colour`,
        `"variants": unknown colour "${c}" (one of ${[...vocabulary.colors].join(", ")})`,
        KEYS.unknown,
      );
  if (new Set(colours).size !== colours.length)
    add(
      `variants.${colours.findIndex((c, i) => colours.indexOf(c) !== i)}.colour`,
      `"variants" names a colour twice`,
      KEYS.colourTwice,
    );
  const variants: VariantPlan[] = [];
  for (const [i, v] of m.variants.entries()) {
    const deck = await files.deck(v.pptx, `variants.${i}.pptx`);
    if (!deck) continue;
    const keynote = v.keynote ? await files.keynote(v.keynote, `variants.${i}.keynote`) : null;
    const previews = await files.previews(v.colour, deck.facts.slideCount);
    const id = v.googleSlides ? GOOGLE_SLIDES.exec(v.googleSlides)?.[1] : null;
    variants.push({
      colour: v.colour,
      pptx: deck,
      keynote,
      googleSlides: id ? `https://docs.google.com/presentation/d/${id}/copy` : null,
      previews: previews?.length ? previews : null,
    });
  }
  if (problems.length > before) return null;
  const hash = createHash("sha256");
  for (const v of variants) {
    hash.update(`${v.colour}\n${v.pptx.sha256}\n${v.keynote?.sha256 ?? "-"}\n`);
    for (const p of v.previews ?? []) hash.update(`${p.sha256}\n`);
  }
  return {
    key: m.key,
    file: where,
    category: m.category,
    tags: m.tags,
    styles: m.styles,
    premium: m.licence === "premium",
    publish: publish as boolean | Date,
    designer: m.designer ?? null,
    texts,
    variants,
    sourceHash: hash.digest("hex"),
  };
}

/** A template folder's files: beside template.yaml, checked as they are read. */
function folderFiles(root: string, dir: string, problems: ImportProblem[]): TemplateFiles {
  return {
    async deck(name, field) {
      const deck = await readBeside(root, dir, name, field, DECK_LIMITS.maxBytes, problems);
      if (!deck) return null;
      const inspected = inspectDeck(deck.data as Buffer);
      if (!inspected.ok) {
        problems.push({ file: deck.file, field, code: inspected.code, message: inspected.detail ?? "" });
        return null;
      }
      return { ...deck, facts: inspected.value };
    },
    async keynote(name, field) {
      const keynote = await readBeside(root, dir, name, field, DECK_LIMITS.maxBytes, problems);
      if (keynote && !isZip(keynote.data as Buffer)) {
        problems.push({
          file: keynote.file,
          field,
          message: "is not a Keynote file (a Keynote package is a ZIP archive)",
        });
        return null;
      }
      return keynote;
    },
    previews: (colour, slides) => readPreviewImages(root, dir, colour, slides, problems),
  };
}

/** A Keynote package (like a .pptx) is a ZIP archive. */
export const isZip = (data: Uint8Array) =>
  data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/** Reads and checks a folder of templates; `problems` is empty when everything can be imported. */
export async function readTemplateFolder(root: string, vocabulary: Vocabulary): Promise<FolderPlan> {
  const problems: ImportProblem[] = [];
  if (!(await statOrNull(root))?.isDirectory())
    return { templates: [], designers: [], problems: [{ file: root, message: "is not a folder" }] };
  if (vocabulary.categories.size === 0)
    return {
      templates: [],
      designers: [],
      problems: [
        {
          file: root,
          message:
            "the catalogue has no categories yet: start the server once on this database (it creates the catalogue's categories, tags, styles and colours), then import",
        },
      ],
    };
  const { designers, known } = await readDesigners(root, vocabulary, problems);
  const templates: TemplatePlan[] = [];
  const entries = (await fs.readdir(root, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && !e.name.startsWith(".") && e.name !== "designers")
    .map((e) => e.name)
    .sort();
  const slugs = { en: new Map<string, string>(), es: new Map<string, string>() };
  for (const folder of entries) {
    const dir = path.join(root, folder);
    const manifestFile = path.join(dir, "template.yaml");
    const where = rel(root, manifestFile);
    const raw = await readYaml(root, manifestFile, problems);
    if (raw === undefined) continue;
    const parsed = manifestSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(...zodProblems(where, parsed.error));
      continue;
    }
    const files = folderFiles(root, dir, problems);
    const plan = await checkTemplate(parsed.data, { where, vocabulary, designers: known, slugs, problems, files });
    if (!plan) continue;
    if (plan.key !== folder)
      problems.push({
        file: where,
        message: `"key" is "${plan.key}", but the folder is "${folder}" (they must match)`,
      });
    else templates.push(plan);
  }
  if (!entries.length) problems.push({ file: root, message: "holds no template folders (<key>/template.yaml)" });
  return { templates, designers, problems };
}
