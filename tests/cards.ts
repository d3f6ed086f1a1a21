/**
 * An expiry ("MM/YY") that is years away from `now`: the sandbox refuses a card whose expiry has passed
 * by the server's clock, so a fixed date in a test ("12/30") would start failing once that date is past.
 */
export function cardExpiry(now: Date = new Date()): string {
  return `12/${String((now.getUTCFullYear() + 5) % 100).padStart(2, "0")}`;
}
