/** Sorts of the favourites and collection lists (SPEC §9); a module of its own so pages can import it. */
export const FAVORITE_SORTS = ["newest", "oldest"] as const;
export type FavoriteSort = (typeof FAVORITE_SORTS)[number];
