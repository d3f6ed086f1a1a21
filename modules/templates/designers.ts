/**
 * Designers in the operator area (issue 20: "a designer (name, short bio in both languages, optional
 * link) in the manifest and the operator form"): listed with how many templates each has, made and
 * changed with the manifest's own rules (designerSchema), each change in the audit log. A designer's
 * key (which a manifest names) and page address come from the name when it is made and never change.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#db/client.server.ts";
import { bumpCatalogVersion } from "#modules/catalog/service.ts";
import { type AuditActor, recordAudit } from "#modules/operator/audit.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { slugify } from "#modules/shared/text.ts";
import { designerSchema } from "./manifest.ts";

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

export type DesignerResult =
  | { ok: true; designer: OperatorDesigner }
  | { ok: false; errors: Record<string, string>; formError: string | null };

const E = "account.operator.designers.errors";

type Row = {
  id: number;
  key: string;
  slug: string;
  name: string;
  link: string | null;
  bio_en: string;
  bio_es: string;
  templates: number;
};

const reshape = (r: Row): OperatorDesigner => ({
  id: r.id,
  key: r.key,
  slug: r.slug,
  name: r.name,
  link: r.link ?? "",
  bio: { en: r.bio_en, es: r.bio_es },
  templates: Number(r.templates),
});

const SELECT = sql`select d.id, d.key, d.slug, d.name, d.link, d.bio_en, d.bio_es,
    (select count(*)::int from template t where t.designer_id = d.id) as templates
  from designer d`;

export async function listDesigners(ctx: Pick<ServiceContext, "db" | "locale">): Promise<OperatorDesigner[]> {
  const rows = await queryRows<Row>(ctx.db, sql`${SELECT} order by d.name, d.id limit 1000`);
  return rows.map(reshape).sort((a, b) => a.name.localeCompare(b.name, ctx.locale));
}

/** A key no designer has: the name's slug, then -2, -3… */
async function freeKey(db: Db, name: string): Promise<string> {
  const stem = slugify(name, 60) || "designer";
  const taken = new Set(
    (
      await queryRows<{ key: string }>(
        db,
        sql`select key from designer where key = ${stem} or key like ${`${stem}-%`}
            union select slug from designer where slug = ${stem} or slug like ${`${stem}-%`}`,
      )
    ).map((r) => r.key),
  );
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
    return { ok: false, errors, formError: null };
  }
  const d = parsed.data;
  const saved = await ctx.db.transaction(async (db) => {
    // Makes and renames take turns: two designers made at once get different keys.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('slidenest:designers'))`);
    let before: Row | null = null;
    let id: number;
    if (input.id !== null) {
      [before] = await queryRows<Row>(db, sql`${SELECT} where d.id = ${input.id} for update of d`);
      if (!before) return null;
      await db.execute(
        sql`update designer set name = ${d.name}, link = ${d.link ?? null}, bio_en = ${d.bio?.en ?? ""},
              bio_es = ${d.bio?.es ?? ""}, updated_at = now() where id = ${input.id}`,
      );
      id = input.id;
    } else {
      const key = await freeKey(db, d.name);
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into designer (key, slug, name, link, bio_en, bio_es)
            values (${key}, ${key}, ${d.name}, ${d.link ?? null}, ${d.bio?.en ?? ""}, ${d.bio?.es ?? ""}) returning id`,
      );
      id = row.id;
    }
    const [after] = await queryRows<Row>(db, sql`${SELECT} where d.id = ${id}`);
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
  if (!saved) return { ok: false, errors: {}, formError: `${E}.notFound` };
  return { ok: true, designer: reshape(saved) };
}
