import { PAGE_SIZE } from "#config/constants.ts";
import { cardsForIds } from "#modules/catalog/service.ts";
import type { Page, TemplateCard } from "#modules/catalog/views.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Result } from "#modules/shared/result.ts";
import * as repo from "./repo.ts";
import type { FavoriteSort } from "./sorts.ts";

export { FAVORITE_SORTS, type FavoriteSort } from "./sorts.ts";

/** Whether the template is now a favourite, or the refusal of a template that is not published. */
export type FavoriteResult = Result<boolean, "account.favorites.errors.unknownTemplate">;

/**
 * Adds or removes a template from an account's favourites. Both are idempotent: adding twice keeps
 * one row, removing what is not there is fine. Only published templates can be added.
 */
export async function setFavorite(
  ctx: ServiceContext,
  input: { accountId: number; templateId: number; favorite: boolean },
): Promise<FavoriteResult> {
  if (!input.favorite) {
    await repo.deleteFavorite(ctx.db, input.accountId, input.templateId);
    return { ok: true, value: false };
  }
  const now = ctx.clock.now();
  if (await repo.insertPublishedFavorite(ctx.db, { ...input, now })) return { ok: true, value: true };
  const exists = await repo.hasFavorite(ctx.db, input.accountId, input.templateId);
  return exists ? { ok: true, value: true } : { ok: false, code: "account.favorites.errors.unknownTemplate" };
}

/** Which of these templates the account keeps among its favourites. */
export async function favoriteIds(ctx: ServiceContext, accountId: number, templateIds: number[]): Promise<Set<number>> {
  if (!templateIds.length) return new Set();
  return new Set(await repo.favoriteTemplateIds(ctx.db, accountId, templateIds));
}

/** How many published templates the account keeps among its favourites (as listFavorites counts them). */
export async function countFavorites(ctx: ServiceContext, input: { accountId: number }): Promise<number> {
  return repo.countPublishedFavorites(ctx.db, input.accountId, ctx.clock.now());
}

/** An account's favourites as cards, newest or oldest first, a page at a time. */
export async function listFavorites(
  ctx: ServiceContext,
  input: { accountId: number; sort: FavoriteSort; page: number },
): Promise<Page<TemplateCard>> {
  const pageSize = PAGE_SIZE.templates;
  const now = ctx.clock.now();
  const total = await repo.countPublishedFavorites(ctx.db, input.accountId, now);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, input.page), pageCount);
  const ids = await repo.publishedFavoriteIds(ctx.db, {
    accountId: input.accountId,
    now,
    direction: input.sort === "oldest" ? "asc" : "desc",
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const items = await cardsForIds(ctx, ids);
  return { items, total, totalCapped: false, page, pageCount, pageSize };
}
