import { GraphQLError } from "graphql";
import { type Allowance, countCallerDownloads, getCallerAllowance } from "#modules/downloads/service.ts";
import { builder, type QueryFields } from "../builder.ts";
import { MESSAGES } from "../errors.ts";

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
