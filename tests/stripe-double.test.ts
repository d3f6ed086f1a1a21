import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { type StripeDouble, startStripeDouble } from "./stripe-double.ts";

const SECRET = "whsec_stripe_double_test";
/** 31 January 2026, noon UTC: the first monthly period ends on 28 February, the next on 31 March. */
const T0 = Date.UTC(2026, 0, 31, 12) / 1000;
const FEB_28 = Date.UTC(2026, 1, 28, 12) / 1000;
const MAR_31 = Date.UTC(2026, 2, 31, 12) / 1000;

const started: StripeDouble[] = [];
const receivers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((d) => d.stop()));
  await Promise.all(receivers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function setup(webhookUrl?: string) {
  const double = await startStripeDouble({ webhookSecret: SECRET, webhookUrl, now: () => T0 });
  started.push(double);
  const stripe = new Stripe("sk_test_x", {
    host: "127.0.0.1",
    port: double.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  return { double, stripe };
}

/** A customer with a card attached and set as the invoice default. */
async function customerWithCard(stripe: Stripe, testCard = "pm_card_visa") {
  const customer = await stripe.customers.create({
    email: "ada@example.com",
    name: "Ada Lovelace",
    address: { line1: "12 St James's Square", city: "London", postal_code: "SW1Y 4LB", country: "GB" },
    metadata: { accountId: "5" },
  });
  const pm = await stripe.paymentMethods.attach(testCard, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
  return { customer, pm };
}

function subscribe(stripe: Stripe, customer: string, price = "price_personal_monthly", idempotencyKey?: string) {
  return stripe.subscriptions.create(
    {
      customer,
      items: [{ price }],
      payment_behavior: "error_if_incomplete",
      metadata: { accountId: "5" },
      expand: ["latest_invoice"],
    },
    idempotencyKey ? { idempotencyKey } : undefined,
  );
}

/** The object behind an expandable field, which must have been expanded. */
function expanded<T extends object>(value: string | T | null): T {
  if (!value || typeof value === "string") throw new Error("expected an expanded object");
  return value;
}

const types = (double: StripeDouble) => double.events.map((e) => e.type);

describe("Stripe double, through the official SDK", () => {
  it("creates a customer, attaches a test card and starts a paid subscription", async () => {
    const { double, stripe } = await setup();
    const { customer, pm } = await customerWithCard(stripe);
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.metadata).toEqual({ accountId: "5" });
    expect(customer.address?.line1).toBe("12 St James's Square");
    expect(pm.id).toMatch(/^pm_/);
    expect(pm.id).not.toBe("pm_card_visa");
    expect(pm.customer).toBe(customer.id);
    expect(pm.card).toMatchObject({ brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 });
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);

    const sub = await subscribe(stripe, customer.id);
    expect(sub.status).toBe("active");
    expect(sub.items.data[0].price.id).toBe("price_personal_monthly");
    expect(sub.items.data[0].current_period_start).toBe(T0);
    expect(sub.items.data[0].current_period_end).toBe(FEB_28);
    const invoice = expanded(sub.latest_invoice);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 799, billing_reason: "subscription_create" });
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
    expect(invoice.lines.data[0].period).toEqual({ start: T0, end: FEB_28 });
    expect(types(double)).toEqual(["customer.subscription.created", "invoice.created", "invoice.paid"]);

    // What went over the wire: bracket-encoded forms and an idempotency key on every POST.
    const create = double.requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions");
    expect(create?.body).toMatchObject({ items: [{ price: "price_personal_monthly" }], expand: ["latest_invoice"] });
    expect(create?.idempotencyKey).toBeTruthy();
    expect(double.requests[0].body).toMatchObject({ metadata: { accountId: "5" }, address: { city: "London" } });

    const fetched = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(expanded(fetched.latest_invoice).id).toBe(invoice.id);
    expect((await stripe.prices.retrieve("price_commercial_yearly")).unit_amount).toBe(14990);
  });

  it("refuses a declined card with a StripeCardError", async () => {
    const { stripe } = await setup();
    const customer = await stripe.customers.create({ email: "bob@example.com" });
    const err = await stripe.paymentMethods.attach("pm_card_chargeDeclined", { customer: customer.id }).catch((e) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err).toMatchObject({ code: "card_declined", statusCode: 402, message: "Your card was declined." });
  });

  it("answers bad parameters and unknown routes like Stripe", async () => {
    const { stripe } = await setup();
    const { customer } = await customerWithCard(stripe);
    const unknownPrice = await subscribe(stripe, customer.id, "price_nope").catch((e) => e);
    expect(unknownPrice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknownPrice).toMatchObject({ statusCode: 400, code: "resource_missing", param: "items[0][price]" });
    const noCustomer = await stripe.subscriptions
      .create({ items: [{ price: "price_personal_monthly" }] })
      .catch((e) => e);
    expect(noCustomer).toMatchObject({ statusCode: 400, param: "customer" });
    const missing = await stripe.prices.retrieve("price_nope").catch((e) => e);
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing" });
    const route = await stripe.charges.list().catch((e) => e);
    expect(route).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(route.statusCode).toBe(404);
  });

  it("upgrades at once with a proration credit for the unused half of the period", async () => {
    const { double, stripe } = await setup();
    const { customer } = await customerWithCard(stripe);
    const sub = await subscribe(stripe, customer.id);
    const half = T0 + Math.floor((FEB_28 - T0) / 2);
    double.setNow(half);

    const upgraded = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0].id, price: "price_commercial_monthly" }],
      proration_behavior: "always_invoice",
      billing_cycle_anchor: { type: "now" },
      payment_behavior: "error_if_incomplete",
      expand: ["latest_invoice"],
    });
    const credit = Math.floor((799 * (FEB_28 - half)) / (FEB_28 - T0));
    const invoice = expanded(upgraded.latest_invoice);
    expect(invoice).toMatchObject({
      status: "paid",
      billing_reason: "subscription_update",
      amount_paid: 1499 - credit,
    });
    const [prorated, full] = invoice.lines.data;
    expect(prorated.amount).toBe(-credit);
    expect(prorated.parent?.subscription_item_details?.proration).toBe(true);
    expect(full).toMatchObject({ amount: 1499, period: { start: half, end: Date.UTC(2026, 2, 14, 12) / 1000 } });
    expect(upgraded.items.data[0]).toMatchObject({ id: sub.items.data[0].id, current_period_start: half });
    expect(upgraded.items.data[0].price.id).toBe("price_commercial_monthly");
    const updated = double.events.filter((e) => e.type === "customer.subscription.updated");
    expect(updated).toHaveLength(1);
    expect(updated[0].data.previous_attributes).toHaveProperty("items");
  });

  it("switches the price for the next renewal without an invoice when proration is none", async () => {
    const { double, stripe } = await setup();
    const { customer } = await customerWithCard(stripe);
    const sub = await subscribe(stripe, customer.id, "price_commercial_monthly");
    const switched = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0].id, price: "price_personal_monthly" }],
      proration_behavior: "none",
    });
    expect(switched.latest_invoice).toBe(expanded(sub.latest_invoice).id);
    expect(switched.items.data[0].current_period_end).toBe(FEB_28);

    // The renewal keeps the anchor's day: 28 February, then 31 March.
    await double.advanceTo(FEB_28);
    const renewed = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: FEB_28, current_period_end: MAR_31 });
    expect(expanded(renewed.latest_invoice)).toMatchObject({
      status: "paid",
      amount_paid: 799,
      billing_reason: "subscription_cycle",
    });
    expect(types(double).slice(-3)).toEqual(["invoice.created", "invoice.paid", "customer.subscription.updated"]);
  });

  it("cancels at the period end", async () => {
    const { double, stripe } = await setup();
    const { customer } = await customerWithCard(stripe);
    const sub = await subscribe(stripe, customer.id);
    const pending = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(pending).toMatchObject({ status: "active", cancel_at_period_end: true, cancel_at: FEB_28 });

    await double.advanceTo(FEB_28 + 60);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("canceled");
    const deleted = double.events.filter((e) => e.type === "customer.subscription.deleted");
    expect(deleted).toHaveLength(1);
    expect(deleted[0].data.object).toMatchObject({ id: sub.id, status: "canceled", ended_at: FEB_28 });
    expect(double.events.filter((e) => e.type === "invoice.created")).toHaveLength(1);
  });

  it("cancels at once", async () => {
    const { double, stripe } = await setup();
    const { customer } = await customerWithCard(stripe);
    const sub = await subscribe(stripe, customer.id);
    expect((await stripe.subscriptions.cancel(sub.id)).status).toBe("canceled");
    expect(types(double).at(-1)).toBe("customer.subscription.deleted");
  });

  it("fails the renewal of a card that stopped working, and takes a later payment", async () => {
    const { double, stripe } = await setup();
    const { customer } = await customerWithCard(stripe);
    const sub = await subscribe(stripe, customer.id);

    // The failing card attaches, but refuses a first payment under error_if_incomplete: nothing is created.
    const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer: customer.id });
    const before = double.events.length;
    const refused = await stripe.subscriptions
      .create({
        customer: customer.id,
        items: [{ price: "price_personal_monthly" }],
        default_payment_method: failing.id,
        payment_behavior: "error_if_incomplete",
      })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(double.events.length).toBe(before);

    await stripe.subscriptions.update(sub.id, { default_payment_method: failing.id });
    await double.advanceTo(FEB_28);
    const failed = double.events.filter((e) => e.type === "invoice.payment_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0].data.object).toMatchObject({
      status: "open",
      amount_due: 799,
      billing_reason: "subscription_cycle",
    });
    const pastDue = await stripe.subscriptions.retrieve(sub.id);
    expect(pastDue.status).toBe("past_due");
    const invoiceId = String(pastDue.latest_invoice);
    await expect(stripe.invoices.pay(invoiceId)).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);

    // No retries by the double itself; a good card pays the open invoice and the subscription is active again.
    await double.advanceTo(FEB_28 + 5 * 86_400);
    expect(double.events.filter((e) => e.type === "invoice.payment_failed")).toHaveLength(2);
    const visa = await stripe.paymentMethods.attach("pm_card_mastercard", { customer: customer.id });
    await stripe.subscriptions.update(sub.id, { default_payment_method: visa.id });
    expect((await stripe.invoices.pay(invoiceId)).status).toBe("paid");
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("active");
  });

  it("replays an idempotent request without doing it twice", async () => {
    const { double, stripe } = await setup();
    const { customer } = await customerWithCard(stripe);
    const first = await subscribe(stripe, customer.id, "price_personal_monthly", "start-sub-1");
    const again = await subscribe(stripe, customer.id, "price_personal_monthly", "start-sub-1");
    expect(again.id).toBe(first.id);
    expect(types(double).filter((t) => t === "customer.subscription.created")).toHaveLength(1);
    const reused = await subscribe(stripe, customer.id, "price_commercial_monthly", "start-sub-1").catch((e) => e);
    expect(reused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("delivers signed events that stripe.webhooks.constructEvent accepts", async () => {
    const received: { body: string; signature: string; contentType: string }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({
          body: Buffer.concat(chunks).toString("utf8"),
          signature: String(req.headers["stripe-signature"]),
          contentType: String(req.headers["content-type"]),
        });
        res.writeHead(200).end();
      });
    });
    receivers.push(receiver);
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;

    const { double, stripe } = await setup(url);
    const { customer } = await customerWithCard(stripe);
    await subscribe(stripe, customer.id);
    await double.flush();
    expect(received.map((r) => JSON.parse(r.body).type)).toEqual(types(double));
    expect(double.deliveries.every((d) => d.status === 200)).toBe(true);
    for (const r of received) {
      expect(r.contentType).toMatch(/^application\/json/);
      const event = stripe.webhooks.constructEvent(r.body, r.signature, SECRET);
      expect(event.id).toMatch(/^evt_/);
    }
    expect(() => stripe.webhooks.constructEvent(received[0].body, received[0].signature, "whsec_wrong")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    // deliver() by hand sends the same, signed.
    const res = await double.deliver(double.events[0]);
    expect(res.status).toBe(200);
    const last = received.at(-1)!;
    expect(stripe.webhooks.constructEvent(last.body, last.signature, SECRET).id).toBe(double.events[0].id);
  });
});
