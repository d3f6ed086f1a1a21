/** What the download panel announces after each download, so the header counter follows without a reload. */
export const ALLOWANCE_EVENT = "slidenest:allowance";
export type AllowanceDetail = { used: number; limit: number | null };
