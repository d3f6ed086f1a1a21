import { z } from "zod";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath } from "#app/lib/seo.ts";

/**
 * The operator's designers page, server half: the list, and one form for a new designer or a change to
 * one (`id` set). The service (modules/templates/designers.ts) checks with the manifest's rules.
 */
const E = "account.operator.designers.errors";

export const designerFormSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: `${E}.notFound` })
    .transform(Number)
    .optional(),
  name: z.string().max(200, { error: `${E}.name` }),
  link: z.string().max(500, { error: `${E}.link` }),
  bioEn: z.string().max(2000, { error: `${E}.bio` }),
  bioEs: z.string().max(2000, { error: `${E}.bio` }),
});

export async function designersLoader({
  request,
  context,
}: {
  request: Request;
  context: Parameters<typeof pageContext>[1];
}) {
  const { app, ctx, locale, origin, t } = pageContext(request, context);
  const designers = await app.services.templateDesigners.listDesigners(ctx);
  return {
    designers,
    seo: {
      origin,
      locale,
      title: t("account.operator.designers.title"),
      description: t("account.operator.designers.intro"),
      paths: samePath("/operator/designers"),
      noindex: true,
    },
  };
}

export async function designersAction({
  request,
  context,
}: {
  request: Request;
  context: Parameters<typeof pageContext>[1];
}) {
  const { app, ctx } = pageContext(request, context);
  const viewer = app.scope.viewer?.account;
  const form = await request.formData();
  const one = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const raw = {
    id: one("id") || undefined,
    name: one("name"),
    link: one("link"),
    bioEn: one("bioEn"),
    bioEs: one("bioEs"),
  };
  const formId = raw.id ?? "new";
  const parsed = designerFormSchema.safeParse(raw);
  if (!viewer || !parsed.success) {
    const errors: Record<string, string> = {};
    for (const i of parsed.success ? [] : parsed.error.issues)
      errors[String(i.path[0])] ??= i.message.startsWith(E) ? i.message : `${E}.invalid`;
    return { ok: false as const, formId, errors, values: raw };
  }
  const v = parsed.data;
  const r = await app.services.templateDesigners.saveDesigner(
    ctx,
    { kind: "account", id: viewer.id, label: viewer.email },
    { id: v.id ?? null, name: v.name, link: v.link, bio: { en: v.bioEn, es: v.bioEs } },
  );
  if (!r.ok) {
    const errors: Record<string, string> = {};
    for (const [field, [message]] of Object.entries(r.fieldErrors ?? {})) errors[field] = message;
    if (errors["bio.en"]) errors.bioEn = errors["bio.en"];
    if (errors["bio.es"]) errors.bioEs = errors["bio.es"];
    // A refusal of the whole form (not of its fields) is the form's message.
    if (!r.fieldErrors) errors.form = r.code;
    return { ok: false as const, formId, errors, values: raw };
  }
  return { ok: true as const, formId, errors: {}, values: null, saved: r.value.id };
}
