import type { BillingInterval } from "#config/constants.ts";

const DAY_MS = 86_400_000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The end of the n-th period after the anchor: monthly periods keep the anchor's day of the month
 * (the 31st becomes the last day of shorter months and comes back in longer ones), yearly ones its date
 * (29 February becomes the 28th in other years). Time of day is kept.
 */
export function periodBoundary(anchor: Date, interval: BillingInterval, n: number): Date {
  const months = interval === "month" ? n : n * 12;
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The period after the one ending at `end`, counted from the anchor so short months do not drift it. */
export function nextPeriodEnd(anchor: Date, interval: BillingInterval, end: Date): Date {
  for (let n = 1; n < 10_000; n++) {
    const b = periodBoundary(anchor, interval, n);
    if (b.getTime() > end.getTime()) return b;
  }
  throw new Error("period out of range");
}

/** Credit for the unused part of a period, by remaining seconds, in whole cents (rounded down). */
export function unusedCredit(priceCents: number, start: Date, end: Date, now: Date): number {
  const total = end.getTime() - start.getTime();
  const left = Math.max(0, Math.min(total, end.getTime() - now.getTime()));
  if (total <= 0) return 0;
  return Math.floor((priceCents * Math.floor(left / 1000)) / Math.floor(total / 1000));
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY_MS);
}
