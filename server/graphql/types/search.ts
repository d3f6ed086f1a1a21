import { suggestInput } from "#modules/search/schemas.ts";
import type { TopSearch, TrendingCategoryGroup } from "#modules/search/service.ts";
import * as search from "#modules/search/service.ts";
import { builder, type QueryFields } from "../builder.ts";
import type { GraphqlContext } from "../context.ts";

/** One autocomplete per request and text, however many fields ask (suggestions and templates). */
const completions = new WeakMap<GraphqlContext, Map<string, Promise<search.Autocomplete>>>();
const autocompleteOf = (ctx: GraphqlContext, raw: string) => {
  const q = suggestInput.parse(raw);
  let byText = completions.get(ctx);
  if (!byText) {
    byText = new Map();
    completions.set(ctx, byText);
  }
  let found = byText.get(q);
  if (!found) {
    found = search.autocomplete(ctx.scope, q);
    byText.set(q, found);
  }
  return found;
};

const SuggestedTemplate = builder.objectRef<search.Autocomplete["templates"][number]>("SuggestedTemplate").implement({
  description: "A template the search box offers while typing.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    slug: t.exposeString("slug"),
    title: t.exposeString("title"),
    slidesCount: t.exposeInt("slidesCount"),
    previewColorId: t.int({ nullable: true, resolve: (c) => c.colors[0]?.id ?? null }),
  }),
});

const TopSearchRef = builder.objectRef<TopSearch>("TopSearch").implement({
  fields: (t) => ({ id: t.exposeInt("id"), searchRequest: t.exposeString("searchRequest") }),
});
type Group = TrendingCategoryGroup;
type GroupTemplate = Group["templates"][number];
const GroupColor = builder.objectRef<GroupTemplate["colors"][number]>("TrendingTemplateColor").implement({
  fields: (t) => ({ id: t.exposeInt("id"), previewImages: t.exposeStringList("previewImages") }),
});
const GroupTemplateContent = builder.objectRef<{ title: string }>("TrendingTemplateContent").implement({
  fields: (t) => ({ title: t.exposeString("title") }),
});
const GroupTemplateRef = builder.objectRef<GroupTemplate>("TrendingTemplate").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    slug: t.exposeString("slug"),
    slidesCount: t.exposeInt("slidesCount"),
    content: t.field({ type: GroupTemplateContent, resolve: (x) => x.content }),
    colors: t.field({ type: [GroupColor], resolve: (x) => x.colors }),
  }),
});
const GroupContent = builder.objectRef<{ name: string }>("TrendingCategoryContent").implement({
  fields: (t) => ({ name: t.exposeString("name") }),
});
const GroupRef = builder.objectRef<Group>("TrendingCategoryGroup").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    slug: t.exposeString("slug"),
    iconName: t.exposeString("iconName", { nullable: true }),
    templatesCount: t.exposeInt("templatesCount"),
    content: t.field({ type: GroupContent, resolve: (g) => g.content }),
    templates: t.field({ type: [GroupTemplateRef], resolve: (g) => g.templates }),
  }),
});
const SearchMenu = builder
  .objectRef<{ topSearches: TopSearch[]; categorizedTrendingBySearchTemplates: Group[] }>("MainPageSearchMenu")
  .implement({
    fields: (t) => ({
      topSearches: t.field({ type: [TopSearchRef], resolve: (m) => m.topSearches }),
      categorizedTrendingBySearchTemplates: t.field({
        type: [GroupRef],
        resolve: (m) => m.categorizedTrendingBySearchTemplates,
      }),
    }),
  });

/** A search costs what it does to the database: 5; the templates share its lookup (1). */
export const searchAutocompletions = (t: QueryFields) =>
  t.stringList({
    description: "Autocomplete suggestions for a search text (trimmed and cut to 200 characters; never an error).",
    complexity: 5,
    args: { searchRequest: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => (await autocompleteOf(ctx, args.searchRequest)).suggestions,
  });

export const searchAutocompleteTemplates = (t: QueryFields) =>
  t.field({
    type: [SuggestedTemplate],
    description: "Templates to offer while typing (at most 3), from the same lookup as searchAutocompletions.",
    args: { searchRequest: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => (await autocompleteOf(ctx, args.searchRequest)).templates,
  });

export const mainPageSearchMenu = (t: QueryFields) =>
  t.field({
    type: SearchMenu,
    complexity: 10,
    resolve: (_r, _a, ctx) => search.mainPageSearchMenu(ctx.scope),
  });
