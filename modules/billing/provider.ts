import { randomBytes } from "node:crypto";
import { type PaidPlanCode, SANDBOX_CARDS } from "#config/constants.ts";
import type { Result } from "#modules/shared/result.ts";
import { periodBoundary } from "./periods.ts";
import { planInfo } from "./plans.ts";

/** A card as typed into the sandbox's own form. */
export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };
/** What a payment page hands over: a typed card (sandbox), or a provider's token made in its own element. */
export type CardSource = { card: CardInput } | { token: string };

export type SavedCard = {
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The same for the same card number, whichever token it came in (Stripe's card fingerprint). */
  fingerprint: string;
};

/** Expected refusals of a provider; each code is a translation key. */
export const PAYMENT_ERRORS = {
  declined: "billing.errors.declined",
  expired: "billing.errors.cardExpired",
  unavailable: "billing.errors.providerUnavailable",
} as const;
export type PaymentErrorCode = (typeof PAYMENT_ERRORS)[keyof typeof PAYMENT_ERRORS];
export type Refusal = { ok: false; code: PaymentErrorCode };

/** A charge the provider made: its reference, the amount, and the period it pays for. */
export type Charged = {
  ok: true;
  /** The provider's subscription, when it keeps one (Stripe); null when we do (sandbox). */
  subscriptionRef: string | null;
  chargeRef: string;
  amountCents: number;
  /** The credit for the unused part of the period before (upgrades). */
  creditCents: number;
  periodStart: Date;
  periodEnd: Date;
};

/** The bank asks the cardholder to confirm (3-D Secure): the page hands the secret to the provider's script. */
export type NeedsAction = { ok: "action"; subscriptionRef: string; clientSecret: string };

/** Where a renewal stands at the provider. */
export type Renewal =
  | Charged
  | { ok: false; code: PaymentErrorCode }
  /** The provider has not renewed yet (its clock or webhook is behind ours): ask again at `checkAt`. */
  | { ok: "pending"; checkAt: Date };

/**
 * The payment port. Amounts are integer cents. Every charging call takes an idempotency key: the same
 * key is the same charge, never a second one. `drivesRenewals` tells whether the provider renews and
 * charges by itself (Stripe subscriptions, reported by webhooks) or we do (the sandbox, from our jobs).
 */
export interface PaymentProvider {
  readonly kind: "sandbox" | "stripe";
  readonly drivesRenewals: boolean;
  ensureCustomer(input: {
    accountId: number;
    email: string;
    name: string;
    address: { line1: string; city: string; zip: string; country: string };
    existing?: string | null;
    idempotencyKey: string;
  }): Promise<string>;
  /** Keeps a card for the customer; answers only what may be stored here (brand, last 4, expiry). */
  saveCard(input: { customerId: string; source: CardSource; now: Date }): Promise<Result<SavedCard, PaymentErrorCode>>;
  /** Charges the first period of a plan and starts the subscription (or asks the cardholder first). */
  startSubscription(input: {
    customerId: string;
    cardRef: string;
    plan: PaidPlanCode;
    now: Date;
    accountId: number;
    idempotencyKey: string;
  }): Promise<Charged | Refusal | NeedsAction>;
  /** After the cardholder confirmed (or not): how the first payment of a started subscription ended. */
  completeSubscription(input: { subscriptionRef: string }): Promise<Charged | Refusal | NeedsAction>;
  /** Moves to a higher plan at once: a new period from now, the unused part of the old one credited. */
  upgradeSubscription(input: {
    subscriptionRef: string | null;
    customerId: string;
    cardRef: string;
    to: PaidPlanCode;
    /** Our reckoning of the credit; a provider that prorates itself answers its own. */
    creditCents: number;
    now: Date;
    idempotencyKey: string;
  }): Promise<Charged | Refusal>;
  /** The renewal of a period that ended at `periodEnd`, into `plan` (sandbox: charged now; Stripe: as Stripe did it). */
  renew(input: {
    subscriptionRef: string | null;
    customerId: string;
    cardRef: string;
    plan: PaidPlanCode;
    /** True when the plan changes at this renewal (a pending downgrade or switch). */
    planChanges: boolean;
    periodEnd: Date;
    nextEnd: Date;
    now: Date;
    idempotencyKey: string;
  }): Promise<Renewal>;
  /** Asks again for a renewal that failed (a retry day, or a new card). */
  retry(input: {
    subscriptionRef: string | null;
    customerId: string;
    cardRef: string;
    plan: PaidPlanCode;
    amountCents: number;
    periodStart: Date;
    periodEnd: Date;
    idempotencyKey: string;
  }): Promise<Charged | Refusal>;
  /** Cancel at the period end, or undo it. A pending plan change is a cancellation at the provider too. */
  setCancelAtPeriodEnd(input: { subscriptionRef: string | null; on: boolean }): Promise<void>;
  /** The card later charges use. */
  setDefaultCard(input: { customerId: string; subscriptionRef: string | null; cardRef: string }): Promise<void>;
  /** Ends the subscription at the provider at once (retries ran out). */
  endNow(input: { subscriptionRef: string | null }): Promise<void>;
  /**
   * Deletes the customer record (name, e-mail, address, cards) at the provider once its account is
   * deleted. One that is already gone counts as deleted; anything else rejects (the caller asks again later).
   */
  deleteCustomer(input: { customerId: string }): Promise<void>;
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
 * The sandbox provider of demo mode: no money moves and nothing is kept in the process; we drive the
 * renewals. Only the success card of DECISIONS.md is accepted; the declined card and every other number
 * are declined with a clear message. Repeated charges are prevented by the caller's idempotency keys,
 * kept in the database.
 */
export function sandboxProvider(): PaymentProvider {
  const charge = (cardRef: string, amountCents: number) =>
    cardRef.startsWith("pm_sandbox_") && amountCents >= 0
      ? ({ ok: true, ref: id("ch_sandbox") } as const)
      : ({ ok: false, code: PAYMENT_ERRORS.declined } as const);
  return {
    kind: "sandbox",
    drivesRenewals: false,
    async ensureCustomer({ accountId, existing }) {
      return existing ?? `cus_sandbox_${accountId}`;
    },
    async saveCard({ source, now }) {
      if (!("card" in source)) return { ok: false, code: PAYMENT_ERRORS.declined };
      const card = source.card;
      const expired =
        card.expYear < now.getUTCFullYear() ||
        (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      if (expired) return { ok: false, code: PAYMENT_ERRORS.expired };
      if (card.number !== SANDBOX_CARDS.success) return { ok: false, code: PAYMENT_ERRORS.declined };
      return {
        ok: true,
        value: {
          ref: id("pm_sandbox"),
          brand: cardBrand(card.number),
          last4: card.number.slice(-4),
          expMonth: card.expMonth,
          expYear: card.expYear,
          fingerprint: `sandbox-${card.number.slice(-4)}`,
        },
      };
    },
    async startSubscription({ cardRef, plan, now }) {
      const price = planInfo(plan).priceCents;
      const c = charge(cardRef, price);
      if (!c.ok) return c;
      const periodEnd = periodBoundary(now, planInfo(plan).interval, 1);
      return {
        ok: true,
        subscriptionRef: null,
        chargeRef: c.ref,
        amountCents: price,
        creditCents: 0,
        periodStart: now,
        periodEnd,
      };
    },
    async upgradeSubscription({ cardRef, to, creditCents, now }) {
      const price = planInfo(to).priceCents;
      const credit = Math.min(price, creditCents);
      const c = charge(cardRef, price - credit);
      if (!c.ok) return c;
      const periodEnd = periodBoundary(now, planInfo(to).interval, 1);
      return {
        ok: true,
        subscriptionRef: null,
        chargeRef: c.ref,
        amountCents: price - credit,
        creditCents: credit,
        periodStart: now,
        periodEnd,
      };
    },
    async renew({ cardRef, plan, periodEnd, nextEnd }) {
      const price = planInfo(plan).priceCents;
      const c = charge(cardRef, price);
      if (!c.ok) return c;
      return {
        ok: true,
        subscriptionRef: null,
        chargeRef: c.ref,
        amountCents: price,
        creditCents: 0,
        periodStart: periodEnd,
        periodEnd: nextEnd,
      };
    },
    async retry({ cardRef, amountCents, periodStart, periodEnd }) {
      const c = charge(cardRef, amountCents);
      if (!c.ok) return c;
      return { ok: true, subscriptionRef: null, chargeRef: c.ref, amountCents, creditCents: 0, periodStart, periodEnd };
    },
    async completeSubscription() {
      // The sandbox never asks the cardholder: there is nothing to complete.
      return { ok: false, code: PAYMENT_ERRORS.declined };
    },
    async setCancelAtPeriodEnd() {},
    async setDefaultCard() {},
    async endNow() {},
    // The sandbox keeps no customer records: there is nothing to delete.
    async deleteCustomer() {},
  };
}
