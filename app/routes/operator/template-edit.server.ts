import { redirect } from "react-router";
import { z } from "zod";
import { notFound, pageContext } from "#app/lib/route.server.ts";
import { samePath } from "#app/lib/seo.ts";
import { TEMPLATE_IMPORT } from "#config/constants.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { GOOGLE_SLIDES } from "#modules/templates/manifest.ts";

/**
 * The operator's template form, server half: a new template (`/operator/templates/new`) or an imported
 * one (`/operator/templates/:id`). The form is checked here for what a person types (one schema, each
 * message a translation key); the service (modules/templates/editor.ts) checks the rest as the import
 * does and writes it.
 */

const E = "account.operator.editor.errors";
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const list = z.array(z.string().max(80)).max(TEMPLATE_IMPORT.maxListItems, { error: `${E}.tooMany` });
const texts = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: `${E}.title` })
    .max(TEMPLATE_IMPORT.titleMax, { error: `${E}.titleLong` }),
  description: z
    .string()
    .trim()
    .min(1, { error: `${E}.description` })
    .max(TEMPLATE_IMPORT.descriptionMax, { error: `${E}.descriptionLong` }),
  slug: z
    .string()
    .trim()
    .max(120, { error: `${E}.slug` })
    .refine((v) => v === "" || SLUG.test(v), { error: `${E}.slug` }),
});
const uploadId = z.string().regex(/^[0-9a-f]{32}$/, { error: `${E}.uploadGone` });

/** The whole form; `variants` are gathered from the `variant.N.*` fields. */
export const templateFormSchema = z
  .object({
    en: texts,
    es: texts,
    category: z
      .string()
      .min(1, { error: `${E}.category` })
      .max(80),
    tags: list,
    styles: list,
    licence: z.enum(["free", "premium"], { error: `${E}.licence` }),
    designer: z.string().max(80),
    publish: z.enum(["draft", "now", "at"], { error: `${E}.publish` }),
    publishAt: z.string().max(40),
    variants: z
      .array(
        z.object({
          pptx: uploadId,
          colour: z
            .string()
            .min(1, { error: `${E}.colour` })
            .max(40),
          keynote: z.union([z.literal(""), uploadId]),
          googleSlides: z
            .string()
            .trim()
            .max(500, { error: `${E}.googleSlides` })
            .refine((v) => v === "" || GOOGLE_SLIDES.test(v), { error: `${E}.googleSlides` }),
        }),
      )
      .max(TEMPLATE_IMPORT.maxVariants, { error: `${E}.tooManyVariants` }),
    keynotes: z.array(uploadId).max(TEMPLATE_IMPORT.maxVariants),
    uploadsPending: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.uploadsPending) ctx.addIssue({ code: "custom", path: ["variants"], message: `${E}.uploadsPending` });
    if (v.publish === "at") {
      const d = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v.publishAt) ? new Date(`${v.publishAt}:00Z`) : null;
      // A real calendar moment: JavaScript would move 2026-02-30 to March without a word.
      if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 16) !== v.publishAt)
        ctx.addIssue({ code: "custom", path: ["publishAt"], message: `${E}.date` });
    }
  });

/** The form's fields as the schema reads them (repeated fields as lists, variants by their number). */
export function formInput(form: FormData) {
  const one = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const variants: { pptx: string; colour: string; keynote: string; googleSlides: string }[] = [];
  for (let i = 0; i <= TEMPLATE_IMPORT.maxVariants; i++) {
    if (!form.has(`variant.${i}.pptx`)) break;
    variants.push({
      pptx: one(`variant.${i}.pptx`),
      colour: one(`variant.${i}.colour`),
      keynote: one(`variant.${i}.keynote`),
      googleSlides: one(`variant.${i}.googleSlides`),
    });
  }
  const all = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  return {
    en: { title: one("en.title"), description: one("en.description"), slug: one("en.slug") },
    es: { title: one("es.title"), description: one("es.description"), slug: one("es.slug") },
    category: one("category"),
    tags: [...new Set(all("tags"))],
    styles: [...new Set(all("styles"))],
    licence: one("licence"),
    designer: one("designer"),
    publish: one("publish"),
    publishAt: one("publishAt"),
    variants,
    keynotes: [...new Set(all("keynotes"))],
    uploadsPending: form.has("uploadsPending") ? one("uploadsPending") : undefined,
  };
}

/** The form's field a schema issue belongs to. */
function issueField(path: PropertyKey[]): string {
  const p = path.map(String);
  if (p[0] === "variants") return p.length >= 3 ? `variant.${p[1]}.${p[2]}` : "variants";
  if (p[0] === "en" || p[0] === "es") return p.slice(0, 2).join(".");
  return p[0] ?? "form";
}

type Args = { request: Request; params: { id?: string }; context: Parameters<typeof pageContext>[1] };

function templateIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  if (!/^\d{1,9}$/.test(params.id)) notFound("page");
  return Number(params.id);
}

export async function editorLoader({ request, params, context }: Args) {
  const { app, ctx, locale, origin, t, url } = pageContext(request, context);
  const id = templateIdOf(params);
  const options = await app.services.templateEditor.editorOptions(ctx);
  const found = id === null ? null : await app.services.templateEditor.loadTemplateEditor(ctx, id);
  if (id !== null && !found) notFound("page");
  const path = id === null ? "/operator/templates/new" : `/operator/templates/${id}`;
  return {
    options,
    template: found?.template ?? null,
    values: found?.values ?? app.services.templateEditor.emptyValues(),
    saved: url.searchParams.get("saved") === "1",
    seo: {
      origin,
      locale,
      title: t(id === null ? "account.operator.editor.newTitle" : "account.operator.editor.editTitle"),
      description: t("account.operator.editor.intro"),
      paths: samePath(path),
      noindex: true,
    },
  };
}

export async function editorAction({ request, params, context }: Args) {
  const { app, ctx, locale } = pageContext(request, context);
  const viewer = app.scope.viewer?.account;
  if (!viewer) notFound("page");
  const id = templateIdOf(params);
  const form = await request.formData();
  const input = formInput(form);
  // What the operator sent comes back with any error, uploads included, so nothing is lost.
  const keep = async (errors: Record<string, string>, formError: string | null) => {
    const ids = [...input.variants.flatMap((v) => [v.pptx, v.keynote]), ...input.keynotes].filter((x) =>
      /^[0-9a-f]{32}$/.test(x),
    );
    const uploads = await app.services.templateEditor.keptUploads(ctx, viewer.id, ids);
    // The decks section shows one message: the first about a deck (its card may be gone with its upload).
    const deckError = Object.entries(errors).find(([field]) => field.startsWith("variant."))?.[1];
    if (deckError && !errors.variants) errors.variants = deckError;
    return {
      ok: false as const,
      errors,
      formError,
      values: {
        ...input,
        licence: input.licence === "premium" ? ("premium" as const) : ("free" as const),
        publish: (["draft", "now", "at"] as const).find((p) => p === input.publish) ?? "draft",
      },
      variants: input.variants.flatMap((v) => {
        const upload = uploads.get(v.pptx);
        return upload ? [{ upload, colour: v.colour, keynote: v.keynote, googleSlides: v.googleSlides }] : [];
      }),
      keynotes: [...uploads.values()].filter((u) => u.kind === "key"),
    };
  };
  const parsed = templateFormSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      errors[issueField(issue.path)] ??= issue.message.startsWith(E) ? issue.message : `${E}.invalid`;
    return keep(errors, `${E}.fix`);
  }
  const v = parsed.data;
  const result = await app.services.templateEditor.saveTemplateFromForm(
    app.scope,
    { kind: "account", id: viewer.id, label: viewer.email },
    {
      templateId: id,
      values: {
        ...v,
        publishAt: v.publish === "at" ? new Date(`${v.publishAt}:00Z`) : null,
      },
      variants: v.variants.map((x) => ({
        pptx: x.pptx,
        colour: x.colour,
        keynote: x.keynote || null,
        googleSlides: x.googleSlides || null,
      })),
    },
  );
  if (!result.ok) {
    const errors = Object.entries(result.fieldErrors ?? {}).map(([field, [message]]) => [field, message]);
    return keep(Object.fromEntries(errors), result.code);
  }
  throw redirect(localePath(locale, `/operator/templates/${result.value.templateId}?saved=1`));
}
