import SchemaBuilder from "@pothos/core";
import ComplexityPlugin from "@pothos/plugin-complexity";
import { GraphQLError, NoSchemaIntrospectionCustomRule } from "graphql";
import { createYoga, maskError, type Plugin } from "graphql-yoga";
import { GRAPHQL, LANGUAGES, LIMIT_TAGS, type Locale } from "#config/constants.ts";
import { isDatabaseUnavailable } from "#db/client.server.ts";
import * as interests from "#modules/accounts/interests.ts";
import type { AccountView } from "#modules/accounts/service.ts";
import * as accounts from "#modules/accounts/service.ts";
import { isPaidPlan, planInfo } from "#modules/billing/plans.ts";
import {
  cancelSchema,
  cardSchema,
  paymentSchema,
  tokenCardSchema,
  tokenPaymentSchema,
} from "#modules/billing/schemas.ts";
import * as billing from "#modules/billing/service.ts";
import { cardSourceOf, fromPaymentForm } from "#modules/billing/service.ts";
import * as catalog from "#modules/catalog/service.ts";
import type { TagType, TagView } from "#modules/catalog/views.ts";
import { accountViewer, countCallerDownloads, getAllowance } from "#modules/downloads/service.ts";
import * as folders from "#modules/favorites/folders.ts";
import { suggestInput } from "#modules/search/schemas.ts";
import type { TopSearch, TrendingCategoryGroup } from "#modules/search/service.ts";
import * as search from "#modules/search/service.ts";
import type { Logger, ServiceContext } from "#modules/shared/context.ts";
import type { RequestContext } from "#server/context.ts";
import { operationCost, rootFieldsRule } from "./cost.ts";
import { depthLimitRule } from "./depth-limit.ts";
import { isoInZone, resolveTimeZone } from "./time-zone.ts";

type Ctx = {
  service: ServiceContext;
  billing: billing.BillingContext;
  /** Messages of the request's locale, for coded results. */
  t: (key: string, params?: Record<string, string | number>) => string;
  /** Takes one payment attempt from the caller's budget (each billing mutation field, aliases too). */
  limitPayment: () => Promise<number | null>;
  /** Takes an operation's cost from the caller's GraphQL budget; answers seconds to wait when spent. */
  takeCost: (cost: number) => Promise<number | null>;
  timeZone: string;
  skip404: boolean;
  guestId: string | null;
  /** The client's address key (guests' allowance also counts per address). */
  clientKey: string;
  accountId: number | null;
  account: AccountView | null;
};

const MESSAGES = {
  invalidLanguage: { en: "Invalid language type.", es: "Tipo de idioma no válido." },
  invalidTimeZone: { en: "Invalid time zone.", es: "Zona horaria no válida." },
  notFound: { en: "Tag not found.", es: "Etiqueta no encontrada." },
  forbidden: { en: "You can only read your own downloads.", es: "Solo puedes consultar tus propias descargas." },
  unauthenticated: { en: "Log in first.", es: "Inicia sesión primero." },
} as const;

const UNAVAILABLE_MESSAGE = "SlideNest is briefly unavailable. Please try again in a few seconds.";
function unavailable(message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: "SERVICE_UNAVAILABLE", http: { status: 503, headers: { "Retry-After": "5" } } },
  });
}

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });
}

export function buildSchema() {
  const builder = new SchemaBuilder<{ Context: Ctx; Scalars: { JSON: { Input: unknown; Output: unknown } } }>({
    plugins: [ComplexityPlugin],
    complexity: {
      defaultComplexity: 1,
      defaultListMultiplier: 1,
      limit: { complexity: GRAPHQL.maxComplexity, depth: GRAPHQL.maxDepth, breadth: 100 },
    },
  });

  builder.scalarType("JSON", { serialize: (v) => v, parseValue: (v) => v });

  const TagTypeEnum = builder.enumType("TagType", { values: ["category", "tag", "service"] as const });
  const OrderDirection = builder.enumType("OrderDirection", { values: ["asc", "desc"] as const });
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

  type Language = (typeof LANGUAGES)[number];
  const LanguageRef = builder.objectRef<Language>("Language").implement({
    fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name"), locale: t.exposeString("locale") }),
  });
  const LanguageList = builder.objectRef<{ list: Language[]; totalCount: number }>("LanguageList").implement({
    fields: (t) => ({
      list: t.field({ type: [LanguageRef], resolve: (r) => r.list }),
      totalCount: t.exposeInt("totalCount"),
    }),
  });

  /** One billing read per request and account, however many Me fields ask. */
  const overviews = new WeakMap<Ctx, Promise<billing.BillingOverview>>();
  const overviewOf = (ctx: Ctx, accountId: number) => {
    let o = overviews.get(ctx);
    if (!o) {
      o = billing.getBillingOverview(ctx.billing, accountId);
      overviews.set(ctx, o);
    }
    return o;
  };
  const checkPage = (page: number | null | undefined) => {
    const p = page ?? 1;
    if (p < 1 || p > 10_000) throw badInput("page must be between 1 and 10000.");
    return p;
  };

  type Card = NonNullable<billing.BillingOverview["card"]>;
  const PaymentMethodRef = builder.objectRef<Card>("PaymentMethod").implement({
    fields: (t) => ({
      brand: t.exposeString("brand"),
      last4: t.exposeString("last4"),
      expMonth: t.exposeInt("expMonth"),
      expYear: t.exposeInt("expYear"),
    }),
  });
  type Sub = NonNullable<billing.BillingOverview["subscription"]> & { card: Card | null };
  const SubscriptionRef = builder.objectRef<Sub>("Subscription").implement({
    fields: (t) => ({
      id: t.exposeInt("id"),
      plan: t.exposeString("plan"),
      planType: t.string({
        description: "premium (Personal) or commercial.",
        resolve: (s) => (planInfo(s.plan).tier === "personal" ? "premium" : "commercial"),
      }),
      period: t.string({ resolve: (s) => (planInfo(s.plan).interval === "month" ? "monthly" : "yearly") }),
      interval: t.string({ resolve: (s) => planInfo(s.plan).interval }),
      status: t.exposeString("status"),
      amount: t.int({ description: "Price of the plan in cents.", resolve: (s) => planInfo(s.plan).priceCents }),
      currentPeriodEnd: t.string({ resolve: (s, _a, ctx) => isoInZone(s.currentPeriodEnd, ctx.timeZone) }),
      nextBillDate: t.string({
        nullable: true,
        resolve: (s, _a, ctx) => (s.nextBill ? isoInZone(s.nextBill.at, ctx.timeZone) : null),
      }),
      nextBillAmount: t.int({ nullable: true, resolve: (s) => s.nextBill?.amountCents ?? null }),
      cancelAtPeriodEnd: t.exposeBoolean("cancelAtPeriodEnd"),
      newPlanName: t.string({ nullable: true, description: "The pending plan change.", resolve: (s) => s.pendingPlan }),
      brand: t.string({ nullable: true, resolve: (s) => s.card?.brand ?? null }),
      last4: t.string({ nullable: true, resolve: (s) => s.card?.last4 ?? null }),
    }),
  });
  const PaymentRef = builder.objectRef<billing.PaymentView>("Payment").implement({
    fields: (t) => ({
      id: t.exposeString("id"),
      status: t.exposeString("status"),
      kind: t.exposeString("kind"),
      plan: t.exposeString("plan"),
      amount: t.exposeInt("amountCents"),
      currency: t.exposeString("currency"),
      createdAt: t.string({ resolve: (p, _a, ctx) => isoInZone(p.createdAt, ctx.timeZone) }),
      invoiceNumber: t.exposeString("invoiceNumber", { nullable: true }),
    }),
  });
  const InvoiceRef = builder.objectRef<billing.InvoiceView>("Invoice").implement({
    fields: (t) => ({
      number: t.exposeString("number"),
      status: t.exposeString("status"),
      plan: t.exposeString("plan"),
      price: t.exposeInt("totalCents"),
      currency: t.exposeString("currency"),
      chargeDate: t.string({ resolve: (i, _a, ctx) => isoInZone(i.issuedAt, ctx.timeZone) }),
      fileUrl: t.string({
        description: "The PDF, for the signed-in owner only.",
        resolve: (i, _a, ctx) => `${ctx.service.locale === "es" ? "/es" : ""}/profile/invoices/${i.number}/pdf`,
      }),
    }),
  });

  const FolderRefType = builder.objectRef<folders.FolderRef>("FavoriteFolderRef").implement({
    description: "A collection a favourite is kept in.",
    fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
  });
  const FolderType = builder.objectRef<folders.FolderView>("FavoriteFolder").implement({
    description: "A named collection of favourites (SPEC §3), with its count of published templates.",
    fields: (t) => ({
      id: t.exposeInt("id"),
      name: t.exposeString("name"),
      templatesCount: t.exposeInt("templatesCount"),
    }),
  });
  const FavoriteType = builder.objectRef<{ templateId: number; folders: folders.FolderRef[] }>("Favorite").implement({
    fields: (t) => ({
      templateId: t.exposeInt("templateId"),
      folders: t.field({ type: [FolderRefType], resolve: (f) => f.folders }),
    }),
  });

  const Me = builder.objectRef<AccountView>("Me").implement({
    description: "The signed-in account.",
    fields: (t) => ({
      id: t.exposeInt("id"),
      name: t.exposeString("name"),
      username: t.exposeString("username"),
      login: t.string({ resolve: (a) => a.username }),
      plan: t.exposeString("plan"),
      avatarUrl: t.string({
        nullable: true,
        description: "The profile picture's path on this site (a 256 x 256 WebP), or null.",
        resolve: (a) => a.avatarUrl,
      }),
      interests: t.intList({
        description: "Ids of the tags the account is interested in (SPEC §3), in the order chosen.",
        resolve: (a, _x, ctx) => interests.listInterests(ctx.service, a.id),
      }),
      favorites: t.field({
        type: [FavoriteType],
        description: "Favourites, newest first, each with the collections that keep it.",
        complexity: (args) => ({
          field: 2,
          multiplier: Math.max(1, Math.min(args.limit ?? 100, GRAPHQL.maxListLimit)),
        }),
        args: { skip: t.arg.int({ defaultValue: 0 }), limit: t.arg.int({ defaultValue: 100 }) },
        resolve: (a, args, ctx) =>
          folders.favoritesWithFolders(ctx.service, { accountId: a.id, ...checkPaging(args.skip, args.limit) }),
      }),
      folders: t.field({
        type: [FolderType],
        complexity: 10,
        description: "The account's collections, by name.",
        resolve: (a, _x, ctx) => folders.listFolders(ctx.service, { accountId: a.id }),
      }),
      language: t.field({
        type: LanguageRef,
        resolve: (a) => LANGUAGES.find((l) => l.locale === a.locale) ?? LANGUAGES[0],
      }),
      customerId: t.string({ nullable: true, resolve: async (a, _x, ctx) => (await overviewOf(ctx, a.id)).customerId }),
      subscriptionId: t.int({
        nullable: true,
        resolve: async (a, _x, ctx) => (await overviewOf(ctx, a.id)).subscription?.id ?? null,
      }),
      priceId: t.string({
        nullable: true,
        description: "The plan code the subscription is billed at.",
        resolve: async (a, _x, ctx) => (await overviewOf(ctx, a.id)).subscription?.plan ?? null,
      }),
      paymentMethod: t.field({
        type: PaymentMethodRef,
        nullable: true,
        resolve: async (a, _x, ctx) => (await overviewOf(ctx, a.id)).card,
      }),
      subscription: t.field({
        type: SubscriptionRef,
        nullable: true,
        resolve: async (a, _x, ctx) => {
          const o = await overviewOf(ctx, a.id);
          return o.subscription ? { ...o.subscription, card: o.card } : null;
        },
      }),
      payments: t.field({
        type: [PaymentRef],
        complexity: 24,
        args: { sort: t.arg.string({ defaultValue: "newest" }), page: t.arg.int({ defaultValue: 1 }) },
        resolve: async (a, args, ctx) =>
          (
            await billing.listPayments(ctx.service, {
              accountId: a.id,
              sort: args.sort === "oldest" ? "oldest" : "newest",
              page: checkPage(args.page),
            })
          ).items,
      }),
      invoices: t.field({
        type: [InvoiceRef],
        complexity: 24,
        args: { sort: t.arg.string({ defaultValue: "newest" }), page: t.arg.int({ defaultValue: 1 }) },
        resolve: async (a, args, ctx) =>
          (
            await billing.listInvoices(ctx.service, {
              accountId: a.id,
              sort: args.sort === "oldest" ? "oldest" : "newest",
              page: checkPage(args.page),
            })
          ).items,
      }),
    }),
  });

  /** One autocomplete per request and text, however many fields ask (suggestions and templates). */
  const completions = new WeakMap<Ctx, Map<string, Promise<search.Autocomplete>>>();
  const autocompleteOf = (ctx: Ctx, raw: string) => {
    const q = suggestInput.parse(raw);
    let byText = completions.get(ctx);
    if (!byText) {
      byText = new Map();
      completions.set(ctx, byText);
    }
    let found = byText.get(q);
    if (!found) {
      found = q ? search.autocomplete(ctx.service, q) : Promise.resolve({ suggestions: [], templates: [] });
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
  type AllowanceView = Awaited<ReturnType<typeof getAllowance>>;
  const AllowanceRef = builder.objectRef<AllowanceView>("DownloadAllowance").implement({
    description: "The caller's downloads this period against the plan's limit (null: unlimited).",
    fields: (t) => ({
      used: t.exposeInt("used"),
      limit: t.exposeInt("limit", { nullable: true }),
      left: t.exposeInt("left", { nullable: true }),
      resetsAt: t.string({ resolve: (a) => a.resetsAt.toISOString() }),
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

  const TypeFilter = builder.inputType("TagTypeFilter", { fields: (t) => ({ in: t.field({ type: [TagTypeEnum] }) }) });
  const TagWhere = builder.inputType("TagWhere", { fields: (t) => ({ type: t.field({ type: TypeFilter }) }) });
  const TagOrderBy = builder.inputType("TagOrderBy", {
    fields: (t) => ({
      field: t.field({ type: TagOrderField, required: true }),
      direction: t.field({ type: OrderDirection }),
    }),
  });
  const LocaleFilter = builder.inputType("LanguageWhere", {
    fields: (t) => ({ locale: t.string(), id: t.int() }),
  });
  const LanguageOrderBy = builder.inputType("LanguageOrderBy", {
    fields: (t) => ({ field: t.string({ required: true }), direction: t.field({ type: OrderDirection }) }),
  });

  const checkPaging = (skip: number | null | undefined, limit: number | null | undefined) => {
    const s = skip ?? 0;
    const l = limit ?? 50;
    if (s < 0 || s > 100_000) throw badInput("skip must be between 0 and 100000.");
    if (l < 0 || l > GRAPHQL.maxListLimit) throw badInput(`limit must be between 0 and ${GRAPHQL.maxListLimit}.`);
    return { skip: s, limit: l };
  };

  builder.queryType({
    fields: (t) => ({
      tags: t.field({
        type: TagList,
        complexity: (args) => ({ field: 2, multiplier: Math.max(1, Math.min(args.limit ?? 50, GRAPHQL.maxListLimit)) }),
        args: {
          where: t.arg({ type: TagWhere }),
          orderBy: t.arg({ type: TagOrderBy }),
          skip: t.arg.int({ defaultValue: 0 }),
          limit: t.arg.int({ defaultValue: 50 }),
        },
        resolve: (_r, args, ctx) =>
          catalog.listTags(ctx.service, {
            types: (args.where?.type?.in ?? undefined) as TagType[] | undefined,
            orderBy: args.orderBy?.field ?? "id",
            direction: args.orderBy?.direction ?? "asc",
            ...checkPaging(args.skip, args.limit),
          }),
      }),
      tag: t.field({
        type: Tag,
        args: { slug: t.arg.string({ required: true }) },
        resolve: async (_r, args, ctx) => {
          const tag = await catalog.getTagBySlug(ctx.service, args.slug.slice(0, 120));
          if (!tag)
            throw new GraphQLError(MESSAGES.notFound[ctx.service.locale], {
              extensions: { code: "NOT_FOUND", http: { status: ctx.skip404 ? 200 : 404 } },
            });
          return tag;
        },
      }),
      categories: t.field({
        type: TagList,
        complexity: (args) => ({ field: 2, multiplier: Math.max(1, Math.min(args.limit ?? 50, GRAPHQL.maxListLimit)) }),
        args: {
          orderBy: t.arg({ type: TagOrderBy }),
          type: t.arg({ type: TagTypeEnum, defaultValue: "category" }),
          skip: t.arg.int({ defaultValue: 0 }),
          limit: t.arg.int({ defaultValue: 50 }),
        },
        resolve: (_r, args, ctx) =>
          catalog.listTags(ctx.service, {
            types: [args.type ?? "category"],
            orderBy: args.orderBy?.field ?? "id",
            direction: args.orderBy?.direction ?? "asc",
            ...checkPaging(args.skip, args.limit),
          }),
      }),
      me: t.field({
        type: Me,
        nullable: true,
        description: "The signed-in account, or null for a guest.",
        resolve: (_r, _a, ctx) => ctx.account,
      }),
      searchAutocompletions: t.stringList({
        description: "Autocomplete suggestions for a search text (trimmed and cut to 200 characters; never an error).",
        args: { searchRequest: t.arg.string({ required: true }) },
        resolve: async (_r, args, ctx) => (await autocompleteOf(ctx, args.searchRequest)).suggestions,
      }),
      searchAutocompleteTemplates: t.field({
        type: [SuggestedTemplate],
        description: "Templates to offer while typing (at most 3), from the same lookup as searchAutocompletions.",
        args: { searchRequest: t.arg.string({ required: true }) },
        resolve: async (_r, args, ctx) => (await autocompleteOf(ctx, args.searchRequest)).templates,
      }),
      downloadAllowance: t.field({
        type: AllowanceRef,
        description: "The caller's allowance this period: the guest's (signed cookie and address) or the account's.",
        resolve: (_r, _a, ctx) =>
          getAllowance(
            ctx.service,
            ctx.account
              ? accountViewer(ctx.account, ctx.clientKey)
              : { kind: "guest", guestId: ctx.guestId ?? "", ip: ctx.clientKey },
          ),
      }),
      mainPageSearchMenu: t.field({
        type: SearchMenu,
        complexity: 20,
        resolve: (_r, _a, ctx) => search.mainPageSearchMenu(ctx.service),
      }),
      getDownloadsCount: t.int({
        description:
          "Credits used in the current period (calendar month, UTC) by the caller's guest fingerprint or account.",
        args: { accountId: t.arg.int(), fingerprint: t.arg.string() },
        resolve: async (_r, args, ctx) => {
          const r = await countCallerDownloads(ctx.service, ctx, args);
          if (r.ok) return r.count;
          throw new GraphQLError(MESSAGES.forbidden[ctx.service.locale], {
            extensions: { code: r.code, http: { status: 403 } },
          });
        },
      }),
      languages: t.field({
        type: LanguageList,
        args: {
          where: t.arg({ type: LocaleFilter }),
          orderBy: t.arg({ type: LanguageOrderBy }),
          skip: t.arg.int({ defaultValue: 0 }),
          limit: t.arg.int({ defaultValue: 50 }),
        },
        resolve: (_r, args) => {
          const { skip, limit } = checkPaging(args.skip, args.limit);
          let list: Language[] = LANGUAGES.filter(
            (l) =>
              (args.where?.locale == null || l.locale === args.where.locale) &&
              (args.where?.id == null || l.id === args.where.id),
          );
          if (args.orderBy) {
            const f = args.orderBy.field as keyof Language;
            if (f !== "id" && f !== "name" && f !== "locale")
              throw badInput("orderBy.field must be id, name or locale.");
            const dir = args.orderBy.direction === "desc" ? -1 : 1;
            list = [...list].sort((a, b) => (a[f] < b[f] ? -dir : a[f] > b[f] ? dir : 0));
          }
          return { list: list.slice(skip, skip + limit), totalCount: list.length };
        },
      }),
    }),
  });

  const UpdateMeInput = builder.inputType("UpdateMeInput", {
    fields: (t) => ({ languageId: t.int({ required: false }) }),
  });

  /** Expected billing failures are results, not errors: `code` is the translation key, `message` its text. */
  type Payload = {
    ok: boolean;
    code: string | null;
    field?: string | null;
    message: string | null;
    transactionId?: string | null;
    amount?: number | null;
    plan?: string | null;
  };
  const BillingPayload = builder.objectRef<Payload>("BillingPayload").implement({
    fields: (t) => ({
      ok: t.exposeBoolean("ok"),
      code: t.exposeString("code", { nullable: true }),
      field: t.string({ nullable: true, resolve: (p) => p.field ?? null }),
      message: t.exposeString("message", { nullable: true }),
      transactionId: t.string({ nullable: true, resolve: (p) => p.transactionId ?? null }),
      amount: t.int({ nullable: true, resolve: (p) => p.amount ?? null }),
      plan: t.string({ nullable: true, resolve: (p) => p.plan ?? null }),
    }),
  });
  const fail = (ctx: Ctx, code: string, field?: string | null): Payload => ({
    ok: false,
    code,
    field: field ?? null,
    message: ctx.t(code),
  });
  const ok = (extra: Partial<Payload> = {}): Payload => ({ ok: true, code: null, message: null, ...extra });
  /** A billing change, within the caller's budget; answers the refusal when it is spent. */
  const spent = async (ctx: Ctx): Promise<Payload | null> => {
    const wait = await ctx.limitPayment();
    if (wait === null) return null;
    return {
      ok: false,
      code: "billing.errors.rateLimited",
      message: ctx.t("billing.errors.rateLimited", { seconds: wait }),
    };
  };
  const signedIn = (ctx: Ctx) => {
    if (!ctx.account)
      throw new GraphQLError(MESSAGES.unauthenticated[ctx.service.locale], {
        extensions: { code: "UNAUTHENTICATED", http: { status: 401 } },
      });
    return ctx.account;
  };
  const firstIssue = (ctx: Ctx, issues: { path: PropertyKey[]; message: string }[]) =>
    fail(ctx, issues[0]?.message ?? "billing.errors.generic", issues[0]?.path.map(String).join(".") || null);

  const SubscribeInput = builder.inputType("SubscribeInput", {
    fields: (t) => ({
      type: t.string({ required: true, description: "personal (premium) or commercial" }),
      period: t.string({ required: true, description: "monthly or yearly" }),
      billingName: t.string({ required: true }),
      billingEmail: t.string({ required: true }),
      address: t.string({ required: true }),
      country: t.string({ required: true }),
      city: t.string({ required: true }),
      zip: t.string(),
      cardNumber: t.string({ description: "Sandbox (demo mode) only." }),
      cardExpiry: t.string({ description: "Sandbox (demo mode) only." }),
      cardCvc: t.string({ description: "Sandbox (demo mode) only." }),
      cardToken: t.string({ description: "With Stripe: the payment method id made by Stripe.js." }),
      attempt: t.string({ required: true, description: "A key of the caller's; the same key never charges twice." }),
    }),
  });
  const CardInput = builder.inputType("CardInput", {
    fields: (t) => ({
      cardNumber: t.string({ description: "Sandbox (demo mode) only." }),
      cardExpiry: t.string({ description: "Sandbox (demo mode) only." }),
      cardCvc: t.string({ description: "Sandbox (demo mode) only." }),
      cardToken: t.string({ description: "With Stripe: the payment method id made by Stripe.js." }),
    }),
  });
  /** Card fields for the sandbox, a token for a provider with its own element. */
  const tokenized = (ctx: Ctx) => ctx.billing.payments?.kind === "stripe";

  builder.mutationType({
    fields: (t) => ({
      subscribe: t.field({
        type: BillingPayload,
        args: { input: t.arg({ type: SubscribeInput, required: true }) },
        resolve: async (_r, args, ctx) => {
          const account = signedIn(ctx);
          const limited = await spent(ctx);
          if (limited) return limited;
          const parsed = (tokenized(ctx) ? tokenPaymentSchema : paymentSchema).safeParse(args.input);
          if (!parsed.success) return firstIssue(ctx, parsed.error.issues);
          const r = await billing.subscribe(ctx.billing, { accountId: account.id, ...fromPaymentForm(parsed.data) });
          if (!r.ok) return fail(ctx, r.code, r.field);
          return ok({ transactionId: r.value.transactionId, amount: r.value.amountCents, plan: r.value.plan });
        },
      }),
      changePlan: t.field({
        type: BillingPayload,
        description:
          "An upgrade is charged at once with the card on file; a downgrade or switch waits for the renewal.",
        args: { plan: t.arg.string({ required: true }), attempt: t.arg.string() },
        resolve: async (_r, args, ctx) => {
          const account = signedIn(ctx);
          const limited = await spent(ctx);
          if (limited) return limited;
          const target = args.plan;
          if (!isPaidPlan(target)) return fail(ctx, "billing.errors.plan", "plan");
          const code = target;
          const quote = await billing.quotePlan(ctx.billing, { accountId: account.id, target: code });
          if (quote.change === "upgrade") {
            if (!args.attempt || !/^[\w-]{8,64}$/.test(args.attempt))
              return fail(ctx, "billing.errors.attempt", "attempt");
            const r = await billing.upgrade(ctx.billing, {
              accountId: account.id,
              target: code,
              attempt: args.attempt,
            });
            if (!r.ok) return fail(ctx, r.code, r.field);
            return ok({ transactionId: r.value.transactionId, amount: r.value.amountCents, plan: r.value.plan });
          }
          if (quote.change === "subscribe") return fail(ctx, "billing.errors.noSubscription");
          const r = await billing.schedulePlanChange(ctx.billing, { accountId: account.id, target: code });
          return r.ok ? ok({ plan: r.value.plan }) : fail(ctx, r.code);
        },
      }),
      cancelSubscription: t.field({
        type: BillingPayload,
        args: { reason: t.arg.string({ required: true }) },
        resolve: async (_r, args, ctx) => {
          const account = signedIn(ctx);
          const parsed = cancelSchema.safeParse({ reason: args.reason });
          if (!parsed.success) return firstIssue(ctx, parsed.error.issues);
          const r = await billing.cancelSubscription(ctx.billing, {
            accountId: account.id,
            reason: parsed.data.reason,
          });
          return r.ok ? ok() : fail(ctx, r.code);
        },
      }),
      renewSubscription: t.field({
        type: BillingPayload,
        resolve: async (_r, _a, ctx) => {
          const account = signedIn(ctx);
          const r = await billing.renewSubscription(ctx.billing, { accountId: account.id });
          return r.ok
            ? ok({ code: "billing.page.renewed", message: ctx.t("billing.page.renewed") })
            : fail(ctx, r.code);
        },
      }),
      updatePaymentMethod: t.field({
        type: BillingPayload,
        args: { input: t.arg({ type: CardInput, required: true }) },
        resolve: async (_r, args, ctx) => {
          const account = signedIn(ctx);
          const limited = await spent(ctx);
          if (limited) return limited;
          const parsed = (tokenized(ctx) ? tokenCardSchema : cardSchema).safeParse(args.input);
          if (!parsed.success) return firstIssue(ctx, parsed.error.issues);
          const r = await billing.updatePaymentMethod(ctx.billing, {
            accountId: account.id,
            source: cardSourceOf(parsed.data),
          });
          return r.ok
            ? ok({ code: "billing.page.cardUpdated", message: ctx.t("billing.page.cardUpdated") })
            : fail(ctx, r.code, r.field);
        },
      }),
      updateAccountInterests: t.boolean({
        description:
          "Replaces the signed-in account's interests (SPEC §4, §7). At least one tag of type category or tag; true when saved.",
        args: { tagIds: t.arg.intList({ required: true }) },
        resolve: async (_r, args, ctx) => {
          const account = signedIn(ctx);
          const r = await interests.updateInterests(ctx.service, { accountId: account.id, tagIds: args.tagIds });
          if (!r.ok)
            throw new GraphQLError(ctx.t(r.code, { max: LIMIT_TAGS }), {
              extensions: { code: "BAD_USER_INPUT", reason: r.code, http: { status: 400 } },
            });
          return true;
        },
      }),
      updateMe: t.field({
        type: Me,
        description: "Changes the signed-in account; today its language (SPEC §4, language switch).",
        args: { data: t.arg({ type: UpdateMeInput, required: true }) },
        resolve: async (_r, args, ctx) => {
          if (!ctx.account)
            throw new GraphQLError(MESSAGES.unauthenticated[ctx.service.locale], {
              extensions: { code: "UNAUTHENTICATED", http: { status: 401 } },
            });
          let account = ctx.account;
          if (args.data.languageId != null) {
            const language = LANGUAGES.find((l) => l.id === args.data.languageId);
            if (!language) throw badInput(MESSAGES.invalidLanguage[ctx.service.locale]);
            await accounts.setAccountLocale(ctx.service, account.id, language.locale);
            account = { ...account, locale: language.locale };
          }
          return account;
        },
      }),
    }),
  });

  return builder.toSchema();
}

export function createGraphqlHandler(opts: {
  serviceContext: (locale: Locale) => ServiceContext;
  /** Billing for a request's client (the sandbox only where demo mode answers it). */
  billingContext: (locale: Locale, request: RequestContext | undefined) => billing.BillingContext;
  translate: (locale: Locale) => Ctx["t"];
  log: Logger;
  production: boolean;
  /** The site's own origin: the only one allowed to call with credentials from a browser. */
  origin: string;
  /** Reads the signed guest id from a request's cookies. */
  guestIdOf?: (req: Request) => string | null;
}) {
  const schema = buildSchema();
  const plugins: Plugin[] = [
    {
      onValidate({ addValidationRule }) {
        addValidationRule(depthLimitRule(GRAPHQL.maxDepth));
        addValidationRule(rootFieldsRule(GRAPHQL.maxRootFields));
        if (opts.production) addValidationRule(NoSchemaIntrospectionCustomRule);
      },
    },
    {
      // Every operation pays its cost (searches more than lookups) from the client's budget.
      async onExecute({ args, setResultAndStopExecution }) {
        const ctx = args.contextValue as unknown as Ctx;
        let wait: number | null;
        try {
          wait = await ctx.takeCost(operationCost(args.document, args.operationName));
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
          // The budget lives in the database: while it is down, say so (503), like every other answer.
          setResultAndStopExecution({ errors: [unavailable(ctx.t("common.errors.unavailable"))] });
          return;
        }
        if (wait === null)
          return {
            // A database outage in a resolver says so in the request's language (503, Retry-After).
            onExecuteDone({ result, setResult }) {
              if (!("errors" in result) || !result.errors?.length) return;
              if (!result.errors.some((e) => isDatabaseUnavailable(e.originalError))) return;
              setResult({
                ...result,
                errors: result.errors.map((e) =>
                  isDatabaseUnavailable(e.originalError) ? unavailable(ctx.t("common.errors.unavailable")) : e,
                ),
              });
            },
          };
        setResultAndStopExecution({
          errors: [
            new GraphQLError(ctx.t("common.errors.rateLimited", { seconds: wait }), {
              extensions: { code: "RATE_LIMITED", http: { status: 429, headers: { "Retry-After": String(wait) } } },
            }),
          ],
        });
      },
    },
  ];
  const yoga = createYoga<EdgeContext, Ctx>({
    schema,
    graphqlEndpoint: "/graphql",
    cors: { origin: opts.origin, credentials: true, methods: ["GET", "POST"] },
    landingPage: false,
    // No file uploads here: multipart requests are refused instead of being buffered.
    multipart: false,
    graphiql: !opts.production,
    maskedErrors: {
      // A database outage during a resolver is a 503 with Retry-After, not "Unexpected error".
      maskError: (error, message, isDev) =>
        isDatabaseUnavailable((error as { originalError?: unknown }).originalError ?? error)
          ? unavailable(UNAVAILABLE_MESSAGE)
          : maskError(error, message, isDev),
    },
    plugins,
    fetchAPI: { Request, Response, Headers, fetch, ReadableStream, FormData, Blob, File, URL, URLSearchParams },
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...args: unknown[]) => opts.log.warn("graphql", { args: args.map(String) }),
      error: (...args: unknown[]) => opts.log.error("graphql", { args: args.map(String) }),
    },
    context: async ({ request, params, requestContext, limitPayment, takeCost }) => {
      // The language is the request context's; a locale header that names none is a bad input here.
      const rawLocale = request.headers.get("locale");
      if (rawLocale !== null && rawLocale !== "en" && rawLocale !== "es") {
        throw badInput(MESSAGES.invalidLanguage.en);
      }
      const lang: Locale = requestContext?.locale ?? (rawLocale === "es" ? "es" : "en");
      const account = requestContext?.viewer?.account ?? null;
      const zone = resolveTimeZone(request.headers.get("time-zone"));
      if (!zone) throw badInput(MESSAGES.invalidTimeZone[lang]);
      const skip404 = Boolean((params.variables as Record<string, unknown> | undefined)?.skip404);
      return {
        service: opts.serviceContext(lang),
        billing: opts.billingContext(lang, requestContext),
        t: opts.translate(lang),
        limitPayment: limitPayment ?? (async () => null),
        takeCost: takeCost ?? (async () => null),
        timeZone: zone,
        skip404,
        guestId: opts.guestIdOf?.(request) ?? null,
        clientKey: requestContext?.clientKey ?? "",
        accountId: account?.id ?? null,
        account: account ?? null,
      };
    },
  });
  return (req: Request, edge: EdgeContext = {}) => yoga.fetch(req, edge) as Promise<Response>;
}

/** What the server hands GraphQL for one request: its context and the budgets to draw from. */
type EdgeContext = {
  requestContext?: RequestContext;
  limitPayment?: () => Promise<number | null>;
  takeCost?: (cost: number) => Promise<number | null>;
};
