import { eq, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { designer } from "#db/schema/catalog.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** The operator's designers' queries (designers.ts). */

/** A designer with how many templates it has. */
export type DesignerRow = {
  id: number;
  key: string;
  slug: string;
  name: string;
  link: string | null;
  bio_en: string;
  bio_es: string;
  templates: number;
};

const SELECT = sql`select d.id, d.key, d.slug, d.name, d.link, d.bio_en, d.bio_es,
    (select count(*)::int from template t where t.designer_id = d.id) as templates
  from designer d`;

/** The designers (at most 1,000), by name. */
export function selectDesigners(db: Executor): Promise<DesignerRow[]> {
  return queryRows<DesignerRow>(db, sql`${SELECT} order by d.name, d.id limit 1000`);
}

/** One designer; with `lock`, held (`for update`) until the transaction ends. */
export async function findDesigner(
  db: Executor,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<DesignerRow | undefined> {
  const [row] = await queryRows<DesignerRow>(
    db,
    opts.lock ? sql`${SELECT} where d.id = ${id} for update of d` : sql`${SELECT} where d.id = ${id}`,
  );
  return row;
}

/** Makes and renames take turns: held until the transaction ends. */
export async function lockDesigners(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('slidenest:designers'))`);
}

/** The keys and page addresses that are `stem` or start with `stem-`. */
export async function designerKeysLike(db: Executor, stem: string): Promise<string[]> {
  const rows = await queryRows<Pick<DesignerRow, "key">>(
    db,
    sql`select key from designer where key = ${stem} or key like ${`${stem}-%`}
        union select slug from designer where slug = ${stem} or slug like ${`${stem}-%`}`,
  );
  return rows.map((r) => r.key);
}

export type DesignerFields = Pick<typeof designer.$inferInsert, "name" | "link" | "bioEn" | "bioEs">;

/** Changes a designer's name, link and bios. */
export async function updateDesigner(db: Executor, id: number, f: DesignerFields): Promise<void> {
  await db
    .update(designer)
    .set({ ...f, updatedAt: sql`now()` })
    .where(eq(designer.id, id));
}

/** A new designer whose key is its page address too; answers its id. */
export async function insertDesigner(db: Executor, key: string, f: DesignerFields): Promise<number> {
  const [row] = await db
    .insert(designer)
    .values({ key, slug: key, ...f })
    .returning({ id: designer.id });
  return row.id;
}
