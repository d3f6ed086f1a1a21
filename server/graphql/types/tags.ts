import { GraphQLError } from "graphql";
import { GRAPHQL } from "#config/constants.ts";
import * as catalog from "#modules/catalog/service.ts";
import type { TagType, TagView } from "#modules/catalog/views.ts";
import { builder, OrderDirection, type QueryFields } from "../builder.ts";
import { checkPaging, MESSAGES } from "../errors.ts";
import { isoInZone } from "../time-zone.ts";

const TagTypeEnum = builder.enumType("TagType", { values: ["category", "tag", "service"] as const });
const TagOrderField = builder.enumType("TagOrderField", { values: ["id", "name", "templatesCount"] as const });

const TagContent = builder.objectRef<TagView["content"]>("TagContent").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    title: t.exposeString("title"),
    description: t.exposeString("description"),
    tabName: t.exposeString("tabName"),
  }),
});

const Tag = builder.objectRef<TagView>("Tag").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    slug: t.exposeString("slug"),
    type: t.field({ type: TagTypeEnum, resolve: (tag) => tag.type }),
    iconName: t.exposeString("iconName", { nullable: true }),
    templatesCount: t.exposeInt("templatesCount"),
    updatedAt: t.string({
      description: "ISO 8601 in the zone of the Time-Zone header (UTC when absent).",
      resolve: (tag, _args, ctx) => isoInZone(tag.updatedAt, ctx.timeZone),
    }),
    meta: t.field({ type: "JSON", resolve: (tag) => tag.meta }),
    content: t.field({ type: TagContent, resolve: (tag) => tag.content }),
  }),
});

const TagList = builder.objectRef<{ list: TagView[]; totalCount: number }>("TagList").implement({
  fields: (t) => ({
    list: t.field({ type: [Tag], resolve: (r) => r.list }),
    totalCount: t.exposeInt("totalCount"),
  }),
});

const TypeFilter = builder.inputType("TagTypeFilter", { fields: (t) => ({ in: t.field({ type: [TagTypeEnum] }) }) });
const TagWhere = builder.inputType("TagWhere", { fields: (t) => ({ type: t.field({ type: TypeFilter }) }) });
const TagOrderBy = builder.inputType("TagOrderBy", {
  fields: (t) => ({
    field: t.field({ type: TagOrderField, required: true }),
    direction: t.field({ type: OrderDirection }),
  }),
});

/** A list costs 2, times the rows it may answer. */
const listCost = (args: { limit?: number | null }) => ({
  field: 2,
  multiplier: Math.max(1, Math.min(args.limit ?? 50, GRAPHQL.maxListLimit)),
});

/** Tags of some types, ordered and paged (the navigation strip asks for services and categories). */
export const tags = (t: QueryFields) =>
  t.field({
    type: TagList,
    complexity: listCost,
    args: {
      where: t.arg({ type: TagWhere }),
      orderBy: t.arg({ type: TagOrderBy }),
      skip: t.arg.int({ defaultValue: 0 }),
      limit: t.arg.int({ defaultValue: 50 }),
    },
    resolve: (_r, args, ctx) =>
      catalog.listTags(ctx.scope, {
        types: (args.where?.type?.in ?? undefined) as TagType[] | undefined,
        orderBy: args.orderBy?.field ?? "id",
        direction: args.orderBy?.direction ?? "asc",
        ...checkPaging(args.skip, args.limit),
      }),
  });

/** One tag by its slug; NOT_FOUND (404, or 200 with skip404) when there is none. */
export const tag = (t: QueryFields) =>
  t.field({
    type: Tag,
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const found = await catalog.getTagBySlug(ctx.scope, args.slug.slice(0, 120));
      if (!found)
        throw new GraphQLError(MESSAGES.notFound[ctx.scope.locale], {
          extensions: { code: "NOT_FOUND", http: { status: ctx.skip404 ? 200 : 404 } },
        });
      return found;
    },
  });

/** Tags of one type, categories unless asked. */
export const categories = (t: QueryFields) =>
  t.field({
    type: TagList,
    complexity: listCost,
    args: {
      orderBy: t.arg({ type: TagOrderBy }),
      type: t.arg({ type: TagTypeEnum, defaultValue: "category" }),
      skip: t.arg.int({ defaultValue: 0 }),
      limit: t.arg.int({ defaultValue: 50 }),
    },
    resolve: (_r, args, ctx) =>
      catalog.listTags(ctx.scope, {
        types: [args.type ?? "category"],
        orderBy: args.orderBy?.field ?? "id",
        direction: args.orderBy?.direction ?? "asc",
        ...checkPaging(args.skip, args.limit),
      }),
  });
