import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A loopback HTTP double of the few Stripe endpoints SlideNest's billing uses, for tests. The official SDK
 * talks to it unchanged: `new Stripe(key, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 })`.
 *
 * What it follows from the SDK (stripe 23.x) and the API it targets:
 * - v1 bodies (and GET/DELETE query strings) are form-encoded with brackets: `items[0][price]=…`, `expand[0]=…`,
 *   `metadata[accountId]=5`; an empty value (`key=`) unsets a field.
 * - Errors are `{ error: { type, code, message, decline_code?, param? } }`; the SDK picks the class from the
 *   status: 400/404 StripeInvalidRequestError (StripeIdempotencyError for type idempotency_error),
 *   401 StripeAuthenticationError, 402 StripeCardError.
 * - The SDK sends an `Idempotency-Key` on every POST (its own `stripe-node-retry-<uuid>` unless given one).
 * - Since API version 2025-03-31, a subscription's current period lives on its items; the double puts it there
 *   and, for convenience, on the subscription too. Invoices name their subscription at
 *   `parent.subscription_details.subscription` (and at the older `subscription`).
 * - Webhooks carry `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 */

// ---------------------------------------------------------------------------------------------------------------
// Types

/** JSON as the double answers it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A decoded form parameter: `a[b][0]=x` becomes `{ a: { b: ["x"] } }`. */
type Param = string | Param[] | { [key: string]: Param };
type Params = { [key: string]: Param };

type Interval = "month" | "year";
type SubscriptionStatus = "incomplete" | "active" | "past_due" | "canceled";
type BillingReason = "subscription_create" | "subscription_update" | "subscription_cycle";
type PaymentBehavior = "allow_incomplete" | "error_if_incomplete" | "default_incomplete";

export type PriceId =
  | "price_personal_monthly"
  | "price_personal_yearly"
  | "price_commercial_monthly"
  | "price_commercial_yearly";

export type StripeDoublePrice = {
  id: PriceId;
  object: "price";
  active: true;
  billing_scheme: "per_unit";
  created: number;
  currency: "usd";
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string;
  metadata: Record<string, string>;
  nickname: string;
  product: string;
  recurring: { interval: Interval; interval_count: 1; meter: null; trial_period_days: null; usage_type: "licensed" };
  tax_behavior: "unspecified";
  tiers_mode: null;
  transform_quantity: null;
  type: "recurring";
  unit_amount: number;
  unit_amount_decimal: string;
};

export type StripeEvent = {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: { object: JsonObject; previous_attributes?: JsonObject };
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
};

export type LoggedRequest = {
  method: string;
  /** The path without its query string. */
  path: string;
  /** The decoded form body of a POST, or the decoded query string of a GET or DELETE. */
  body: Record<string, unknown>;
  idempotencyKey?: string;
};

/** One webhook delivery attempt: the receiver's status, or why the request itself failed. */
export type Delivery = { eventId: string; type: string; status: number | null; error: string | null };

export type StripeDouble = {
  port: number;
  stop(): Promise<void>;
  /** Every event created, in order. */
  events: StripeEvent[];
  /** POSTs one event to `webhookUrl`, signed, as Stripe does (the reply is returned unread). */
  deliver(event: StripeEvent): Promise<Response>;
  /** Every delivery attempt, automatic or through `deliver`, in order. */
  deliveries: Delivery[];
  /**
   * Resolves once every event created so far has been delivered. Events caused by an API request are
   * delivered after its response is written (as Stripe does, so a caller holding a lock cannot deadlock
   * with its own webhook handler); await this before looking at what the webhook handler did.
   */
  flush(): Promise<void>;
  /** The double's clock, in unix seconds. */
  now(): number;
  /** What Stripe.js does after the cardholder passed 3-D Secure: the invoice with this client secret is paid. */
  authenticate(clientSecret: string): Promise<boolean>;
  /** Sets the clock without renewing anything. */
  setNow(unixSeconds: number): void;
  /** Moves the clock forward and runs what Stripe would have run meanwhile (renewals, period-end cancellations). */
  advanceTo(unixSeconds: number): Promise<void>;
  requests: LoggedRequest[];
  prices: Readonly<Record<PriceId, StripeDoublePrice>>;
  /** Customers that exist (deleted ones are not among them). */
  customers: ReadonlyMap<string, JsonObject>;
  /**
   * An outage: while on, every request is answered 503 (an `api_error` the SDK does not retry) and changes
   * nothing; requests are still logged.
   */
  outage(on: boolean): void;
};

type CardJson = {
  brand: string;
  display_brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: "credit";
  country: "US";
  fingerprint: string;
  checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: "pass" };
};

type PaymentMethodJson = {
  id: string;
  object: "payment_method";
  type: "card";
  card: CardJson;
  billing_details: { address: null; email: null; name: null; phone: null };
  allow_redisplay: "unspecified";
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
};

type AddressJson = {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
};

type CustomerJson = {
  id: string;
  object: "customer";
  address: AddressJson | null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: "none";
  test_clock: null;
};

type LineJson = {
  id: string;
  object: "line_item";
  amount: number;
  currency: "usd";
  description: string;
  discountable: boolean;
  invoice: string | null;
  livemode: false;
  metadata: Record<string, string>;
  /** Older API versions; newer ones say it at `parent.subscription_item_details.proration`. */
  proration: boolean;
  period: { start: number; end: number };
  /** Older API versions; newer ones say it at `pricing.price_details.price`. */
  price: StripeDoublePrice;
  pricing: { type: "price_details"; price_details: { price: string; product: string }; unit_amount_decimal: string };
  parent: {
    type: "subscription_item_details";
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: string | null;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
  };
  quantity: number;
  subscription: string;
};

type InvoiceJson = {
  id: string;
  object: "invoice";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: BillingReason;
  collection_method: "charge_automatically";
  created: number;
  currency: "usd";
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: null;
  description: null;
  effective_at: number;
  ending_balance: number;
  hosted_invoice_url: null;
  invoice_pdf: null;
  lines: { object: "list"; data: LineJson[]; has_more: false; total_count: number; url: string };
  livemode: false;
  metadata: Record<string, string>;
  next_payment_attempt: null;
  number: string;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { metadata: Record<string, string>; subscription: string };
  };
  /** Stripe's invoice period looks back: the usage period before the invoice, not the service period. */
  period_end: number;
  period_start: number;
  starting_balance: number;
  status: "open" | "paid" | "void";
  /** Set while a payment waits for the cardholder (3-D Secure). */
  confirmation_secret: { client_secret: string; type: "payment_intent" } | null;
  status_transitions: {
    finalized_at: number;
    marked_uncollectible_at: null;
    paid_at: number | null;
    voided_at: number | null;
  };
  /** Older API versions; newer ones say it at `parent.subscription_details.subscription`. */
  subscription: string;
  subtotal: number;
  total: number;
};

/** A subscription as the double keeps it; `subscriptionJson` renders what the API shows. */
type SubscriptionRecord = {
  id: string;
  itemId: string;
  itemCreated: number;
  customer: string;
  price: StripeDoublePrice;
  status: SubscriptionStatus;
  created: number;
  anchor: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  cancellationReason: string | null;
  defaultPaymentMethod: string | null;
  description: string | null;
  metadata: Record<string, string>;
  latestInvoice: string | null;
  /** Proration lines of `create_prorations`, billed with the next invoice. */
  pendingLines: LineJson[];
};

// ---------------------------------------------------------------------------------------------------------------
// Fixed catalogue

const PRODUCTS = {
  personal: { id: "prod_slidenest_personal", name: "SlideNest Personal" },
  commercial: { id: "prod_slidenest_commercial", name: "SlideNest Commercial" },
} as const;

function makePrices(created: number): Record<PriceId, StripeDoublePrice> {
  const price = (id: PriceId, product: keyof typeof PRODUCTS, amount: number, interval: Interval) =>
    ({
      id,
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      created,
      currency: "usd",
      custom_unit_amount: null,
      livemode: false,
      lookup_key: id.slice("price_".length),
      metadata: {},
      nickname: `${PRODUCTS[product].name} (${interval}ly)`,
      product: PRODUCTS[product].id,
      recurring: { interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: "licensed" },
      tax_behavior: "unspecified",
      tiers_mode: null,
      transform_quantity: null,
      type: "recurring",
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    }) satisfies StripeDoublePrice;
  return {
    price_personal_monthly: price("price_personal_monthly", "personal", 799, "month"),
    price_personal_yearly: price("price_personal_yearly", "personal", 7990, "year"),
    price_commercial_monthly: price("price_commercial_monthly", "commercial", 1499, "month"),
    price_commercial_yearly: price("price_commercial_yearly", "commercial", 14990, "year"),
  };
}

/** Stripe's test payment methods the double knows (made by Stripe.js in real life). */
type TestCard = {
  brand: string;
  last4: string;
  attachDeclines: boolean;
  chargesDecline: boolean;
  /** Every payment needs the cardholder to authenticate (3-D Secure) before it goes through. */
  needsAuth?: boolean;
};
const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: "visa", last4: "4242", attachDeclines: false, chargesDecline: false },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", attachDeclines: false, chargesDecline: false },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", attachDeclines: true, chargesDecline: true },
  pm_card_chargeCustomerFail: { brand: "visa", last4: "0341", attachDeclines: false, chargesDecline: true },
  pm_card_authenticationRequired: {
    brand: "visa",
    last4: "3184",
    attachDeclines: false,
    chargesDecline: false,
    needsAuth: true,
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
const clone = <T extends Json>(value: T): T => structuredClone(value);

/** An error answer; thrown by the handlers, written by the server. */
class ApiError extends Error {
  readonly status: number;
  readonly error: JsonObject;
  constructor(status: number, error: JsonObject) {
    super(typeof error.message === "string" ? error.message : "Stripe error");
    this.status = status;
    this.error = error;
  }
}

const invalid = (message: string, param?: string) =>
  new ApiError(400, { type: "invalid_request_error", message, ...(param ? { param } : {}) });

/** A missing object: 404 when named by the path, 400 with `param` when named by a parameter. */
const noSuch = (kind: string, id: string, param?: string) =>
  new ApiError(param ? 400 : 404, {
    type: "invalid_request_error",
    code: "resource_missing",
    doc_url: "https://stripe.com/docs/error-codes/resource-missing",
    message: `No such ${kind}: '${id}'`,
    param: param ?? "id",
  });

const cardDeclined = (paymentMethod: string | null) =>
  new ApiError(402, {
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    doc_url: "https://stripe.com/docs/error-codes/card-declined",
    message: "Your card was declined.",
    ...(paymentMethod ? { payment_method: { id: paymentMethod, object: "payment_method", type: "card" } } : {}),
  });

const noPaymentMethod = () =>
  invalid(
    "This customer has no attached payment source or default payment method. Please consider adding a default payment method.",
  );

const notEmulated = (what: string, param?: string) =>
  invalid(`${what} is not emulated by the Stripe test double (tests/stripe-double.ts).`, param);

/** Decodes a form body or query string the way Stripe reads it (indices become arrays). */
function decodeForm(raw: string): Params {
  type Tree = { [key: string]: Tree | string };
  const root: Tree = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) throw invalid(`Invalid parameter name: ${key}`);
    const path = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((s) => s[1])];
    let node = root;
    path.forEach((segment, i) => {
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === "object") node = next;
      else node = node[name] = {};
    });
  }
  const convert = (tree: Tree | string): Param => {
    if (typeof tree === "string") return tree;
    const keys = Object.keys(tree);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
      return keys.sort((a, b) => Number(a) - Number(b)).map((k) => convert(tree[k]));
    return Object.fromEntries(keys.map((k) => [k, convert(tree[k])]));
  };
  const out: Params = {};
  for (const [k, v] of Object.entries(root)) out[k] = convert(v);
  return out;
}

/** Stripe rejects parameters it does not know; the double also rejects the ones it does not emulate. */
function allowOnly(params: Params, allowed: readonly string[], parent?: string) {
  for (const key of Object.keys(params))
    if (!allowed.includes(key)) {
      const name = paramName(key, parent);
      throw invalid(`Received unknown parameter: ${name} (or the Stripe test double does not emulate it)`, name);
    }
}

/** A parameter's name as Stripe writes it in errors: `address[line1]`. */
const paramName = (key: string, parent?: string) => (parent ? `${parent}[${key}]` : key);

function str(params: Params, key: string, parent?: string): string | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw invalid(`Invalid string: ${paramName(key, parent)}`, paramName(key, parent));
  return v;
}

function required(params: Params, key: string): string {
  const v = str(params, key);
  if (!v) throw invalid(`Missing required param: ${key}.`, key);
  return v;
}

function oneOf<T extends string>(params: Params, key: string, values: readonly T[], fallback: T): T {
  const v = str(params, key);
  if (v === undefined || v === "") return fallback;
  if (!(values as readonly string[]).includes(v))
    throw invalid(`Invalid ${key}: must be one of ${values.join(", ")}`, key);
  return v as T;
}

function bool(params: Params, key: string): boolean | undefined {
  const v = str(params, key);
  if (v === undefined) return undefined;
  if (v !== "true" && v !== "false") throw invalid(`Invalid boolean: ${v}`, key);
  return v === "true";
}

function obj(params: Params, key: string): Params | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (typeof v !== "object" || Array.isArray(v)) throw invalid(`Invalid object: ${key}`, key);
  return v;
}

function list(params: Params, key: string): Param[] | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) throw invalid(`Invalid array: ${key}`, key);
  return v;
}

/** Stripe's metadata update: keys merge, an empty value removes a key, an empty `metadata` clears all. */
function mergeMetadata(current: Record<string, string>, params: Params): Record<string, string> {
  const v = params.metadata;
  if (v === undefined) return current;
  if (v === "") return {};
  if (typeof v !== "object" || Array.isArray(v)) throw invalid("Invalid object: metadata", "metadata");
  const out = { ...current };
  for (const [k, value] of Object.entries(v)) {
    if (typeof value !== "string") throw invalid(`Invalid string: metadata[${k}]`, `metadata[${k}]`);
    if (value === "") delete out[k];
    else out[k] = value;
  }
  return out;
}

/** The `expand[]` list, each one checked against what the endpoint can expand. */
function expansions(params: Params, allowed: readonly string[]): string[] {
  const v = params.expand;
  const items = v === undefined ? [] : typeof v === "string" ? [v] : Array.isArray(v) ? v : [];
  return items.map((e) => {
    if (typeof e !== "string" || !allowed.includes(e))
      throw invalid(`This property cannot be expanded (${String(e)}).`, "expand");
    return e;
  });
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The n-th billing boundary after the anchor, as Stripe counts it: monthly ones keep the anchor's day of the
 * month (the 31st is the last day of shorter months and comes back), yearly ones its date; time of day is kept.
 */
function boundary(anchor: number, interval: Interval, n: number): number {
  const d = new Date(anchor * 1000);
  const m = d.getUTCMonth() + (interval === "month" ? n : 12 * n);
  const year = d.getUTCFullYear() + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month));
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000;
}

/** The first boundary after `t`. */
function nextBoundary(anchor: number, interval: Interval, t: number): number {
  for (let n = 1; n < 100_000; n++) {
    const b = boundary(anchor, interval, n);
    if (b > t) return b;
  }
  throw new Error("period out of range");
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (t: number) =>
  new Date(t * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** Top-level fields whose value changed, with their old value (Stripe's `previous_attributes`, one level deep). */
function previousAttributes(before: JsonObject, after: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(before))
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = before[key];
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// State and endpoints

type Context = { params: Params; now: number };

class StripeState {
  readonly prices: Record<PriceId, StripeDoublePrice>;
  readonly customers = new Map<string, CustomerJson>();
  /** Customers deleted: a lookup answers `{ id, object: "customer", deleted: true }`, anything else 404. */
  readonly deletedCustomers = new Set<string>();
  readonly paymentMethods = new Map<
    string,
    { json: PaymentMethodJson; chargesDecline: boolean; needsAuth?: boolean }
  >();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceJson>();
  readonly events: StripeEvent[] = [];
  /** Events not yet handed to the delivery queue. */
  outbox: StripeEvent[] = [];
  /** The request being handled, named in the events it causes. */
  request: { id: string; idempotencyKey: string | null } | null = null;
  apiVersion: string = Stripe.API_VERSION;
  readonly pendingWebhooks: number;

  constructor(created: number, pendingWebhooks: number) {
    this.prices = makePrices(created);
    this.pendingWebhooks = pendingWebhooks;
  }

  emit(type: string, object: JsonObject, created: number, previous?: JsonObject) {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      type,
      created,
      data: previous ? { object: clone(object), previous_attributes: clone(previous) } : { object: clone(object) },
      api_version: this.apiVersion,
      livemode: false,
      pending_webhooks: this.pendingWebhooks,
      request: { id: this.request?.id ?? null, idempotency_key: this.request?.idempotencyKey ?? null },
    };
    this.events.push(event);
    this.outbox.push(event);
  }

  // --- lookups

  price(id: string, param?: string): StripeDoublePrice {
    if (!Object.hasOwn(this.prices, id)) throw noSuch("price", id, param);
    return this.prices[id as PriceId];
  }

  customer(id: string, param?: string): CustomerJson {
    const c = this.customers.get(id);
    if (!c) throw noSuch("customer", id, param);
    return c;
  }

  subscription(id: string): SubscriptionRecord {
    const s = this.subscriptions.get(id);
    if (!s) throw noSuch("subscription", id);
    return s;
  }

  invoice(id: string): InvoiceJson {
    const i = this.invoices.get(id);
    if (!i) throw noSuch("invoice", id);
    return i;
  }

  /** A payment method the customer may be charged with, or a 400 naming `param`. */
  attachedTo(customer: string, pm: string, param: string): string {
    if (this.paymentMethods.get(pm)?.json.customer !== customer)
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`,
        param,
      });
    return pm;
  }

  /** The payment method a subscription's invoices are charged to: its own, else the customer's default. */
  payingMethod(sub: Pick<SubscriptionRecord, "customer" | "defaultPaymentMethod">): string | null {
    return sub.defaultPaymentMethod ?? this.customer(sub.customer).invoice_settings.default_payment_method;
  }

  /** Whether charging `pm` would succeed (no side effects). */
  chargeable(pm: string | null, customer: string): boolean {
    const m = pm ? this.paymentMethods.get(pm) : undefined;
    return !!m && m.json.customer === customer && !m.chargesDecline && !m.needsAuth;
  }

  // --- JSON views

  subscriptionJson(sub: SubscriptionRecord, expand: readonly string[] = []): JsonObject {
    const item = {
      id: sub.itemId,
      object: "subscription_item",
      created: sub.itemCreated,
      current_period_start: sub.periodStart,
      current_period_end: sub.periodEnd,
      discounts: [],
      metadata: {},
      plan: {
        id: sub.price.id,
        object: "plan",
        active: true,
        amount: sub.price.unit_amount,
        currency: "usd",
        interval: sub.price.recurring.interval,
        interval_count: 1,
        livemode: false,
        product: sub.price.product,
        usage_type: "licensed",
      },
      price: sub.price,
      quantity: 1,
      subscription: sub.id,
      tax_rates: [],
    } satisfies JsonObject;
    // The invoice's confirmation secret is always shown here; asking for it expands the invoice too.
    const expandInvoice =
      (expand.includes("latest_invoice") || expand.includes("latest_invoice.confirmation_secret")) && sub.latestInvoice;
    const expandPm = expand.includes("default_payment_method") && sub.defaultPaymentMethod;
    return {
      id: sub.id,
      object: "subscription",
      billing_cycle_anchor: sub.anchor,
      cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      canceled_at: sub.canceledAt,
      cancellation_details: { comment: null, feedback: null, reason: sub.cancellationReason },
      collection_method: "charge_automatically",
      created: sub.created,
      currency: "usd",
      // The API keeps the period on the items since 2025-03-31; the double repeats it here for convenience.
      current_period_start: sub.periodStart,
      current_period_end: sub.periodEnd,
      customer: expand.includes("customer") ? this.customer(sub.customer) : sub.customer,
      default_payment_method: expandPm
        ? (this.paymentMethods.get(expandPm)?.json ?? expandPm)
        : sub.defaultPaymentMethod,
      description: sub.description,
      discounts: [],
      ended_at: sub.endedAt,
      items: {
        object: "list",
        data: [item],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${sub.id}`,
      },
      latest_invoice: expandInvoice ? this.invoice(expandInvoice) : sub.latestInvoice,
      livemode: false,
      metadata: sub.metadata,
      pending_update: null,
      schedule: null,
      start_date: sub.created,
      status: sub.status,
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
  }

  customerJson(c: CustomerJson, expand: readonly string[]): JsonObject {
    const pm = c.invoice_settings.default_payment_method;
    if (!expand.includes("invoice_settings.default_payment_method") || !pm) return c;
    return {
      ...c,
      invoice_settings: { ...c.invoice_settings, default_payment_method: this.paymentMethods.get(pm)?.json ?? pm },
    };
  }

  /** The cardholder authenticated the payment of the invoice with this client secret: it is paid. */
  authenticate(clientSecret: string, at: number): boolean {
    const inv = [...this.invoices.values()].find((i) => i.confirmation_secret?.client_secret === clientSecret);
    if (inv?.status !== "open") return false;
    inv.status = "paid";
    inv.amount_paid = inv.amount_due;
    inv.amount_remaining = 0;
    inv.status_transitions.paid_at = at;
    inv.confirmation_secret = null;
    this.emit("invoice.paid", inv, at);
    const sub = this.subscriptions.get(inv.subscription);
    if (sub && sub.latestInvoice === inv.id && (sub.status === "incomplete" || sub.status === "past_due")) {
      const before = this.subscriptionJson(sub);
      sub.status = "active";
      this.emitUpdated(before, sub, at);
    }
    return true;
  }

  invoiceJson(inv: InvoiceJson, expand: readonly string[]): JsonObject {
    return expand.includes("customer") ? { ...inv, customer: this.customer(inv.customer) } : inv;
  }

  // --- invoices

  line(
    sub: SubscriptionRecord,
    price: StripeDoublePrice,
    amount: number,
    period: { start: number; end: number },
    proration: boolean,
    description: string,
  ): LineJson {
    return {
      id: newId("il"),
      object: "line_item",
      amount,
      currency: "usd",
      description,
      discountable: !proration,
      invoice: null,
      livemode: false,
      metadata: {},
      proration,
      period,
      price,
      pricing: {
        type: "price_details",
        price_details: { price: price.id, product: price.product },
        unit_amount_decimal: price.unit_amount_decimal,
      },
      parent: {
        type: "subscription_item_details",
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: proration ? newId("ii") : null,
          proration,
          proration_details: { credited_items: null },
          subscription: sub.id,
          subscription_item: sub.itemId,
        },
      },
      quantity: 1,
      subscription: sub.id,
    };
  }

  fullPeriodLine(sub: SubscriptionRecord, price: StripeDoublePrice, start: number, end: number): LineJson {
    const name = price.product === PRODUCTS.personal.id ? PRODUCTS.personal.name : PRODUCTS.commercial.name;
    const text = `1 × ${name} (at ${money(price.unit_amount)} / ${price.recurring.interval})`;
    return this.line(sub, price, price.unit_amount, { start, end }, false, text);
  }

  /** The lines of a price change inside a period: `sign` -1 credits the unused time, +1 charges the remaining time. */
  prorationLine(sub: SubscriptionRecord, price: StripeDoublePrice, now: number, sign: 1 | -1): LineJson {
    const total = sub.periodEnd - sub.periodStart;
    const left = Math.max(0, Math.min(total, sub.periodEnd - now));
    const amount = total > 0 ? Math.floor((price.unit_amount * left) / total) : 0;
    const name = price.product === PRODUCTS.personal.id ? PRODUCTS.personal.name : PRODUCTS.commercial.name;
    const text = `${sign < 0 ? "Unused" : "Remaining"} time on ${name} after ${day(now)}`;
    return this.line(sub, price, sign * amount, { start: now, end: sub.periodEnd }, true, text);
  }

  /**
   * A finalized (open) invoice, not stored yet. The customer's credit balance pays first; a negative total
   * becomes credit. Returns the customer's balance once the invoice is committed.
   */
  draftInvoice(
    sub: SubscriptionRecord,
    reason: BillingReason,
    lines: LineJson[],
    created: number,
    period: { start: number; end: number },
  ): { invoice: InvoiceJson; balanceAfter: number } {
    const customer = this.customer(sub.customer);
    const id = newId("in");
    const data = lines.map((l) => ({ ...clone(l), invoice: id }));
    const total = data.reduce((sum, l) => sum + l.amount, 0);
    const starting = customer.balance;
    // A negative balance is credit: it pays what it can; a negative total adds to it.
    const applied = total > 0 && starting < 0 ? Math.min(total, -starting) : 0;
    const amountDue = Math.max(0, total - applied);
    const balanceAfter = total > 0 ? starting + applied : starting + total;
    const invoice: InvoiceJson = {
      id,
      object: "invoice",
      amount_due: amountDue,
      amount_paid: 0,
      amount_remaining: amountDue,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created,
      currency: "usd",
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      default_payment_method: null,
      description: null,
      effective_at: created,
      ending_balance: balanceAfter,
      hosted_invoice_url: null,
      invoice_pdf: null,
      lines: { object: "list", data, has_more: false, total_count: data.length, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, "0")}`,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
      },
      period_end: period.end,
      period_start: period.start,
      starting_balance: starting,
      status: "open",
      confirmation_secret: null,
      status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subscription: sub.id,
      subtotal: total,
      total,
    };
    return { invoice, balanceAfter };
  }

  /** Stores a drafted invoice and moves the customer's balance and invoice sequence. */
  commitInvoice(draft: { invoice: InvoiceJson; balanceAfter: number }) {
    const customer = this.customer(draft.invoice.customer);
    customer.balance = draft.balanceAfter;
    customer.next_invoice_sequence += 1;
    this.invoices.set(draft.invoice.id, draft.invoice);
  }

  /** One payment attempt on an open invoice (nothing to charge pays at once). Emits invoice.paid or payment_failed. */
  attemptPayment(inv: InvoiceJson, pm: string | null, at: number): boolean {
    const customer = this.customer(inv.customer);
    const method = pm ? this.paymentMethods.get(pm) : undefined;
    if (inv.amount_due > 0 && method?.needsAuth && method.json.customer === inv.customer) {
      // 3-D Secure: the payment waits for the cardholder; Stripe.js confirms it with the client secret.
      inv.attempt_count += 1;
      inv.attempted = true;
      inv.confirmation_secret = { client_secret: `${newId("pi")}_secret_${newId("s")}`, type: "payment_intent" };
      this.emit("invoice.payment_action_required", inv, at);
      return false;
    }
    const ok = inv.amount_due === 0 || this.chargeable(pm, inv.customer);
    if (inv.amount_due > 0) {
      inv.attempt_count += 1;
      inv.attempted = true;
    }
    if (ok) {
      inv.status = "paid";
      inv.amount_paid = inv.amount_due;
      inv.amount_remaining = 0;
      inv.status_transitions.paid_at = at;
      customer.delinquent = false;
      this.emit("invoice.paid", inv, at);
    } else {
      customer.delinquent = true;
      this.emit("invoice.payment_failed", inv, at);
    }
    return ok;
  }

  // --- endpoints: prices, customers, payment methods

  getPrice(_ctx: Context, id: string): JsonObject {
    return this.price(id);
  }

  readAddress(params: Params, current: AddressJson | null): AddressJson | null {
    const v = params.address;
    if (v === undefined) return current;
    if (v === "") return null;
    const a = obj(params, "address") ?? {};
    const fields = ["line1", "line2", "city", "state", "postal_code", "country"] as const;
    allowOnly(a, fields, "address");
    const next: AddressJson = current
      ? { ...current }
      : { line1: null, line2: null, city: null, state: null, postal_code: null, country: null };
    for (const f of fields) {
      const value = str(a, f, "address");
      if (value !== undefined) next[f] = value || null;
    }
    return next;
  }

  writeCustomer(c: CustomerJson, params: Params) {
    for (const key of ["email", "name", "description", "phone"] as const) {
      const v = str(params, key);
      if (v !== undefined) c[key] = v || null;
    }
    c.address = this.readAddress(params, c.address);
    c.metadata = mergeMetadata(c.metadata, params);
    const locales = list(params, "preferred_locales");
    if (locales) c.preferred_locales = locales.filter((l): l is string => typeof l === "string");
    const settings = obj(params, "invoice_settings");
    if (settings) {
      allowOnly(settings, ["default_payment_method"], "invoice_settings");
      const pm = str(settings, "default_payment_method", "invoice_settings");
      if (pm !== undefined)
        c.invoice_settings.default_payment_method = pm
          ? this.attachedTo(c.id, pm, "invoice_settings[default_payment_method]")
          : null;
    }
  }

  static readonly CUSTOMER_PARAMS = [
    "email",
    "name",
    "description",
    "phone",
    "address",
    "metadata",
    "preferred_locales",
    "invoice_settings",
    "expand",
  ] as const;

  createCustomer({ params, now }: Context): JsonObject {
    allowOnly(params, StripeState.CUSTOMER_PARAMS);
    const expand = expansions(params, ["invoice_settings.default_payment_method"]);
    const c: CustomerJson = {
      id: newId("cus"),
      object: "customer",
      address: null,
      balance: 0,
      created: now,
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email: null,
      invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: {},
      name: null,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
      test_clock: null,
    };
    this.writeCustomer(c, params);
    this.customers.set(c.id, c);
    return this.customerJson(c, expand);
  }

  updateCustomer({ params }: Context, id: string): JsonObject {
    const c = this.customer(id);
    allowOnly(params, StripeState.CUSTOMER_PARAMS);
    const expand = expansions(params, ["invoice_settings.default_payment_method"]);
    // Validate on a copy so that a bad parameter changes nothing.
    const next = clone(c);
    this.writeCustomer(next, params);
    Object.assign(c, next);
    return this.customerJson(c, expand);
  }

  getCustomer({ params }: Context, id: string): JsonObject {
    const expand = expansions(params, ["invoice_settings.default_payment_method"]);
    if (this.deletedCustomers.has(id)) return { id, object: "customer", deleted: true };
    return this.customerJson(this.customer(id), expand);
  }

  /**
   * DELETE /v1/customers/:id: the customer goes for good, as at Stripe: its live subscriptions are
   * canceled at once and its cards detached; deleting it again answers 404 (resource_missing).
   */
  deleteCustomer({ params, now }: Context, id: string): JsonObject {
    allowOnly(params, []);
    const c = this.customer(id);
    for (const sub of this.subscriptions.values()) {
      if (sub.customer !== id || sub.status === "canceled") continue;
      sub.status = "canceled";
      sub.canceledAt = now;
      sub.endedAt = now;
      sub.cancellationReason = "cancellation_requested";
      this.emit("customer.subscription.deleted", this.subscriptionJson(sub), now);
    }
    for (const pm of this.paymentMethods.values()) if (pm.json.customer === id) pm.json.customer = null;
    this.customers.delete(id);
    this.deletedCustomers.add(id);
    this.emit("customer.deleted", this.customerJson(c, []), now);
    return { id, object: "customer", deleted: true };
  }

  testCardJson(id: string, card: TestCard, customer: string | null, now: number): PaymentMethodJson {
    return {
      id,
      object: "payment_method",
      type: "card",
      card: {
        brand: card.brand,
        display_brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: 2034,
        funding: "credit",
        country: "US",
        fingerprint: createHmac("sha256", "fingerprint").update(card.last4).digest("hex").slice(0, 16),
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      },
      billing_details: { address: null, email: null, name: null, phone: null },
      allow_redisplay: "unspecified",
      created: now,
      customer,
      livemode: false,
      metadata: {},
    };
  }

  attachPaymentMethod({ params, now }: Context, id: string): JsonObject {
    allowOnly(params, ["customer", "expand"]);
    expansions(params, []);
    const customer = this.customer(required(params, "customer"), "customer").id;
    if (Object.hasOwn(TEST_CARDS, id)) {
      const card = TEST_CARDS[id];
      if (card.attachDeclines) throw cardDeclined(null);
      const json = this.testCardJson(newId("pm"), card, customer, now);
      this.paymentMethods.set(json.id, { json, chargesDecline: card.chargesDecline, needsAuth: card.needsAuth });
      return json;
    }
    const pm = this.paymentMethods.get(id);
    if (!pm) throw noSuch("PaymentMethod", id);
    if (pm.json.customer === customer) return pm.json;
    if (pm.json.customer)
      throw invalid("The payment method you provided has already been attached to a customer.", "payment_method");
    throw invalid(
      "This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.",
      "payment_method",
    );
  }

  getPaymentMethod({ params, now }: Context, id: string): JsonObject {
    expansions(params, []);
    if (Object.hasOwn(TEST_CARDS, id)) return this.testCardJson(id, TEST_CARDS[id], null, now);
    const pm = this.paymentMethods.get(id);
    if (!pm) throw noSuch("PaymentMethod", id);
    return pm.json;
  }

  detachPaymentMethod({ params }: Context, id: string): JsonObject {
    allowOnly(params, ["expand"]);
    expansions(params, []);
    const pm = this.paymentMethods.get(id);
    if (!pm) throw noSuch("PaymentMethod", id);
    const owner = pm.json.customer;
    if (!owner)
      throw invalid("The payment method you provided is not attached to a customer so detachment is impossible.");
    pm.json.customer = null;
    // Stripe forgets a detached method wherever it was the default.
    const c = this.customers.get(owner);
    if (c?.invoice_settings.default_payment_method === id) c.invoice_settings.default_payment_method = null;
    for (const s of this.subscriptions.values()) if (s.defaultPaymentMethod === id) s.defaultPaymentMethod = null;
    return pm.json;
  }

  // --- endpoints: subscriptions

  static readonly SUBSCRIPTION_EXPAND = [
    "latest_invoice",
    "latest_invoice.confirmation_secret",
    "customer",
    "default_payment_method",
  ] as const;

  readPaymentBehavior(params: Params, update: boolean): PaymentBehavior {
    const v = str(params, "payment_behavior");
    if (v === "pending_if_incomplete")
      throw update
        ? notEmulated("payment_behavior=pending_if_incomplete", "payment_behavior")
        : invalid(
            "payment_behavior=pending_if_incomplete is only supported when updating a subscription.",
            "payment_behavior",
          );
    return oneOf(
      params,
      "payment_behavior",
      ["allow_incomplete", "error_if_incomplete", "default_incomplete"],
      "allow_incomplete",
    );
  }

  /**
   * `billing_cycle_anchor` of an update: `{ type: "now" | "unchanged" }` (sent as `billing_cycle_anchor[type]=now`)
   * since API version 2026-09-30 (SDK 23), a bare "now" | "unchanged" before.
   */
  readAnchor(params: Params): "now" | "unchanged" {
    const v = params.billing_cycle_anchor;
    if (v === undefined || typeof v === "string")
      return oneOf(params, "billing_cycle_anchor", ["now", "unchanged"], "unchanged");
    const o = obj(params, "billing_cycle_anchor") ?? {};
    allowOnly(o, ["type"], "billing_cycle_anchor");
    const type = str(o, "type", "billing_cycle_anchor");
    if (type !== "now" && type !== "unchanged")
      throw invalid("Invalid billing_cycle_anchor[type]: must be one of now, unchanged", "billing_cycle_anchor[type]");
    return type;
  }

  /** The single item a create or update may name: its price (and id, for updates); quantity 1 only. */
  readItem(params: Params, update: boolean): { id?: string; price?: string } | undefined {
    const items = list(params, "items");
    if (!items) return undefined;
    if (items.length !== 1) throw notEmulated("More than one subscription item", "items");
    const item = items[0];
    if (typeof item !== "object" || Array.isArray(item)) throw invalid("Invalid object: items[0]", "items[0]");
    allowOnly(item, update ? ["id", "price", "quantity"] : ["price", "quantity"], "items[0]");
    const quantity = str(item, "quantity", "items[0]");
    if (quantity !== undefined && quantity !== "1") throw notEmulated("A quantity other than 1", "items[0][quantity]");
    return { id: str(item, "id", "items[0]"), price: str(item, "price", "items[0]") };
  }

  createSubscription({ params, now }: Context): JsonObject {
    allowOnly(params, [
      "customer",
      "items",
      "default_payment_method",
      "payment_behavior",
      "metadata",
      "expand",
      "cancel_at_period_end",
      "description",
      "off_session",
      "collection_method",
      "proration_behavior",
    ]);
    const expand = expansions(params, StripeState.SUBSCRIPTION_EXPAND);
    const customer = this.customer(required(params, "customer"), "customer");
    const item = this.readItem(params, false);
    if (!item?.price) throw invalid("Missing required param: items[0][price].", "items[0][price]");
    const price = this.price(item.price, "items[0][price]");
    oneOf(params, "collection_method", ["charge_automatically"], "charge_automatically");
    const behavior = this.readPaymentBehavior(params, false);
    const pmParam = str(params, "default_payment_method");
    const defaultPaymentMethod = pmParam ? this.attachedTo(customer.id, pmParam, "default_payment_method") : null;

    const end = boundary(now, price.recurring.interval, 1);
    const sub: SubscriptionRecord = {
      id: newId("sub"),
      itemId: newId("si"),
      itemCreated: now,
      customer: customer.id,
      price,
      status: "incomplete",
      created: now,
      anchor: now,
      periodStart: now,
      periodEnd: end,
      cancelAtPeriodEnd: bool(params, "cancel_at_period_end") ?? false,
      canceledAt: null,
      endedAt: null,
      cancellationReason: null,
      defaultPaymentMethod,
      description: str(params, "description") || null,
      metadata: mergeMetadata({}, params),
      latestInvoice: null,
      pendingLines: [],
    };
    if (sub.cancelAtPeriodEnd) {
      sub.canceledAt = now;
      sub.cancellationReason = "cancellation_requested";
    }
    const pm = this.payingMethod(sub);
    if (!pm && behavior !== "default_incomplete") throw noPaymentMethod();
    // Stripe's first invoice looks back on an empty usage period: period_start = period_end = creation.
    const draft = this.draftInvoice(sub, "subscription_create", [this.fullPeriodLine(sub, price, now, end)], now, {
      start: now,
      end: now,
    });
    const willPay = draft.invoice.amount_due === 0 || this.chargeable(pm, customer.id);
    // error_if_incomplete: a declined first payment creates nothing.
    if (behavior === "error_if_incomplete" && !willPay) throw cardDeclined(pm);

    this.subscriptions.set(sub.id, sub);
    this.commitInvoice(draft);
    sub.latestInvoice = draft.invoice.id;
    const opened = clone(draft.invoice);
    const outcome: "paid" | "failed" | "unpaid" =
      behavior === "default_incomplete" ? "unpaid" : willPay ? "paid" : "failed";
    if (outcome === "paid") sub.status = "active";
    this.emit("customer.subscription.created", this.subscriptionJson(sub), now);
    this.emit("invoice.created", opened, now);
    if (outcome !== "unpaid") this.attemptPayment(draft.invoice, pm, now);
    return this.subscriptionJson(sub, expand);
  }

  getSubscription({ params }: Context, id: string): JsonObject {
    const expand = expansions(params, StripeState.SUBSCRIPTION_EXPAND);
    return this.subscriptionJson(this.subscription(id), expand);
  }

  updateSubscription({ params, now }: Context, id: string): JsonObject {
    const sub = this.subscription(id);
    const expand = expansions(params, StripeState.SUBSCRIPTION_EXPAND);
    if (sub.status === "canceled") {
      allowOnly(params, ["metadata", "expand"]);
      const before = this.subscriptionJson(sub);
      sub.metadata = mergeMetadata(sub.metadata, params);
      this.emitUpdated(before, sub, now);
      return this.subscriptionJson(sub, expand);
    }
    allowOnly(params, [
      "items",
      "proration_behavior",
      "billing_cycle_anchor",
      "payment_behavior",
      "cancel_at_period_end",
      "default_payment_method",
      "metadata",
      "expand",
      "description",
      "off_session",
    ]);
    const customer = this.customer(sub.customer);
    const item = this.readItem(params, true);
    if (item && item.id !== sub.itemId)
      throw item.id
        ? invalid(`Invalid subscription_item: ${item.id} does not belong to ${sub.id}`, "items[0][id]")
        : notEmulated("Adding a second item (items[0] without an id)", "items[0][id]");
    const price = item?.price ? this.price(item.price, "items[0][price]") : sub.price;
    const proration = oneOf(
      params,
      "proration_behavior",
      ["always_invoice", "create_prorations", "none"],
      "create_prorations",
    );
    const anchor = this.readAnchor(params);
    const behavior = this.readPaymentBehavior(params, true);
    const cancelAtPeriodEnd = bool(params, "cancel_at_period_end");
    const pmParam = str(params, "default_payment_method");
    const defaultPaymentMethod =
      pmParam === undefined
        ? sub.defaultPaymentMethod
        : pmParam
          ? this.attachedTo(customer.id, pmParam, "default_payment_method")
          : null;
    const metadata = mergeMetadata(sub.metadata, params);
    const description = str(params, "description");

    // What the change bills. A new anchor (asked for, or forced by a new interval) starts a full period now.
    const priceChanged = price.id !== sub.price.id;
    const resetAnchor = anchor === "now" || price.recurring.interval !== sub.price.recurring.interval;
    const prorate = proration !== "none";
    let invoiceLines: LineJson[] | null = null;
    let pendingLines = sub.pendingLines;
    let period = { anchor: sub.anchor, start: sub.periodStart, end: sub.periodEnd };
    if (resetAnchor) {
      const end = boundary(now, price.recurring.interval, 1);
      const credit = prorate ? [this.prorationLine(sub, sub.price, now, -1)] : [];
      invoiceLines = [...sub.pendingLines, ...credit, this.fullPeriodLine(sub, price, now, end)];
      pendingLines = [];
      period = { anchor: now, start: now, end };
    } else if (priceChanged && prorate) {
      const lines = [this.prorationLine(sub, sub.price, now, -1), this.prorationLine(sub, price, now, 1)];
      if (proration === "always_invoice") {
        invoiceLines = [...sub.pendingLines, ...lines];
        pendingLines = [];
      } else pendingLines = [...sub.pendingLines, ...lines];
    }

    const pm = defaultPaymentMethod ?? customer.invoice_settings.default_payment_method;
    // Lines name the subscription item, which keeps its id through a price change.
    const draft = invoiceLines
      ? this.draftInvoice({ ...sub, metadata }, "subscription_update", invoiceLines, now, { start: now, end: now })
      : null;
    const willPay = !!draft && (draft.invoice.amount_due === 0 || this.chargeable(pm, customer.id));
    if (draft && behavior === "error_if_incomplete" && !willPay) {
      if (!pm) throw noPaymentMethod();
      throw cardDeclined(pm);
    }

    // Commit.
    const before = this.subscriptionJson(sub);
    sub.price = price;
    sub.anchor = period.anchor;
    sub.periodStart = period.start;
    sub.periodEnd = period.end;
    sub.pendingLines = pendingLines;
    sub.defaultPaymentMethod = defaultPaymentMethod;
    sub.metadata = metadata;
    if (description !== undefined) sub.description = description || null;
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== sub.cancelAtPeriodEnd) {
      sub.cancelAtPeriodEnd = cancelAtPeriodEnd;
      sub.canceledAt = cancelAtPeriodEnd ? now : null;
      sub.cancellationReason = cancelAtPeriodEnd ? "cancellation_requested" : null;
    }
    if (draft) {
      this.commitInvoice(draft);
      sub.latestInvoice = draft.invoice.id;
      this.emit("invoice.created", draft.invoice, now);
      const paid = behavior !== "default_incomplete" && this.attemptPayment(draft.invoice, pm, now);
      sub.status = paid ? "active" : "past_due";
    }
    this.emitUpdated(before, sub, now);
    return this.subscriptionJson(sub, expand);
  }

  emitUpdated(before: JsonObject, sub: SubscriptionRecord, at: number) {
    const after = this.subscriptionJson(sub);
    const previous = previousAttributes(before, after);
    if (Object.keys(previous).length > 0) this.emit("customer.subscription.updated", after, at, previous);
  }

  cancelSubscription({ params, now }: Context, id: string): JsonObject {
    const sub = this.subscription(id);
    allowOnly(params, ["expand", "invoice_now", "prorate", "cancellation_details"]);
    const expand = expansions(params, StripeState.SUBSCRIPTION_EXPAND);
    if (bool(params, "invoice_now") || bool(params, "prorate")) throw notEmulated("invoice_now and prorate on cancel");
    if (sub.status === "canceled") throw invalid(`The subscription ${sub.id} has already been canceled.`);
    sub.status = "canceled";
    sub.canceledAt = now;
    sub.endedAt = now;
    sub.cancellationReason = "cancellation_requested";
    this.emit("customer.subscription.deleted", this.subscriptionJson(sub), now);
    return this.subscriptionJson(sub, expand);
  }

  // --- endpoints: invoices

  getInvoice({ params }: Context, id: string): JsonObject {
    const expand = expansions(params, ["customer"]);
    return this.invoiceJson(this.invoice(id), expand);
  }

  payInvoice({ params, now }: Context, id: string): JsonObject {
    const inv = this.invoice(id);
    allowOnly(params, ["payment_method", "off_session", "expand"]);
    const expand = expansions(params, ["customer"]);
    if (inv.status === "paid") throw invalid("Invoice is already paid");
    if (inv.status === "void") throw invalid("You cannot pay a void invoice.");
    const sub = this.subscriptions.get(inv.subscription);
    const pmParam = str(params, "payment_method");
    const pm = pmParam
      ? this.attachedTo(inv.customer, pmParam, "payment_method")
      : sub
        ? this.payingMethod(sub)
        : this.customer(inv.customer).invoice_settings.default_payment_method;
    if (!pm && inv.amount_due > 0) throw noPaymentMethod();
    if (!this.attemptPayment(inv, pm, now)) throw cardDeclined(pm);
    // Paying the latest invoice brings a past_due or incomplete subscription back to active.
    if (sub && sub.latestInvoice === inv.id && (sub.status === "past_due" || sub.status === "incomplete")) {
      const before = this.subscriptionJson(sub);
      sub.status = "active";
      this.emitUpdated(before, sub, now);
    }
    return this.invoiceJson(inv, expand);
  }

  voidInvoice({ params, now }: Context, id: string): JsonObject {
    const inv = this.invoice(id);
    allowOnly(params, ["expand"]);
    const expand = expansions(params, ["customer"]);
    if (inv.status !== "open") throw invalid("You can only pass in open invoices. This invoice isn't open.");
    inv.status = "void";
    inv.amount_remaining = 0;
    inv.status_transitions.voided_at = now;
    this.emit("invoice.voided", inv, now);
    return this.invoiceJson(inv, expand);
  }

  getEvent({ params }: Context, id: string): JsonObject {
    expansions(params, []);
    const event = this.events.find((e) => e.id === id);
    if (!event) throw noSuch("event", id);
    return event;
  }

  // --- the clock

  /**
   * What Stripe does at the end of a subscription's period: cancel it (cancel_at_period_end), or renew it
   * into the next period with a `subscription_cycle` invoice for the current price (plus pending prorations),
   * charged once; a failed charge leaves the invoice open and the subscription past_due.
   */
  endPeriod(sub: SubscriptionRecord) {
    const at = sub.periodEnd;
    const before = this.subscriptionJson(sub);
    if (sub.cancelAtPeriodEnd) {
      sub.status = "canceled";
      sub.endedAt = at;
      this.emit("customer.subscription.deleted", this.subscriptionJson(sub), at);
      return;
    }
    const start = sub.periodEnd;
    const end = nextBoundary(sub.anchor, sub.price.recurring.interval, start);
    const lines = [...sub.pendingLines, this.fullPeriodLine(sub, sub.price, start, end)];
    // A cycle invoice looks back on the period that just ended.
    const draft = this.draftInvoice(sub, "subscription_cycle", lines, at, { start: sub.periodStart, end: at });
    this.commitInvoice(draft);
    sub.pendingLines = [];
    sub.periodStart = start;
    sub.periodEnd = end;
    sub.latestInvoice = draft.invoice.id;
    this.emit("invoice.created", draft.invoice, at);
    if (!this.attemptPayment(draft.invoice, this.payingMethod(sub), at)) sub.status = "past_due";
    this.emitUpdated(before, sub, at);
  }

  /** Ends, in time order, every period that is over at `now`. */
  runClock(now: number) {
    for (;;) {
      let due: SubscriptionRecord | undefined;
      for (const s of this.subscriptions.values()) {
        const runs = s.status === "active" || (s.status === "past_due" && s.cancelAtPeriodEnd);
        if (runs && s.periodEnd <= now && (!due || s.periodEnd < due.periodEnd)) due = s;
      }
      if (!due) return;
      this.endPeriod(due);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

type Handler = (state: StripeState, ctx: Context, id: string) => JsonObject;
const ROUTES: { method: string; path: RegExp; handle: Handler }[] = [
  { method: "GET", path: /^\/v1\/prices\/([^/]+)$/, handle: (s, c, id) => s.getPrice(c, id) },
  { method: "POST", path: /^\/v1\/customers$/, handle: (s, c) => s.createCustomer(c) },
  { method: "POST", path: /^\/v1\/customers\/([^/]+)$/, handle: (s, c, id) => s.updateCustomer(c, id) },
  { method: "GET", path: /^\/v1\/customers\/([^/]+)$/, handle: (s, c, id) => s.getCustomer(c, id) },
  { method: "DELETE", path: /^\/v1\/customers\/([^/]+)$/, handle: (s, c, id) => s.deleteCustomer(c, id) },
  {
    method: "POST",
    path: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
    handle: (s, c, id) => s.attachPaymentMethod(c, id),
  },
  {
    method: "POST",
    path: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
    handle: (s, c, id) => s.detachPaymentMethod(c, id),
  },
  { method: "GET", path: /^\/v1\/payment_methods\/([^/]+)$/, handle: (s, c, id) => s.getPaymentMethod(c, id) },
  { method: "POST", path: /^\/v1\/subscriptions$/, handle: (s, c) => s.createSubscription(c) },
  { method: "POST", path: /^\/v1\/subscriptions\/([^/]+)$/, handle: (s, c, id) => s.updateSubscription(c, id) },
  { method: "GET", path: /^\/v1\/subscriptions\/([^/]+)$/, handle: (s, c, id) => s.getSubscription(c, id) },
  { method: "DELETE", path: /^\/v1\/subscriptions\/([^/]+)$/, handle: (s, c, id) => s.cancelSubscription(c, id) },
  { method: "GET", path: /^\/v1\/invoices\/([^/]+)$/, handle: (s, c, id) => s.getInvoice(c, id) },
  { method: "POST", path: /^\/v1\/invoices\/([^/]+)\/pay$/, handle: (s, c, id) => s.payInvoice(c, id) },
  { method: "POST", path: /^\/v1\/invoices\/([^/]+)\/void$/, handle: (s, c, id) => s.voidInvoice(c, id) },
  { method: "GET", path: /^\/v1\/events\/([^/]+)$/, handle: (s, c, id) => s.getEvent(c, id) },
];

type Answer = { status: number; body: JsonObject };

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const header = (req: http.IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Starts the double on 127.0.0.1 (a free port). Its clock is `opts.now` (unix seconds; real time by default)
 * until `setNow` or `advanceTo` fix it.
 */
export async function startStripeDouble(opts: {
  webhookUrl?: string;
  webhookSecret: string;
  now?: () => number;
}): Promise<StripeDouble> {
  let fixedNow: number | null = null;
  const now = () => fixedNow ?? Math.floor(opts.now?.() ?? Date.now() / 1000);
  const state = new StripeState(now(), opts.webhookUrl ? 1 : 0);
  const requests: LoggedRequest[] = [];
  const deliveries: Delivery[] = [];
  /** Answers already given, by idempotency key, with what the request was. */
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  let queue: Promise<void> = Promise.resolve();
  let down = false;

  async function deliver(event: StripeEvent): Promise<Response> {
    if (!opts.webhookUrl) throw new Error("startStripeDouble: no webhookUrl to deliver to");
    // Stripe sends the event pretty-printed; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    // Signed at the real time: receivers check the timestamp against their own clock (5 minutes of tolerance).
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac("sha256", opts.webhookSecret).update(`${t}.${payload}`).digest("hex");
    const record: Delivery = { eventId: event.id, type: event.type, status: null, error: null };
    deliveries.push(record);
    try {
      const res = await fetch(opts.webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": `t=${t},v1=${v1}`,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      record.status = res.status;
      return res;
    } catch (e) {
      record.error = e instanceof Error ? e.message : String(e);
      throw e;
    }
  }

  /** Hands the new events to the delivery queue, which sends them one at a time, in order. */
  function dispatch() {
    const batch = state.outbox;
    state.outbox = [];
    if (!opts.webhookUrl) return;
    for (const event of batch)
      queue = queue.then(async () => {
        try {
          const res = await deliver(event);
          await res.arrayBuffer();
        } catch {
          // Recorded in `deliveries`; Stripe's own retries are not emulated.
        }
      });
  }

  async function flush() {
    let seen: Promise<void> | undefined;
    while (seen !== queue) {
      seen = queue;
      await queue;
    }
  }

  function answer(method: string, path: string, params: Params): Answer {
    for (const route of ROUTES) {
      if (route.method !== method) continue;
      const m = route.path.exec(path);
      if (!m) continue;
      try {
        return { status: 200, body: route.handle(state, { params, now: now() }, decodeURIComponent(m[1] ?? "")) };
      } catch (e) {
        if (e instanceof ApiError) return { status: e.status, body: { error: e.error } };
        throw e;
      }
    }
    return {
      status: 404,
      body: {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${path}). The Stripe test double (tests/stripe-double.ts) does not emulate it.`,
        },
      },
    };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const raw = method === "POST" ? await readBody(req) : url.search.slice(1);
    const idempotencyKey = method === "POST" ? header(req, "idempotency-key") : undefined;
    const requestId = newId("req");
    const version = header(req, "stripe-version");
    if (version) state.apiVersion = version;
    const send = (a: Answer, replayed = false) => {
      res.writeHead(a.status, {
        "content-type": "application/json",
        "request-id": requestId,
        "stripe-version": state.apiVersion,
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        ...(replayed ? { "idempotent-replayed": "true" } : {}),
      });
      res.end(JSON.stringify(a.body, null, 2));
    };

    let params: Params;
    try {
      params = decodeForm(raw);
    } catch (e) {
      if (e instanceof ApiError) return send({ status: e.status, body: { error: e.error } });
      throw e;
    }
    requests.push({ method, path: url.pathname, body: params, ...(idempotencyKey ? { idempotencyKey } : {}) });
    if (down) {
      res.writeHead(503, {
        "content-type": "application/json",
        "request-id": requestId,
        "stripe-should-retry": "false",
      });
      res.end(JSON.stringify({ error: { type: "api_error", message: "The Stripe test double is in an outage." } }));
      return;
    }

    if (!/^Bearer [sr]k_test_\S+$/.test(header(req, "authorization") ?? ""))
      return send({
        status: 401,
        body: {
          error: { type: "invalid_request_error", message: "Invalid API Key provided (the double wants sk_test_…)." },
        },
      });

    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const seen = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (seen && seen.fingerprint !== fingerprint)
      return send({
        status: 400,
        body: {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        },
      });
    if (seen) return send(seen.answer, true);

    state.request = { id: requestId, idempotencyKey: idempotencyKey ?? null };
    let a: Answer;
    try {
      a = answer(method, url.pathname, params);
    } finally {
      state.request = null;
    }
    // Like Stripe, keep results of requests that ran (success, declines), not of rejected parameters.
    if (idempotencyKey && (a.status < 400 || a.status === 402))
      idempotent.set(idempotencyKey, { fingerprint, answer: a });
    send(a);
    dispatch();
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: e instanceof Error ? e.message : String(e) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    events: state.events,
    deliveries,
    requests,
    prices: state.prices,
    customers: state.customers as ReadonlyMap<string, JsonObject>,
    outage(on: boolean) {
      down = on;
    },
    deliver,
    flush,
    now,
    setNow(unixSeconds: number) {
      fixedNow = Math.floor(unixSeconds);
    },
    async authenticate(clientSecret: string) {
      const ok = state.authenticate(clientSecret, now());
      dispatch();
      await flush();
      return ok;
    },
    async advanceTo(unixSeconds: number) {
      const to = Math.floor(unixSeconds);
      if (to < now()) throw new Error(`advanceTo: ${to} is before the double's clock (${now()})`);
      fixedNow = to;
      state.runClock(to);
      dispatch();
      await flush();
    },
    async stop() {
      await flush();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}
