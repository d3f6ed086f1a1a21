import { z } from "zod";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath } from "#app/lib/seo.ts";
import { SEARCH_DESK } from "#config/constants.ts";
import { previewUrl } from "#modules/catalog/previews.ts";

/**
 * The search desk (/operator/search, issue 23), server half: the zero-result searches with their
 * suggestions and the vocabulary; the forms (one schema each, by `intent`): add a search as a
 * synonym, save a group or a one-way addition, remove an entry. The rules are the service's
 * (modules/search/desk.ts); these schemas only say what a form carries.
 */
const E = "deskSearch.errors";
const text = (max: number) => z.string().max(max, { error: `${E}.invalid` });
const id = z
  .string()
  .regex(/^\d{1,9}$/, { error: `${E}.notFound` })
  .transform(Number);
/** A text box of terms: room for every term at its longest, with separators. */
const TERMS_MAX = SEARCH_DESK.termsPerEntry * (SEARCH_DESK.termMaxLength * 2 + 2);

export const addSynonymSchema = z.object({
  intent: z.literal("add-synonym"),
  query: text(400),
  phrase: text(400),
  term: text(SEARCH_DESK.termMaxLength * 4),
});
export const saveGroupSchema = z.object({
  intent: z.literal("save-group"),
  id: id.optional(),
  stamp: text(64).optional(),
  terms: text(TERMS_MAX),
});
export const saveRelatedSchema = z.object({
  intent: z.literal("save-related"),
  id: id.optional(),
  stamp: text(64).optional(),
  head: text(SEARCH_DESK.termMaxLength * 4),
  terms: text(TERMS_MAX),
});
export const removeSchema = z.object({ intent: z.literal("remove"), id, stamp: text(64) });

const deskForm = z.discriminatedUnion("intent", [addSynonymSchema, saveGroupSchema, saveRelatedSchema, removeSchema]);

type Args = { request: Request; context: Parameters<typeof pageContext>[1] };

export async function searchDeskLoader({ request, context }: Args) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const page = Number(url.searchParams.get("page") ?? "1");
  const find = (url.searchParams.get("find") ?? "").slice(0, 200);
  const [zero, vocabulary] = await Promise.all([
    app.services.searchDesk.zeroResultQueries(ctx, { page: Number.isSafeInteger(page) ? page : 1 }),
    app.services.searchDesk.listVocabulary(ctx, { find }),
  ]);
  return {
    zero: {
      ...zero,
      items: zero.items.map((z) => ({ ...z, lastAt: z.lastAt.toISOString() })),
    },
    days: SEARCH_DESK.zeroResultsWindowDays,
    vocabulary,
    findTyped: find,
    seo: {
      origin,
      locale,
      title: t("deskSearch.title"),
      description: t("deskSearch.intro"),
      paths: samePath("/operator/search"),
      noindex: true,
    },
  };
}

/** What a form answers: which form it was (to show its message there), and the message or the outcome. */
export type DeskActionData =
  | {
      ok: true;
      form: string;
      message: string;
      added?: {
        phrase: string;
        term: string;
        query: string;
        total: number;
        items: { id: number; slug: string; title: string; image: string | null }[];
      };
      alsoIn?: { term: string; groups: string[] }[];
    }
  | {
      ok: false;
      form: string;
      field: string;
      message: string;
      params?: Record<string, string | number>;
      values: Record<string, string>;
    };

export async function searchDeskAction({ request, context }: Args): Promise<DeskActionData> {
  const { app, ctx } = pageContext(request, context);
  const viewer = app.scope.viewer?.account;
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const key of ["intent", "id", "stamp", "query", "phrase", "term", "head", "terms"]) {
    const v = form.get(key);
    if (typeof v === "string" && v !== "") values[key] = v;
  }
  // Which form on the page answers: a new entry's, an entry's, or a zero-result search's.
  const formId =
    values.intent === "add-synonym"
      ? `zero:${values.query ?? ""}`
      : values.id
        ? `entry:${values.id}`
        : `new:${values.intent ?? ""}`;
  const parsed = deskForm.safeParse(values);
  if (!viewer || !parsed.success) {
    const issue = parsed.success ? null : parsed.error.issues[0];
    const message = issue?.message.startsWith(E) ? issue.message : `${E}.invalid`;
    return { ok: false, form: formId, field: String(issue?.path[0] ?? "form"), message, values };
  }
  const actor = { kind: "account" as const, id: viewer.id, label: viewer.email };
  const desk = app.services.searchDesk;
  const v = parsed.data;
  if (v.intent === "add-synonym") {
    const r = await desk.addQueryAsSynonym(ctx, actor, { query: v.query, phrase: v.phrase, term: v.term });
    if (!r.ok) return { ok: false, form: formId, field: r.field ?? "form", message: r.code, params: r.params, values };
    const { phrase, term, found } = r.value;
    return {
      ok: true,
      form: formId,
      message: "deskSearch.added.title",
      added: {
        phrase,
        term,
        query: found.query,
        total: found.total,
        items: found.items.map((c) => ({
          id: c.id,
          slug: c.slug,
          title: c.title,
          image: c.colors[0] ? previewUrl(c.colors[0].id, 1, 320) : null,
        })),
      },
    };
  }
  if (v.intent === "remove") {
    const r = await desk.removeEntry(ctx, actor, { id: v.id, stamp: v.stamp });
    if (!r.ok) return { ok: false, form: formId, field: r.field ?? "form", message: r.code, params: r.params, values };
    return { ok: true, form: formId, message: "deskSearch.removed" };
  }
  const r = await desk.saveEntry(ctx, actor, {
    id: v.id ?? null,
    kind: v.intent === "save-related" ? "related" : "group",
    head: v.intent === "save-related" ? v.head : undefined,
    terms: desk.splitTerms(v.terms),
    stamp: v.stamp,
  });
  if (!r.ok) return { ok: false, form: formId, field: r.field ?? "form", message: r.code, params: r.params, values };
  return {
    ok: true,
    form: formId,
    message: r.value.changed ? "deskSearch.saved" : "deskSearch.unchanged",
    alsoIn: r.value.entry.alsoIn,
  };
}
