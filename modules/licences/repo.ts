/**
 * The licences module's queries. Plain reads and writes use Drizzle's builder over the `licence` table;
 * the licence's making is one hand-written insert-select, because what it keeps (both titles, the
 * variant's names, the licensee's name) is read from four tables in the same statement as the write.
 */
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { DownloadFormat } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import { licence } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** A licence as stored. */
export type LicenceRow = typeof licence.$inferSelect;
export type LicenceKind = LicenceRow["kind"];

/** The licence a grant already has under this kind of licence, if any. */
export async function grantLicenceCode(
  db: Executor,
  at: { subject: string; period: string; templateId: number; kind: LicenceKind },
): Promise<string | null> {
  const [row] = await db
    .select({ code: licence.code })
    .from(licence)
    .where(
      and(
        eq(licence.subject, at.subject),
        eq(licence.period, at.period),
        eq(licence.templateId, at.templateId),
        eq(licence.kind, at.kind),
      ),
    );
  return row?.code ?? null;
}

/**
 * A licence made for a grant, with the template's titles, the variant's names and the account's name as
 * they are now; false when the code was taken, or the grant already had a licence of this kind.
 */
export async function insertLicence(
  tx: Executor,
  row: {
    code: string;
    subject: string;
    accountId: number | null;
    guestId: string | null;
    templateColorId: number;
    format: DownloadFormat;
    kind: LicenceKind;
    period: string;
    now: Date;
  },
): Promise<boolean> {
  const made = await queryRows<{ code: string }>(
    tx,
    sql`insert into licence (code, subject, account_id, guest_id, template_id, template_slug_en, template_slug_es,
          template_title_en, template_title_es, color_name_en, color_name_es, format, kind, licensee_name, period, granted_at)
        select ${row.code}::text, ${row.subject}::text, ${row.accountId}::int, ${row.guestId}::text, t.id, en.slug,
          coalesce(es.slug, en.slug), en.title, coalesce(es.title, en.title), c.name_en, c.name_es, ${row.format}::text,
          ${row.kind}::download_license,
          (select coalesce(nullif(a.name, ''), a.username) from account a where a.id = ${row.accountId}::int),
          ${row.period}::text, ${row.now}::timestamptz
        from template_color tc
        join template t on t.id = tc.template_id
        join color c on c.id = tc.color_id
        join template_translation en on en.template_id = t.id and en.locale = 'en'
        left join template_translation es on es.template_id = t.id and es.locale = 'es'
        where tc.id = ${row.templateColorId}
        on conflict do nothing
        returning code`,
  );
  return made.length > 0;
}

/** One licence by its code. */
export async function licenceByCode(db: Executor, code: string): Promise<LicenceRow | undefined> {
  const [row] = await db.select().from(licence).where(eq(licence.code, code));
  return row;
}

/** How many licences an account holds. */
export async function countAccountLicences(db: Executor, accountId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(licence).where(eq(licence.accountId, accountId));
  return Number(row?.n ?? 0);
}

/** A page of an account's licences, newest first. */
export async function accountLicences(
  db: Executor,
  input: { accountId: number; limit: number; offset: number },
): Promise<LicenceRow[]> {
  return db
    .select()
    .from(licence)
    .where(eq(licence.accountId, input.accountId))
    .orderBy(desc(licence.grantedAt), desc(licence.code))
    .limit(input.limit)
    .offset(input.offset);
}

/** An account's licence's project label set (null clears it); false when the account has no such licence. */
export async function updateProject(
  db: Executor,
  input: { accountId: number; code: string; project: string | null },
): Promise<boolean> {
  const rows = await db
    .update(licence)
    .set({ project: input.project })
    .where(and(eq(licence.code, input.code), eq(licence.accountId, input.accountId)))
    .returning({ code: licence.code });
  return rows.length > 0;
}

/** The names an account's licences carry (usually one; a name changed between grants gives more). */
export async function licenseeNames(tx: Executor, accountId: number): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ name: licence.licenseeName })
    .from(licence)
    .where(and(eq(licence.accountId, accountId), eq(licence.licenseeGone, false)));
  return rows.map((r) => r.name).filter((n): n is string => n !== null);
}

/**
 * A deleted account's licences: each name becomes what `initials` makes of it, the project labels go,
 * and the licences stay valid. Licences with no name (none was known) are marked too.
 */
export async function forgetLicensee(
  tx: Executor,
  accountId: number,
  initials: ReadonlyMap<string, string | null>,
): Promise<void> {
  for (const [name, short] of initials)
    await tx
      .update(licence)
      .set({ licenseeName: short, licenseeGone: true, project: null })
      .where(and(eq(licence.accountId, accountId), eq(licence.licenseeName, name), eq(licence.licenseeGone, false)));
  await tx
    .update(licence)
    .set({ licenseeGone: true, project: null })
    .where(and(eq(licence.accountId, accountId), isNull(licence.licenseeName), eq(licence.licenseeGone, false)));
}
