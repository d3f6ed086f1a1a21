import { type Language, languageOf, listLanguages } from "#modules/accounts/languages.ts";
import type { AccountView } from "#modules/accounts/service.ts";
import { builder, type ObjectFields, OrderDirection, type QueryFields } from "../builder.ts";
import { badInput, checkPaging } from "../errors.ts";

const LanguageRef = builder.objectRef<Language>("Language").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name"), locale: t.exposeString("locale") }),
});
const LanguageList = builder.objectRef<{ list: Language[]; totalCount: number }>("LanguageList").implement({
  fields: (t) => ({
    list: t.field({ type: [LanguageRef], resolve: (r) => r.list }),
    totalCount: t.exposeInt("totalCount"),
  }),
});

const LocaleFilter = builder.inputType("LanguageWhere", {
  fields: (t) => ({ locale: t.string(), id: t.int() }),
});
const LanguageOrderBy = builder.inputType("LanguageOrderBy", {
  fields: (t) => ({ field: t.string({ required: true }), direction: t.field({ type: OrderDirection }) }),
});

/** The languages the site speaks, filtered, ordered and paged. */
export const languages = (t: QueryFields) =>
  t.field({
    type: LanguageList,
    args: {
      where: t.arg({ type: LocaleFilter }),
      orderBy: t.arg({ type: LanguageOrderBy }),
      skip: t.arg.int({ defaultValue: 0 }),
      limit: t.arg.int({ defaultValue: 50 }),
    },
    resolve: (_r, args) => {
      const r = listLanguages({ where: args.where, orderBy: args.orderBy, ...checkPaging(args.skip, args.limit) });
      if (!r.ok) throw badInput("orderBy.field must be id, name or locale.");
      return r.value;
    },
  });

/** Me.language: the language the account reads the site in. */
export const languageOfMe = (t: ObjectFields<AccountView>) =>
  t.field({ type: LanguageRef, resolve: (a) => languageOf(a.locale) });
