/** Sorts of the download history (SPEC §9); a module of its own so the page can import it (history.ts is the server's). */
export const HISTORY_SORTS = ["newest", "oldest"] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];
