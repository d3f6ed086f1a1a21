import type { Scope } from "#modules/scope.ts";

/** What the blog import takes, and what it answers (modules/blog/import.ts). */

export type ImportContext = Pick<Scope, "db" | "storage" | "clock" | "log">;
export type ImportOptions = {
  /** Also delete posts missing from the folder, and tags missing from it that no post uses. */
  prune?: boolean;
  /** Check and work out the counts, write nothing (no files, no rows). */
  dryRun?: boolean;
};
export type ImportError = { file: string; message: string };
export type ImportSummary = {
  tags: { created: number; updated: number; unchanged: number; removed: number };
  posts: { created: number; updated: number; unchanged: number; removed: number };
  errors: ImportError[];
};

export const emptySummary = (): ImportSummary => ({
  tags: { created: 0, updated: 0, unchanged: 0, removed: 0 },
  posts: { created: 0, updated: 0, unchanged: 0, removed: 0 },
  errors: [],
});
