/**
 * The demo seed's queries: the taxonomy and templates it inserts, the ids it looks up, and what tells
 * that something was seeded already. Inserts and plain reads use Drizzle's query builder; hand-written
 * SQL stays for the existence checks over two tables, the demo accounts' interests (an insert from a
 * select of the tags by slug) and the planner's statistics (`analyze`, `vacuum analyze`).
 */
import { count, sql } from "drizzle-orm";
import type { Db } from "#db/client.server.ts";
import * as s from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** A taxonomy entry's id by its slug. */
export type SlugIdRow = { id: number; slug: string };

/* ---- Taxonomy ---- */

export async function insertTag(
  db: Db,
  row: { slug: string; type: "service" | "category" | "tag"; iconName: string | null },
): Promise<number> {
  const [created] = await db.insert(s.tag).values(row).returning({ id: s.tag.id });
  return created.id;
}

export async function insertTagTranslations(db: Db, rows: (typeof s.tagTranslation.$inferInsert)[]): Promise<void> {
  await db.insert(s.tagTranslation).values(rows);
}

export function insertStyles(db: Db, rows: (typeof s.style.$inferInsert)[]): Promise<SlugIdRow[]> {
  return db.insert(s.style).values(rows).returning({ id: s.style.id, slug: s.style.slug });
}

export function insertColors(db: Db, rows: (typeof s.color.$inferInsert)[]): Promise<SlugIdRow[]> {
  return db.insert(s.color).values(rows).returning({ id: s.color.id, slug: s.color.slug });
}

export function selectTagIds(db: Db): Promise<SlugIdRow[]> {
  return db.select({ id: s.tag.id, slug: s.tag.slug }).from(s.tag);
}

export function selectStyleIds(db: Db): Promise<SlugIdRow[]> {
  return db.select({ id: s.style.id, slug: s.style.slug }).from(s.style);
}

export function selectColorIds(db: Db): Promise<SlugIdRow[]> {
  return db.select({ id: s.color.id, slug: s.color.slug }).from(s.color);
}

/** How many tags there are (none: the catalogue was never seeded). */
export async function tagCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(s.tag);
  return Number(row.n);
}

/* ---- Templates ---- */

/** Inserts templates; answers their new ids in the order given. */
export async function insertTemplateRows(db: Db, rows: (typeof s.template.$inferInsert)[]): Promise<number[]> {
  return (await db.insert(s.template).values(rows).returning({ id: s.template.id })).map((r) => r.id);
}

export async function insertTemplateTranslations(
  db: Db,
  rows: (typeof s.templateTranslation.$inferInsert)[],
): Promise<void> {
  await db.insert(s.templateTranslation).values(rows);
}

/** A template's tags (a tag named twice is kept once). */
export async function insertTemplateTags(db: Db, rows: (typeof s.templateTag.$inferInsert)[]): Promise<void> {
  await db.insert(s.templateTag).values(rows).onConflictDoNothing();
}

/** A template's styles (a style named twice is kept once). */
export async function insertTemplateStyles(db: Db, rows: (typeof s.templateStyle.$inferInsert)[]): Promise<void> {
  await db.insert(s.templateStyle).values(rows).onConflictDoNothing();
}

export type TemplateColorIdRow = { id: number; templateId: number; position: number };

export function insertTemplateColors(
  db: Db,
  rows: (typeof s.templateColor.$inferInsert)[],
): Promise<TemplateColorIdRow[]> {
  return db
    .insert(s.templateColor)
    .values(rows)
    .returning({ id: s.templateColor.id, templateId: s.templateColor.templateId, position: s.templateColor.position });
}

export async function insertViewDays(db: Db, rows: (typeof s.templateViewDay.$inferInsert)[]): Promise<void> {
  await db.insert(s.templateViewDay).values(rows);
}

export async function insertDownloads(db: Db, rows: (typeof s.download.$inferInsert)[]): Promise<void> {
  await db.insert(s.download).values(rows);
}

/* ---- The demo search log ---- */

/** Searches as the log keeps them (modules/demo/search-log.ts). */
export async function insertSearchLogRows(db: Db, rows: (typeof s.searchLog.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(s.searchLog).values(rows);
}

/** Whether the search log has any row (the demo's is written once). */
export async function searchLogUsed(db: Db): Promise<boolean> {
  const [{ used }] = await queryRows<UsedRow>(db, sql`select exists (select 1 from search_log) as used`);
  return used;
}

/* ---- What was seeded already ---- */

type UsedRow = { used: boolean };

/** Whether the blog ever had posts or tags. */
export async function blogUsed(db: Db): Promise<boolean> {
  const [{ used }] = await queryRows<UsedRow>(
    db,
    sql`select exists (select 1 from blog_post) or exists (select 1 from blog_tag) as used`,
  );
  return used;
}

/** Whether any template was imported (the repository's own templates were seeded). */
export async function importedTemplatesExist(db: Db): Promise<boolean> {
  const [{ used }] = await queryRows<UsedRow>(
    db,
    sql`select exists (select 1 from template where import_key is not null) as used`,
  );
  return used;
}

/* ---- Demo accounts ---- */

/** An account's interests: the tags of these slugs (one already kept is left as it is). */
export async function addAccountInterests(db: Db, accountId: number, slugs: readonly string[]): Promise<void> {
  await db.execute(sql`insert into account_interest (account_id, tag_id)
      select ${accountId}, id from tag where slug in (${sql.join(
        slugs.map((slug) => sql`${slug}`),
        sql`, `,
      )}) on conflict do nothing`);
}

/* ---- Statistics ---- */

/** Row counts for the planner (after bulk inserts). */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/** Space back and row counts for the planner after the demo catalogue went in. */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
