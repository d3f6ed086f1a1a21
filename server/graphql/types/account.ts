import { GraphQLError } from "graphql";
import { LIMIT_TAGS } from "#config/constants.ts";
import * as interests from "#modules/accounts/interests.ts";
import { updateAccountLanguage } from "#modules/accounts/languages.ts";
import type { AccountView } from "#modules/accounts/service.ts";
import { builder, type MutationFields, type QueryFields } from "../builder.ts";
import { badInput, MESSAGES, signedIn } from "../errors.ts";
import { billingOfMe } from "./billing.ts";
import { downloadsOfMe } from "./downloads.ts";
import { favoritesOfMe } from "./favorites.ts";
import { languageOfMe } from "./languages.ts";
import { licencesOfMe } from "./licences.ts";

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
      resolve: (a, _x, ctx) => interests.listInterests(ctx.scope, a.id),
    }),
    ...favoritesOfMe(t),
    ...downloadsOfMe(t),
    language: languageOfMe(t),
    ...billingOfMe(t),
    ...licencesOfMe(t),
  }),
});

const UpdateMeInput = builder.inputType("UpdateMeInput", {
  fields: (t) => ({ languageId: t.int({ required: false }) }),
});

export const me = (t: QueryFields) =>
  t.field({
    type: Me,
    nullable: true,
    complexity: 2,
    description: "The signed-in account, or null for a guest.",
    resolve: (_r, _a, ctx) => ctx.scope.viewer?.account ?? null,
  });

export const updateAccountInterests = (t: MutationFields) =>
  t.boolean({
    description:
      "Replaces the signed-in account's interests (SPEC §4, §7). At least one tag of type category or tag; true when saved.",
    args: { tagIds: t.arg.intList({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const account = signedIn(ctx);
      const r = await interests.updateInterests(ctx.scope, { accountId: account.id, tagIds: args.tagIds });
      if (!r.ok)
        throw new GraphQLError(ctx.t(r.code, { max: LIMIT_TAGS }), {
          extensions: { code: "BAD_USER_INPUT", reason: r.code, http: { status: 400 } },
        });
      return true;
    },
  });

export const updateMe = (t: MutationFields) =>
  t.field({
    type: Me,
    description: "Changes the signed-in account; today its language (SPEC §4, language switch).",
    args: { data: t.arg({ type: UpdateMeInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const account = signedIn(ctx);
      const r = await updateAccountLanguage(ctx.scope, { account, languageId: args.data.languageId });
      if (!r.ok) throw badInput(MESSAGES.invalidLanguage[ctx.scope.locale]);
      return r.value;
    },
  });
