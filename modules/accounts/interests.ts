import { LIMIT_TAGS } from "#config/constants.ts";
import { listTags, listTemplates } from "#modules/catalog/service.ts";
import type { TagType, TagView, TemplateCard } from "#modules/catalog/views.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Result } from "#modules/shared/result.ts";
import * as repo from "./repo.ts";

/**
 * What an account is interested in (SPEC §4 interests dialog, §5 'requiredInterests'): categories and
 * tags, at least one once chosen. The home page leads with them.
 */

export const INTEREST_ERRORS = {
  required: "account.interests.errors.required",
  unknownTag: "account.interests.errors.unknownTag",
  tooMany: "account.interests.errors.tooMany",
  gone: "auth.errors.accountNotFound",
} as const;
export type InterestErrorCode = (typeof INTEREST_ERRORS)[keyof typeof INTEREST_ERRORS];

/** The kinds of tag one can be interested in (SPEC §7: Tags where type in [category, tag]). */
export const INTEREST_TAG_TYPES: TagType[] = ["category", "tag"];

/** The tags the dialog offers: categories first, then tags, at most `LIMIT_TAGS` (DECISIONS). */
export async function interestOptions(ctx: ServiceContext): Promise<TagView[]> {
  return (await listTags(ctx, { types: INTEREST_TAG_TYPES, orderBy: "id", limit: LIMIT_TAGS })).list;
}

/** The account's interests: tag ids in the order they were chosen. */
export async function listInterests(ctx: ServiceContext, accountId: number): Promise<number[]> {
  return repo.accountInterestIds(ctx.db, accountId);
}

/**
 * Replaces the account's interests with these tags (duplicates dropped). None is refused with the SPEC's
 * message, so the last interest can never be taken away; unknown tags or service tags are refused and
 * nothing changes. The set is replaced in one transaction, so two saves at once leave one of them whole.
 */
export async function updateInterests(
  ctx: ServiceContext,
  input: { accountId: number; tagIds: readonly number[] },
): Promise<Result<number[], InterestErrorCode>> {
  const tagIds = [...new Set(input.tagIds)];
  if (!tagIds.length) return { ok: false, code: INTEREST_ERRORS.required };
  if (tagIds.length > LIMIT_TAGS) return { ok: false, code: INTEREST_ERRORS.tooMany };
  if (tagIds.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647))
    return { ok: false, code: INTEREST_ERRORS.unknownTag };
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const account = await repo.liveAccount(tx, input.accountId, true);
    if (!account) return { ok: false as const, code: INTEREST_ERRORS.gone };
    const known = await repo.existingTagIds(tx, tagIds, INTEREST_TAG_TYPES);
    if (known.length !== tagIds.length) return { ok: false as const, code: INTEREST_ERRORS.unknownTag };
    await repo.deleteInterestsExcept(tx, input.accountId, tagIds);
    // Kept in the order given: each new one a microsecond after the one before.
    await repo.insertInterestsInOrder(tx, input.accountId, tagIds, now);
    return { ok: true as const, value: await listInterests({ ...ctx, db: tx }, input.accountId) };
  });
}

export type InterestSection = { tag: TagView; templates: TemplateCard[] };

/** The home page's first sections for a member: a row of popular templates per interest, in their order. */
export async function interestSections(
  ctx: ServiceContext,
  input: { accountId: number; perList: number },
): Promise<InterestSection[]> {
  const ids = await listInterests(ctx, input.accountId);
  if (!ids.length) return [];
  const tags = (await listTags(ctx, { types: INTEREST_TAG_TYPES, limit: 500 })).list;
  const byId = new Map(tags.map((t) => [t.id, t]));
  const chosen = ids.flatMap((id) => byId.get(id) ?? []);
  const lists = await Promise.all(
    chosen.map((tag) =>
      listTemplates(ctx, { scope: { kind: "tag", tagId: tag.id, tagType: tag.type }, pageSize: input.perList }),
    ),
  );
  return chosen.map((tag, i) => ({ tag, templates: lists[i].items })).filter((s) => s.templates.length);
}
