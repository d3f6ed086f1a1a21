import { GraphQLError } from "graphql";
import type { AccountView } from "#modules/accounts/service.ts";
import type { Page } from "#modules/catalog/views.ts";
import { checkLicence, type LicenceView, listLicences, type PublicLicence } from "#modules/licences/service.ts";
import { builder, type ObjectFields, type QueryFields } from "../builder.ts";
import type { GraphqlContext } from "../context.ts";
import { badInput, checkPage } from "../errors.ts";

/** What every licence shows, to its owner and to anyone who checks its code. */
const publicFields = <L extends PublicLicence>(t: ObjectFields<L>) => ({
  code: t.string({ description: "The code as people read it: five groups of four.", resolve: (l) => l.code }),
  kind: t.string({ description: "free (with attribution), personal or commercial.", resolve: (l) => l.kind }),
  templateId: t.int({
    nullable: true,
    description: "The template's id while it is in the catalogue (null once removed).",
    resolve: (l) => l.templateId,
  }),
  templateTitle: t.string({
    description: "The template's title at the grant, in the caller's language.",
    resolve: (l) => l.templateTitle,
  }),
  templateSlug: t.string({ resolve: (l) => l.templateSlug }),
  colorName: t.string({ nullable: true, resolve: (l) => l.colorName }),
  format: t.string({ description: "PP, GS or KN: the format first downloaded.", resolve: (l) => l.format }),
  grantedAt: t.string({ resolve: (l) => l.grantedAt.toISOString() }),
  licensee: t.string({
    nullable: true,
    description: "The licensee's name at the grant; initials once the account was closed; null for a guest's download.",
    resolve: (l) => l.licensee,
  }),
  licenseeGone: t.boolean({ resolve: (l) => l.licenseeGone }),
  guest: t.boolean({ description: "Whether a guest's download (no account) was licensed.", resolve: (l) => l.guest }),
});

const LicenceCheck = builder.objectRef<PublicLicence>("LicenceCheck").implement({
  description: "A licence as anyone who checks its code sees it (never its project name).",
  fields: (t) => publicFields(t),
});

const Licence = builder.objectRef<LicenceView>("Licence").implement({
  description: "One of the signed-in account's licences: one per download grant.",
  fields: (t) => ({
    ...publicFields(t),
    project: t.exposeString("project", { nullable: true, description: "The member's own label for the work." }),
  }),
});

const LicencePage = builder.objectRef<Page<LicenceView>>("LicencePage").implement({
  fields: (t) => ({
    items: t.field({ type: [Licence], resolve: (p) => p.items }),
    total: t.exposeInt("total"),
    page: t.exposeInt("page"),
    pageCount: t.exposeInt("pageCount"),
    pageSize: t.exposeInt("pageSize"),
  }),
});

/** Me's licences, newest first. */
export const licencesOfMe = (t: ObjectFields<AccountView>) => ({
  licences: t.field({
    type: LicencePage,
    complexity: { field: 2, multiplier: 24 },
    description: "The account's licences, newest first, 24 a page (certificates at /licence/{code}/pdf).",
    args: { page: t.arg.int({ defaultValue: 1 }) },
    resolve: (a, args, ctx) => listLicences(ctx.scope, { accountId: a.id, page: checkPage(args.page) }),
  }),
});

/** One check from the caller's licence-check budget; the refusal when it is spent. */
async function withinBudget(ctx: GraphqlContext) {
  const wait = await ctx.limitLicenceCheck();
  if (wait !== null)
    throw new GraphQLError(ctx.t("licences.errors.rateLimited", { seconds: wait }), {
      extensions: { code: "RATE_LIMITED", http: { status: 429, headers: { "Retry-After": String(wait) } } },
    });
}

export const licence = (t: QueryFields) =>
  t.field({
    type: LicenceCheck,
    nullable: true,
    complexity: 2,
    description:
      "A licence by its code (case, spaces and dashes do not matter), as the public verification page shows it; null when no licence has the code. Rate limited per client.",
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await withinBudget(ctx);
      const r = await checkLicence(ctx.scope, args.code);
      if (r.ok) return r.value;
      if (r.code === "licences.errors.malformed") throw badInput(ctx.t(r.code));
      return null;
    },
  });
