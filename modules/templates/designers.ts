/**
 * Designers in the operator area (issue 20: "a designer (name, short bio in both languages, optional
 * link) in the manifest and the operator form"): listed with how many templates each has, made and
 * changed with the manifest's own rules (designerSchema), each change in the audit log. A designer's
 * key (which a manifest names) and page address come from the name when it is made and never change.
 */
import type { Executor } from "#db/client.server.ts";
import { bumpCatalogVersion } from "#modules/catalog/service.ts";
import { type AuditActor, recordAudit } from "#modules/operator/audit.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Result } from "#modules/shared/result.ts";
import { slugify } from "#modules/shared/text.ts";
import { designerSchema } from "./manifest.ts";
import {
  type DesignerRow,
  designerKeysLike,
  findDesigner,
  insertDesigner,
  lockDesigners,
  selectDesigners,
  updateDesigner,
} from "./repo/designers.ts";

export type OperatorDesigner = {
  id: number;
  key: string;
  slug: string;
  name: string;
  link: string;
  bio: { en: string; es: string };
  templates: number;
};

export type DesignerInput = { id: number | null; name: string; link: string; bio: { en: string; es: string } };

/** The saved designer, or the refusal: `invalid` with each field's message (`fieldErrors`), or `notFound`. */
export type DesignerResult = Result<OperatorDesigner, `${typeof E}.invalid` | `${typeof E}.notFound`>;

const E = "account.operator.designers.errors";

type Row = DesignerRow;

const reshape = (r: Row): OperatorDesigner => ({
  id: r.id,
  key: r.key,
  slug: r.slug,
  name: r.name,
  link: r.link ?? "",
  bio: { en: r.bio_en, es: r.bio_es },
  templates: Number(r.templates),
});

export async function listDesigners(ctx: Pick<ServiceContext, "db" | "locale">): Promise<OperatorDesigner[]> {
  const rows = await selectDesigners(ctx.db);
  return rows.map(reshape).sort((a, b) => a.name.localeCompare(b.name, ctx.locale));
}

/** A key no designer has: the name's slug, then -2, -3… */
async function freeKey(db: Executor, name: string): Promise<string> {
  const stem = slugify(name, 60) || "designer";
  const taken = new Set(await designerKeysLike(db, stem));
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** Makes a designer or changes one; the change and the state before it go to the audit log. */
export async function saveDesigner(
  ctx: Pick<ServiceContext, "db" | "clock">,
  actor: AuditActor,
  input: DesignerInput,
): Promise<DesignerResult> {
  const parsed = designerSchema.safeParse({
    name: input.name,
    ...(input.link.trim() ? { link: input.link.trim() } : {}),
    bio: { en: input.bio.en, es: input.bio.es },
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const i of parsed.error.issues) {
      const field = i.path.map(String).join(".");
      errors[field] ??= `${E}.${field === "name" ? "name" : field === "link" ? "link" : "bio"}`;
    }
    return {
      ok: false,
      code: `${E}.invalid`,
      fieldErrors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
    };
  }
  const d = parsed.data;
  const fields = { name: d.name, link: d.link ?? null, bioEn: d.bio?.en ?? "", bioEs: d.bio?.es ?? "" };
  const saved = await ctx.db.transaction(async (db) => {
    // Makes and renames take turns: two designers made at once get different keys.
    await lockDesigners(db);
    let before: Row | null | undefined = null;
    let id: number;
    if (input.id !== null) {
      before = await findDesigner(db, input.id, { lock: true });
      if (!before) return null;
      await updateDesigner(db, input.id, fields);
      id = input.id;
    } else {
      const key = await freeKey(db, d.name);
      id = await insertDesigner(db, key, fields);
    }
    const after = (await findDesigner(db, id))!;
    const view = (r: Row | null) => (r ? { name: r.name, link: r.link, bio: { en: r.bio_en, es: r.bio_es } } : null);
    await recordAudit(
      { db, clock: ctx.clock },
      {
        actor,
        action: before ? "designer.updated" : "designer.created",
        target: { kind: "designer", id, label: after.key },
        before: view(before),
        after: view(after),
      },
    );
    // Template pages show the designer: the catalogue's pages are drawn again.
    if (before) await bumpCatalogVersion({ db });
    return after;
  });
  if (!saved) return { ok: false, code: `${E}.notFound` };
  return { ok: true, value: reshape(saved) };
}
