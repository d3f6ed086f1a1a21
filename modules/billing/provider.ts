import { randomBytes } from "node:crypto";
import { SANDBOX_CARDS } from "#config/constants.ts";

/** A card as the sandbox provider takes it; real providers take the card in their own element instead. */
export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export type SavedCard = { ref: string; brand: string; last4: string; expMonth: number; expYear: number };

/** Expected refusals of a provider; each code is a translation key. */
export const PAYMENT_ERRORS = {
  declined: "billing.errors.declined",
  expired: "billing.errors.cardExpired",
  unavailable: "billing.errors.providerUnavailable",
} as const;
export type PaymentErrorCode = (typeof PAYMENT_ERRORS)[keyof typeof PAYMENT_ERRORS];

/**
 * The payment port. Amounts are integer cents. `idempotencyKey` makes a repeated call (a retry after a
 * time-out) the same charge, never a second one.
 */
export interface PaymentProvider {
  readonly kind: "sandbox" | "stripe";
  /** Makes (or finds) the provider's customer for an account. */
  ensureCustomer(input: { accountId: number; email: string; name: string; existing?: string | null }): Promise<string>;
  /** Keeps a card for the customer; answers only what may be stored here (brand, last 4, expiry). */
  saveCard(input: {
    customerId: string;
    card: CardInput;
    now: Date;
  }): Promise<{ ok: true; card: SavedCard } | { ok: false; code: PaymentErrorCode }>;
  charge(input: {
    customerId: string;
    cardRef: string;
    amountCents: number;
    currency: string;
    description: string;
    idempotencyKey: string;
  }): Promise<{ ok: true; ref: string } | { ok: false; code: PaymentErrorCode }>;
}

/** Card brand from the number's prefix (the brands SPEC §3 names, and a few more). */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "Visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return "MasterCard";
  if (/^3[47]/.test(number)) return "American Express";
  if (/^6(011|5)/.test(number)) return "Discover";
  return "Card";
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

/**
 * The sandbox provider of demo mode: no money moves and nothing is kept in the process. Only the
 * success card of DECISIONS.md is accepted; the declined card and every other number are declined with
 * a clear message. Repeated charges are prevented by the caller's idempotency keys in the database.
 */
export function sandboxProvider(): PaymentProvider {
  return {
    kind: "sandbox",
    async ensureCustomer({ accountId, existing }) {
      return existing ?? `cus_sandbox_${accountId}`;
    },
    async saveCard({ card, now }) {
      const expired =
        card.expYear < now.getUTCFullYear() ||
        (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      if (expired) return { ok: false, code: PAYMENT_ERRORS.expired };
      if (card.number !== SANDBOX_CARDS.success) return { ok: false, code: PAYMENT_ERRORS.declined };
      return {
        ok: true,
        card: {
          ref: id("pm_sandbox"),
          brand: cardBrand(card.number),
          last4: card.number.slice(-4),
          expMonth: card.expMonth,
          expYear: card.expYear,
        },
      };
    },
    async charge({ cardRef, amountCents }) {
      // Only the success card is ever kept, so a kept card's charge goes through.
      if (!cardRef.startsWith("pm_sandbox_") || amountCents < 0) return { ok: false, code: PAYMENT_ERRORS.declined };
      return { ok: true, ref: id("ch_sandbox") };
    },
  };
}
