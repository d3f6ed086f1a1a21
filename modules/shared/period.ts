/** The allowance period of a moment: its calendar month in UTC, as YYYY-MM. */
export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** When the period of a moment ends: 00:00 UTC on the 1st of the next month. */
export function nextPeriodStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}
