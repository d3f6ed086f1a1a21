import { sql } from "drizzle-orm";
import { PAGE_SIZE } from "#config/constants.ts";
import { cardsForIds } from "#modules/catalog/service.ts";
import type { Page, TemplateCard } from "#modules/catalog/views.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";

import type { FavoriteSort } from "./sorts.ts";

export { FAVORITE_SORTS, type FavoriteSort } from "./sorts.ts";

export type FavoriteResult =
  | { ok: true; favorite: boolean }
  | { ok: false; code: "account.favorites.errors.unknownTemplate" };

/**
 * Adds or removes a template from an account's favourites. Both are idempotent: adding twice keeps
 * one row, removing what is not there is fine. Only published templates can be added.
 */
export async function setFavorite(
  ctx: ServiceContext,
  input: { accountId: number; templateId: number; favorite: boolean },
): Promise<FavoriteResult> {
  if (!input.favorite) {
    await ctx.db.execute(
      sql`delete from favorite where account_id = ${input.accountId} and template_id = ${input.templateId}`,
    );
    return { ok: true, favorite: false };
  }
  const now = ctx.clock.now();
  const rows = await queryRows<{ id: number }>(
    ctx.db,
    sql`insert into favorite (account_id, template_id, created_at)
        select ${input.accountId}, t.id, ${now} from template t where t.id = ${input.templateId} and t.published_at <= ${now}
        on conflict do nothing returning template_id as id`,
  );
  if (rows.length) return { ok: true, favorite: true };
  const [exists] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select 1 as n from favorite where account_id = ${input.accountId} and template_id = ${input.templateId}`,
  );
  return exists ? { ok: true, favorite: true } : { ok: false, code: "account.favorites.errors.unknownTemplate" };
}

/** Which of these templates the account keeps among its favourites. */
export async function favoriteIds(ctx: ServiceContext, accountId: number, templateIds: number[]): Promise<Set<number>> {
  if (!templateIds.length) return new Set();
  const rows = await queryRows<{ template_id: number }>(
    ctx.db,
    sql`select template_id from favorite where account_id = ${accountId}
        and template_id in (${sql.join(
          templateIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Set(rows.map((r) => r.template_id));
}

/** An account's favourites as cards, newest or oldest first, a page at a time. */
export async function listFavorites(
  ctx: ServiceContext,
  input: { accountId: number; sort: FavoriteSort; page: number },
): Promise<Page<TemplateCard>> {
  const pageSize = PAGE_SIZE.templates;
  const order =
    input.sort === "oldest" ? sql`f.created_at asc, f.template_id asc` : sql`f.created_at desc, f.template_id desc`;
  const where = sql`f.account_id = ${input.accountId} and t.published_at <= ${ctx.clock.now()}`;
  const [count] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from favorite f join template t on t.id = f.template_id where ${where}`,
  );
  const total = Number(count?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, input.page), pageCount);
  const ids = await queryRows<{ id: number }>(
    ctx.db,
    sql`select f.template_id as id from favorite f join template t on t.id = f.template_id where ${where}
        order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const items = await cardsForIds(
    ctx,
    ids.map((r) => r.id),
  );
  return { items, total, totalCapped: false, page, pageCount, pageSize };
}
