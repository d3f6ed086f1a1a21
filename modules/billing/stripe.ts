import type Stripe from "stripe";
import { CURRENCY, type PaidPlanCode } from "#config/constants.ts";
import { planInfo } from "./plans.ts";
import {
  type Charged,
  type NeedsAction,
  PAYMENT_ERRORS,
  type PaymentProvider,
  type Refusal,
  type Renewal,
  type SavedCard,
} from "./provider.ts";

export type StripeSettings = {
  secretKey: string;
  /** The Stripe price of each plan (STRIPE_PRICE_*). */
  prices: Record<PaidPlanCode, string>;
  /** Another API address (tests: a loopback double), e.g. http://127.0.0.1:4010. */
  apiUrl?: string;
};

/** How long to wait before asking again when Stripe has not renewed yet. */
const RECHECK_SECONDS = 60;

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "MasterCard",
  amex: "American Express",
  discover: "Discover",
};

type StripeSdk = typeof import("stripe").default;
let sdk: StripeSdk | undefined;
let loading: Promise<StripeSdk> | undefined;
/** Stripe's SDK (about 36 MB resident), loaded when first needed: a process without Stripe settings never loads it. */
const loadStripe = () =>
  (loading ??= import("stripe").then((m) => {
    sdk = m.default;
    return sdk;
  }));

export async function stripeClient(settings: Pick<StripeSettings, "secretKey" | "apiUrl">): Promise<Stripe> {
  const Stripe = await loadStripe();
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/** A refusal for a card error (declined, expired); anything else means Stripe did not answer usefully. */
function refusal(error: unknown): Refusal {
  // Only a call through the SDK throws its errors: it is loaded by then.
  if (sdk && error instanceof sdk.errors.StripeCardError)
    return { ok: false, code: error.code === "expired_card" ? PAYMENT_ERRORS.expired : PAYMENT_ERRORS.declined };
  return { ok: false, code: PAYMENT_ERRORS.unavailable };
}

const date = (unix: number) => new Date(unix * 1000);

/** The period of a subscription: on its first item (API versions from 2025), or on the subscription itself. */
function periodOf(sub: Stripe.Subscription): { start: Date; end: Date } {
  const item = sub.items.data[0] as (Stripe.SubscriptionItem & { current_period_start?: number }) | undefined;
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start ?? 0;
  const end = item?.current_period_end ?? legacy.current_period_end ?? 0;
  return { start: date(start), end: date(end) };
}

function invoiceOf(sub: Stripe.Subscription): Stripe.Invoice | null {
  return typeof sub.latest_invoice === "object" ? sub.latest_invoice : null;
}

/** The proration credit on an invoice: its negative lines. */
function creditOf(invoice: Stripe.Invoice): number {
  return -invoice.lines.data.filter((l) => l.amount < 0).reduce((s, l) => s + l.amount, 0);
}

function charged(sub: Stripe.Subscription, invoice: Stripe.Invoice): Charged {
  const period = periodOf(sub);
  return {
    ok: true,
    subscriptionRef: sub.id,
    chargeRef: invoice.id ?? "",
    amountCents: invoice.amount_paid,
    creditCents: creditOf(invoice),
    periodStart: period.start,
    periodEnd: period.end,
  };
}

/**
 * Stripe as the payment provider (ADR 0008): customers, payment methods made by Stripe.js in the
 * browser (card numbers never reach us), prices and subscriptions. Stripe renews and charges by itself;
 * our jobs and webhooks read how that went. Automatic retries are ours (days 1, 3 and 7), so Stripe's
 * own retry schedule is to be turned off and its final action set to "leave past due" (README).
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  // The SDK and its client are made by the first call (the provider's shape stays that of the port).
  let made: Promise<PaymentProvider> | undefined;
  const provider = () => (made ??= stripeClient(settings).then((stripe) => stripeProviderOn(stripe, settings)));
  const later = <K extends Exclude<keyof PaymentProvider, "kind" | "drivesRenewals">>(name: K) =>
    (async (input: never) => {
      const p = await provider();
      return (p[name] as (input: never) => Promise<unknown>).call(p, input);
    }) as PaymentProvider[K];
  return {
    kind: "stripe",
    drivesRenewals: true,
    ensureCustomer: later("ensureCustomer"),
    saveCard: later("saveCard"),
    startSubscription: later("startSubscription"),
    completeSubscription: later("completeSubscription"),
    upgradeSubscription: later("upgradeSubscription"),
    renew: later("renew"),
    retry: later("retry"),
    setCancelAtPeriodEnd: later("setCancelAtPeriodEnd"),
    setDefaultCard: later("setDefaultCard"),
    endNow: later("endNow"),
    deleteCustomer: later("deleteCustomer"),
  };
}

function stripeProviderOn(stripe: Stripe, settings: StripeSettings): PaymentProvider {
  const expand = ["latest_invoice"];

  const retrieve = (ref: string) => stripe.subscriptions.retrieve(ref, { expand });

  /** How a new subscription's first payment stands: paid, waiting for the cardholder, or refused. */
  const outcomeOf = async (sub: Stripe.Subscription): Promise<Charged | Refusal | NeedsAction> => {
    const invoice = invoiceOf(sub);
    if (sub.status === "active" && invoice?.status === "paid") return charged(sub, invoice);
    const secret = invoice?.confirmation_secret?.client_secret;
    if (sub.status === "incomplete" && invoice?.status === "open" && secret)
      return { ok: "action", subscriptionRef: sub.id, clientSecret: secret };
    // Refused: an incomplete subscription is not left behind.
    if (sub.status === "incomplete") await stripe.subscriptions.cancel(sub.id);
    return { ok: false, code: PAYMENT_ERRORS.declined };
  };

  const create = async (
    input: { customerId: string; cardRef: string; plan: PaidPlanCode; accountId?: number; idempotencyKey: string },
    /** With the cardholder at the page, a payment may wait for 3-D Secure; off-session it may not. */
    onSession: boolean,
  ): Promise<Charged | Refusal | NeedsAction> => {
    try {
      const sub = await stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: settings.prices[input.plan] }],
          default_payment_method: input.cardRef,
          payment_behavior: onSession ? "allow_incomplete" : "error_if_incomplete",
          expand: ["latest_invoice.confirmation_secret"],
          ...(input.accountId ? { metadata: { accountId: String(input.accountId) } } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return await outcomeOf(sub);
    } catch (error) {
      return refusal(error);
    }
  };

  /** Off-session starts (a renewal into a new plan) cannot ask the cardholder: waiting is a refusal. */
  const createOffSession = async (input: Parameters<typeof create>[0]): Promise<Charged | Refusal> => {
    const r = await create(input, false);
    return r.ok === "action" ? { ok: false, code: PAYMENT_ERRORS.declined } : r;
  };

  return {
    kind: "stripe",
    drivesRenewals: true,

    async ensureCustomer({ accountId, email, name, address, existing, idempotencyKey }) {
      const fields = {
        email,
        name,
        address: { line1: address.line1, city: address.city, postal_code: address.zip, country: address.country },
      };
      if (existing) {
        await stripe.customers.update(existing, fields);
        return existing;
      }
      const customer = await stripe.customers.create(
        { ...fields, metadata: { accountId: String(accountId) } },
        { idempotencyKey },
      );
      return customer.id;
    },

    async saveCard({ customerId, source }) {
      if (!("token" in source) || !/^pm_\w{1,200}$/.test(source.token))
        return { ok: false, code: PAYMENT_ERRORS.declined };
      try {
        const pm = await stripe.paymentMethods.attach(source.token, { customer: customerId });
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
        const card: SavedCard = {
          ref: pm.id,
          brand: BRANDS[pm.card?.brand ?? ""] ?? "Card",
          last4: pm.card?.last4 ?? "",
          expMonth: pm.card?.exp_month ?? 0,
          expYear: pm.card?.exp_year ?? 0,
          fingerprint: pm.card?.fingerprint ?? pm.id,
        };
        return { ok: true, value: card };
      } catch (error) {
        return refusal(error);
      }
    },

    startSubscription: (input) => create(input, true),

    async completeSubscription({ subscriptionRef }) {
      try {
        return await outcomeOf(
          await stripe.subscriptions.retrieve(subscriptionRef, { expand: ["latest_invoice.confirmation_secret"] }),
        );
      } catch (error) {
        return refusal(error);
      }
    },

    async upgradeSubscription({ subscriptionRef, to, idempotencyKey }) {
      if (!subscriptionRef) return { ok: false, code: PAYMENT_ERRORS.unavailable };
      try {
        const current = await stripe.subscriptions.retrieve(subscriptionRef);
        const item = current.items.data[0];
        const sub = await stripe.subscriptions.update(
          subscriptionRef,
          {
            items: [{ id: item.id, price: settings.prices[to] }],
            proration_behavior: "always_invoice",
            billing_cycle_anchor: { type: "now" },
            payment_behavior: "error_if_incomplete",
            cancel_at_period_end: false,
            expand,
          },
          { idempotencyKey },
        );
        const invoice = invoiceOf(sub);
        if (invoice?.status !== "paid") return { ok: false, code: PAYMENT_ERRORS.declined };
        return charged(sub, invoice);
      } catch (error) {
        return refusal(error);
      }
    },

    async renew(input): Promise<Renewal> {
      if (!input.subscriptionRef) return { ok: false, code: PAYMENT_ERRORS.unavailable };
      try {
        const sub = await retrieve(input.subscriptionRef);
        // A downgrade or switch stops the old subscription at its period end, and so does a cancellation
        // made at Stripe that we did not ask for: either way the member goes on, in a new subscription.
        if (input.planChanges || sub.status === "canceled") {
          if (sub.status !== "canceled") await stripe.subscriptions.cancel(sub.id);
          return await createOffSession({ ...input, idempotencyKey: input.idempotencyKey });
        }
        const period = periodOf(sub);
        const invoice = invoiceOf(sub);
        const later = { ok: "pending" as const, checkAt: new Date(input.now.getTime() + RECHECK_SECONDS * 1000) };
        if (period.end.getTime() <= input.periodEnd.getTime() || !invoice) return later;
        if (invoice.status === "paid") return charged(sub, invoice);
        // A renewal invoice is a draft for about an hour before Stripe tries to collect it.
        if (invoice.status === "draft" || (invoice.status === "open" && (invoice.attempt_count ?? 0) === 0))
          return later;
        return { ok: false, code: PAYMENT_ERRORS.declined };
      } catch (error) {
        return refusal(error);
      }
    },

    async retry(input) {
      if (!input.subscriptionRef) return { ok: false, code: PAYMENT_ERRORS.unavailable };
      try {
        const sub = await retrieve(input.subscriptionRef);
        if (sub.status === "canceled")
          // The renewal into a new plan failed: start it again.
          return await createOffSession({ ...input, plan: input.plan });
        const invoice = invoiceOf(sub);
        if (!invoice?.id) return { ok: false, code: PAYMENT_ERRORS.unavailable };
        if (invoice.status !== "paid") {
          const paid = await stripe.invoices.pay(invoice.id, {}, { idempotencyKey: input.idempotencyKey });
          if (paid.status !== "paid") return { ok: false, code: PAYMENT_ERRORS.declined };
          return charged(await retrieve(sub.id), paid);
        }
        return charged(sub, invoice);
      } catch (error) {
        return refusal(error);
      }
    },

    async setCancelAtPeriodEnd({ subscriptionRef, on }) {
      if (subscriptionRef) await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: on });
    },

    async setDefaultCard({ customerId, subscriptionRef, cardRef }) {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: cardRef } });
      if (subscriptionRef) await stripe.subscriptions.update(subscriptionRef, { default_payment_method: cardRef });
    },

    async endNow({ subscriptionRef }) {
      if (!subscriptionRef) return;
      const sub = await stripe.subscriptions.retrieve(subscriptionRef);
      if (sub.status !== "canceled") await stripe.subscriptions.cancel(subscriptionRef);
    },

    async deleteCustomer({ customerId }) {
      try {
        await stripe.customers.del(customerId);
      } catch (error) {
        // Deleted before (a retried job whose first answer was lost): nothing is left to delete.
        if (error instanceof (sdk as StripeSdk).errors.StripeInvalidRequestError && error.code === "resource_missing")
          return;
        throw error;
      }
    },
  };
}

/** The subscription a webhook event is about, if any (the event is only a nudge: its payload is not trusted). */
export function subscriptionOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as {
    object?: string;
    id?: string;
    subscription?: string | { id: string } | null;
    parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
  };
  if (object.object === "subscription") return object.id ?? null;
  const ref = object.subscription ?? object.parent?.subscription_details?.subscription ?? null;
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

/**
 * Checks that each configured Stripe price is what SlideNest shows and invoices: the amount of the
 * price list, in USD, every month or year. Answers what does not match (empty when all do).
 */
export async function checkStripePrices(stripe: Stripe, prices: Record<PaidPlanCode, string>): Promise<string[]> {
  const problems: string[] = [];
  for (const plan of Object.keys(prices) as PaidPlanCode[]) {
    const want = planInfo(plan);
    try {
      const price = await stripe.prices.retrieve(prices[plan]);
      if (price.unit_amount !== want.priceCents || price.currency !== CURRENCY.toLowerCase())
        problems.push(`STRIPE_PRICE_${plan}: ${price.unit_amount} ${price.currency}, expected ${want.priceCents} usd`);
      if (price.recurring?.interval !== want.interval || (price.recurring?.interval_count ?? 1) !== 1)
        problems.push(
          `STRIPE_PRICE_${plan}: billed every ${price.recurring?.interval ?? "once"}, expected every ${want.interval}`,
        );
    } catch (error) {
      problems.push(`STRIPE_PRICE_${plan}: ${(error as Error).message}`);
    }
  }
  return problems;
}
