import { PAYMENT_ERRORS, type PaymentProvider, type Refusal } from "#modules/billing/provider.ts";
import { cardExpiry } from "./cards.ts";

/**
 * Wraps a provider so that its charges fail while `failing()` says so: a card that stopped working,
 * for tests of failed renewals. Everything else goes to the provider.
 */
export function withFailingCharges(provider: PaymentProvider, failing: () => boolean): PaymentProvider {
  const declined: Refusal = { ok: false, code: PAYMENT_ERRORS.declined };
  return {
    ...provider,
    kind: provider.kind,
    drivesRenewals: provider.drivesRenewals,
    ensureCustomer: (i) => provider.ensureCustomer(i),
    saveCard: (i) => provider.saveCard(i),
    completeSubscription: (i) => provider.completeSubscription(i),
    setCancelAtPeriodEnd: (i) => provider.setCancelAtPeriodEnd(i),
    setDefaultCard: (i) => provider.setDefaultCard(i),
    endNow: (i) => provider.endNow(i),
    startSubscription: async (i) => (failing() ? declined : provider.startSubscription(i)),
    upgradeSubscription: async (i) => (failing() ? declined : provider.upgradeSubscription(i)),
    renew: async (i) => (failing() ? declined : provider.renew(i)),
    retry: async (i) => (failing() ? declined : provider.retry(i)),
  };
}

let attemptSeq = 0;

/**
 * The payment form as a member in Madrid fills it in with the sandbox's success card, for Personal
 * monthly, with a fresh attempt key; `over` changes or adds fields (a card token for Stripe).
 */
export function paymentFields(over: Record<string, string> = {}): Record<string, string> {
  return {
    type: "personal",
    period: "monthly",
    billingName: "Ana García",
    billingEmail: "ana@example.com",
    address: "Calle Mayor 1",
    country: "ES",
    city: "Madrid",
    zip: "28013",
    cardNumber: "4242 4242 4242 4242",
    cardExpiry: cardExpiry(),
    cardCvc: "123",
    attempt: `attempt-${++attemptSeq}-${process.pid}-xxxx`,
    ...over,
  };
}
