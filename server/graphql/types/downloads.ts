import { GraphQLError } from "graphql";
import { GRAPHQL } from "#config/constants.ts";
import type { AccountView } from "#modules/accounts/service.ts";
import { downloadedTemplates } from "#modules/downloads/history.ts";
import { type Allowance, countCallerDownloads, getCallerAllowance } from "#modules/downloads/service.ts";
import { builder, type ObjectFields, type QueryFields } from "../builder.ts";
import { checkPaging, MESSAGES } from "../errors.ts";

const AllowanceRef = builder.objectRef<Allowance>("DownloadAllowance").implement({
  description: "The caller's downloads this period against the plan's limit (null: unlimited).",
  fields: (t) => ({
    used: t.exposeInt("used"),
    limit: t.exposeInt("limit", { nullable: true }),
    left: t.exposeInt("left", { nullable: true }),
    resetsAt: t.string({ resolve: (a) => a.resetsAt.toISOString() }),
  }),
});

export const downloadAllowance = (t: QueryFields) =>
  t.field({
    type: AllowanceRef,
    description: "The caller's allowance this period: the guest's (signed cookie and address) or the account's.",
    resolve: (_r, _a, ctx) =>
      getCallerAllowance(ctx.scope, {
        account: ctx.scope.viewer?.account ?? null,
        guestId: ctx.guestId,
        clientKey: ctx.clientKey,
      }),
  });

export const getDownloadsCount = (t: QueryFields) =>
  t.int({
    description:
      "Credits used in the current period (calendar month, UTC) by the caller's guest fingerprint or account.",
    args: { accountId: t.arg.int(), fingerprint: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const r = await countCallerDownloads(
        ctx.scope,
        { accountId: ctx.scope.viewer?.account.id ?? null, guestId: ctx.guestId },
        args,
      );
      if (r.ok) return r.value;
      throw new GraphQLError(MESSAGES.forbidden[ctx.scope.locale], {
        extensions: { code: r.code, http: { status: 403 } },
      });
    },
  });

const DownloadedType = builder.objectRef<{ templateId: number }>("Download").implement({
  description: "A template the account downloaded (SPEC §3 downloads[{templateId}]).",
  fields: (t) => ({ templateId: t.exposeInt("templateId") }),
});

/** Me's downloads: the templates downloaded, each once. */
export const downloadsOfMe = (t: ObjectFields<AccountView>) => ({
  downloads: t.field({
    type: [DownloadedType],
    description:
      "The published templates the account downloaded, each once (any colour, format or month), the most recently downloaded first.",
    complexity: (args) => ({
      field: 2,
      multiplier: Math.max(1, Math.min(args.limit ?? 100, GRAPHQL.maxListLimit)),
    }),
    args: { skip: t.arg.int({ defaultValue: 0 }), limit: t.arg.int({ defaultValue: 100 }) },
    resolve: (a, args, ctx) =>
      downloadedTemplates(ctx.scope, { accountId: a.id, ...checkPaging(args.skip, args.limit) }),
  }),
});
