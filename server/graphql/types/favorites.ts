import { GRAPHQL } from "#config/constants.ts";
import type { AccountView } from "#modules/accounts/service.ts";
import * as folders from "#modules/favorites/folders.ts";
import { builder, type ObjectFields } from "../builder.ts";
import { checkPaging } from "../errors.ts";

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

/** Me's favourites and collections. */
export const favoritesOfMe = (t: ObjectFields<AccountView>) => ({
  favorites: t.field({
    type: [FavoriteType],
    description: "Favourites, newest first, each with the collections that keep it.",
    complexity: (args) => ({
      field: 2,
      multiplier: Math.max(1, Math.min(args.limit ?? 100, GRAPHQL.maxListLimit)),
    }),
    args: { skip: t.arg.int({ defaultValue: 0 }), limit: t.arg.int({ defaultValue: 100 }) },
    resolve: (a, args, ctx) =>
      folders.favoritesWithFolders(ctx.scope, { accountId: a.id, ...checkPaging(args.skip, args.limit) }),
  }),
  folders: t.field({
    type: [FolderType],
    complexity: 10,
    description: "The account's collections, by name.",
    resolve: (a, _x, ctx) => folders.listFolders(ctx.scope, { accountId: a.id }),
  }),
});
