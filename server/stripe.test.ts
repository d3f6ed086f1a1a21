import { sql } from "drizzle-orm";
import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceDueSubscriptions } from "#modules/billing/service.ts";
import { checkStripePrices, stripeClient } from "#modules/billing/stripe.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { httpClient, type Jar, notices, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { paymentFields } from "#tests/payments.ts";
import { createTestServer } from "#tests/server.ts";
import { type StripeDouble, type StripeEvent, startStripeDouble } from "#tests/stripe-double.ts";

/**
 * Stripe as the provider, against a loopback double of the Stripe API that the official SDK talks to:
 * payments with tokens from Stripe's element, proration, renewals and failures reported by signed
 * webhooks, delivered more than once and out of order.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
let double: StripeDouble;
let now = new Date("2027-01-10T00:00:00Z");
const clock: Clock = { now: () => now };
const origin = "http://localhost:3000";
const webhookSecret = "whsec_test_secret";
const unix = (d: Date) => Math.floor(d.getTime() / 1000);
/** Moves our clock and the double's together (without Stripe renewing anything on the way). */
const at = (iso: string) => {
  now = new Date(iso);
  double.setNow(unix(now));
};

beforeAll(async () => {
  double = await startStripeDouble({ webhookSecret, now: () => unix(now) });
  srv = await createTestServer({
    clock,
    env: {
      STRIPE_SECRET_KEY: "sk_test_double",
      STRIPE_PUBLISHABLE_KEY: "pk_test_double",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_PERSONAL_MONTHLY: "price_personal_monthly",
      STRIPE_PRICE_PERSONAL_YEARLY: "price_personal_yearly",
      STRIPE_PRICE_COMMERCIAL_MONTHLY: "price_commercial_monthly",
      STRIPE_PRICE_COMMERCIAL_YEARLY: "price_commercial_yearly",
      STRIPE_API_URL: `http://127.0.0.1:${double.port}`,
    },
  });
});
let doubleStopped = false;
afterAll(async () => {
  await srv?.cleanup();
  if (!doubleStopped) await double?.stop();
});

const { post } = httpClient((path, init) => srv.request(path, init), origin);

/** Sends one event to our webhook as Stripe would: the exact bytes, signed with the secret. */
async function deliver(event: StripeEvent, secret = webhookSecret) {
  const payload = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return srv.request("/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
}

const member = () => signedInMember(srv, clock, "stripe");

/** The payment form with Stripe: the card comes as a token from Stripe's element, no card fields. */
const pay = (jar: Jar, cardToken: string, over: Record<string, string> = {}) => {
  const fields = paymentFields({ cardToken, ...over });
  for (const typed of ["cardNumber", "cardExpiry", "cardCvc"]) delete fields[typed];
  return post("/payment/personal", fields, jar);
};

/** What the account's billing looks like in our database, for comparing end states. */
async function state(accountId: number) {
  const [account] = await queryRows<{ plan: string }>(
    srv.database.db,
    sql`select plan from account where id = ${accountId}`,
  );
  const subs = await queryRows<{ status: string; plan: string; current_period_end: Date; provider_ref: string }>(
    srv.database.db,
    sql`select status, plan, current_period_end, provider_ref from subscription where account_id = ${accountId} order by id`,
  );
  const invoices = await queryRows<{ status: string; total_cents: number }>(
    srv.database.db,
    sql`select status, total_cents from invoice where account_id = ${accountId} order by id`,
  );
  return {
    plan: account.plan,
    subs: subs.map((s) => `${s.status}:${s.plan}:${new Date(s.current_period_end).toISOString()}`),
    invoices: invoices.map((i) => `${i.status}:${i.total_cents}`),
  };
}

/** Every event since `from`, each delivered 1 to 5 times, in an order fast-check picks. */
async function replay(events: StripeEvent[], seed: number) {
  const deliveries = fc.sample(
    fc.shuffledSubarray(
      events.flatMap((e) => Array.from({ length: 1 + (e.created % 5) }, () => e)),
      { minLength: events.length * 1 },
    ),
    { seed, numRuns: 1 },
  )[0];
  for (const e of deliveries) expect((await deliver(e)).status).toBe(200);
}

describe("Stripe", () => {
  it("offers Stripe's card element, with its frames allowed on every page (client navigations keep the first policy)", async () => {
    const { jar } = await member();
    const res = await srv.request("/payment/personal", { headers: { cookie: jar.header } });
    const html = visible(await res.text());
    expect(html).toContain('data-testid="stripe-card"');
    expect(html).not.toContain("Demo mode");
    expect(res.headers.get("content-security-policy")).toContain("frame-src https://js.stripe.com");
    const home = await srv.request("/profile", { headers: { cookie: jar.header } });
    expect(home.headers.get("content-security-policy")).toContain("frame-src https://js.stripe.com");
    expect(home.headers.get("content-security-policy")).toContain("connect-src 'self' https://api.stripe.com");
  });

  it("subscribes with a token from Stripe's element, and says 'Try again' for a declined card", async () => {
    at("2027-01-10T00:00:00Z");
    const { jar, id } = await member();
    const declined = await pay(jar, "pm_card_chargeDeclined");
    expect(notices(await declined.text())).toContain("Try again");
    const typed = await pay(jar, "4242424242424242");
    expect(notices(await typed.text())).toContain("Enter your card details.");
    const ok = await pay(jar, "pm_card_visa");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toContain("amount=7.99&plan=PERSONAL_MONTHLY");
    const s = await state(id);
    expect(s.plan).toBe("PERSONAL_MONTHLY");
    expect(s.subs).toEqual(["active:PERSONAL_MONTHLY:2027-02-10T00:00:00.000Z"]);
    expect(s.invoices).toEqual(["paid:799"]);
    const [card] = await queryRows<{ brand: string; last4: string }>(
      srv.database.db,
      sql`select brand, last4 from payment_method where account_id = ${id}`,
    );
    expect(card).toEqual({ brand: "Visa", last4: "4242" });
  });

  it("a card that needs 3-D Secure is confirmed with the bank, then the purchase is finished", async () => {
    at("2027-02-01T00:00:00Z");
    const { jar, id } = await member();
    const fields = { attempt: "stripe-3ds-attempt-1" };
    const first = await pay(jar, "pm_card_authenticationRequired", fields);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(notices(html)).toContain("Confirm the payment with your bank to finish.");
    const secret = /pi_\w+?_secret_\w+/.exec(html)?.[0] as string;
    expect(secret).toBeTruthy();
    expect((await state(id)).plan).toBe("FREE");
    // Not confirmed yet: asked again.
    const early = await post("/payment/personal", { intent: "complete", ...fields }, jar);
    expect(early.status).toBe(200);
    expect(await early.text()).toContain(secret);
    // Someone else cannot finish it.
    const other = await member();
    const stolen = await post("/payment/personal", { intent: "complete", ...fields }, other.jar);
    expect(notices(await stolen.text())).toContain("This form has expired.");
    expect(await double.authenticate(secret)).toBe(true);
    const done = await post("/payment/personal", { intent: "complete", ...fields }, jar);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toContain("amount=7.99&plan=PERSONAL_MONTHLY");
    const s = await state(id);
    expect(s).toMatchObject({ plan: "PERSONAL_MONTHLY", invoices: ["paid:799"] });
    expect(s.subs).toEqual(["active:PERSONAL_MONTHLY:2027-03-01T00:00:00.000Z"]);
    // Again (a reload): the same payment, nothing more.
    const again = await post("/payment/personal", { intent: "complete", ...fields }, jar);
    expect(again.headers.get("location")).toBe(done.headers.get("location"));
    expect((await state(id)).invoices).toEqual(["paid:799"]);
  });

  it("upgrades with Stripe's proration, then renews from signed webhooks in any order", async () => {
    at("2027-03-01T00:00:00Z");
    const { jar, id } = await member();
    await pay(jar, "pm_card_visa");
    at("2027-03-16T12:00:00Z");
    const page = visible(await (await srv.request("/payment/commercial", { headers: { cookie: jar.header } })).text());
    expect(page).toContain("Credit for unused Personal, monthly");
    const up = await post(
      "/payment/commercial",
      { intent: "upgrade", type: "commercial", period: "monthly", attempt: "stripe-upgrade-1" },
      jar,
    );
    expect(up.status).toBe(302);
    // Stripe's own proration: half of March left.
    const left = unix(new Date("2027-04-01T00:00:00Z")) - unix(now);
    const credit = Math.floor(
      (799 * left) / (unix(new Date("2027-04-01T00:00:00Z")) - unix(new Date("2027-03-01T00:00:00Z"))),
    );
    expect(up.headers.get("location")).toContain(
      `amount=${((1499 - credit) / 100).toFixed(2)}&plan=COMMERCIAL_MONTHLY`,
    );
    const afterUpgrade = await state(id);
    expect(afterUpgrade.subs).toEqual(["active:COMMERCIAL_MONTHLY:2027-04-16T12:00:00.000Z"]);
    expect(afterUpgrade.invoices).toEqual(["paid:799", `paid:${1499 - credit}`]);

    // Stripe renews at the period end and tells us; the events arrive twice and out of order.
    const from = double.events.length;
    now = new Date("2027-04-16T12:00:00Z");
    await double.advanceTo(unix(now));
    await replay(double.events.slice(from), 1);
    const renewed = await state(id);
    expect(renewed.subs).toEqual(["active:COMMERCIAL_MONTHLY:2027-05-16T12:00:00.000Z"]);
    expect(renewed.invoices).toEqual(["paid:799", `paid:${1499 - credit}`, "paid:1499"]);
    // Everything again, in another order: nothing changes.
    await replay(double.events.slice(from), 2);
    expect(await state(id)).toEqual(renewed);
  });

  it("a failed renewal is retried on days 1, 3 and 7 through Stripe, then the plan ends everywhere", async () => {
    at("2027-05-01T00:00:00Z");
    const { jar, id } = await member();
    await pay(jar, "pm_card_visa");
    const card = await post("/profile/billing", { intent: "card", cardToken: "pm_card_chargeCustomerFail" }, jar);
    expect(notices(await card.text())).toContain("Payment method updated!");
    const from = double.events.length;
    now = new Date("2027-06-01T00:00:00Z");
    await double.advanceTo(unix(now));
    await replay(double.events.slice(from), 3);
    expect((await state(id)).subs).toEqual(["past_due:PERSONAL_MONTHLY:2027-06-01T00:00:00.000Z"]);
    for (const day of ["2027-06-02", "2027-06-04", "2027-06-08"]) {
      at(`${day}T00:00:00Z`);
      await advanceDueSubscriptions(srv.workScope("en"));
    }
    const ended = await state(id);
    expect(ended.plan).toBe("FREE");
    expect(ended.subs[0]).toMatch(/^ended:/);
    expect(ended.invoices).toEqual(["paid:799", "void:799"]);
    const ref = (
      await queryRows<{ provider_ref: string }>(
        srv.database.db,
        sql`select provider_ref from subscription where account_id = ${id}`,
      )
    )[0].provider_ref;
    const stripe = new Stripe("sk_test_double", { host: "127.0.0.1", port: double.port, protocol: "http" });
    expect((await stripe.subscriptions.retrieve(ref)).status).toBe("canceled");
  });

  it("cancels at the period end at Stripe too; a pending downgrade starts a new Stripe subscription at renewal", async () => {
    at("2027-07-01T00:00:00Z");
    const a = await member();
    await pay(a.jar, "pm_card_visa");
    await post("/profile/billing", { intent: "cancel", reason: "tooExpensive" }, a.jar);
    const b = await member();
    await pay(b.jar, "pm_card_visa", { type: "commercial" });
    await post("/pricing", { target: "PERSONAL_MONTHLY", period: "monthly" }, b.jar);
    const from = double.events.length;
    now = new Date("2027-08-01T00:00:00Z");
    await double.advanceTo(unix(now));
    await replay(double.events.slice(from), 4);
    await advanceDueSubscriptions(srv.workScope("en"));
    expect((await state(a.id)).plan).toBe("FREE");
    const sb = await state(b.id);
    expect(sb.plan).toBe("PERSONAL_MONTHLY");
    expect(sb.subs).toEqual(["active:PERSONAL_MONTHLY:2027-09-01T00:00:00.000Z"]);
    expect(sb.invoices).toEqual(["paid:1499", "paid:799"]);
  });

  it("checks at start-up that the configured prices bill what the price list says", async () => {
    const stripe = await stripeClient({ secretKey: "sk_test_double", apiUrl: `http://127.0.0.1:${double.port}` });
    const prices = {
      PERSONAL_MONTHLY: "price_personal_monthly",
      PERSONAL_YEARLY: "price_personal_yearly",
      COMMERCIAL_MONTHLY: "price_commercial_monthly",
      COMMERCIAL_YEARLY: "price_commercial_yearly",
    };
    expect(await checkStripePrices(stripe, prices)).toEqual([]);
    const swapped = await checkStripePrices(stripe, {
      ...prices,
      PERSONAL_MONTHLY: "price_commercial_yearly",
      COMMERCIAL_YEARLY: "price_nope",
    });
    expect(swapped).toEqual([
      "STRIPE_PRICE_PERSONAL_MONTHLY: 14990 usd, expected 799 usd",
      "STRIPE_PRICE_PERSONAL_MONTHLY: billed every year, expected every month",
      expect.stringMatching(/^STRIPE_PRICE_COMMERCIAL_YEARLY: /),
    ]);
  });

  it("refuses unsigned, wrongly signed and oversized webhooks", async () => {
    const event = double.events[0];
    expect((await deliver(event, "whsec_other")).status).toBe(400);
    const unsigned = await srv.request("/webhooks/stripe", { method: "POST", body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    const huge = await srv.request("/webhooks/stripe", { method: "POST", body: "x".repeat(600 * 1024) });
    expect(huge.status).toBe(413);
  });

  it("says the payment service did not answer when Stripe is down, never a 500 (runs last: it stops the double)", async () => {
    at("2027-09-10T00:00:00Z");
    const a = await member();
    await pay(a.jar, "pm_card_visa");
    const b = await member();
    await double.stop();
    doubleStopped = true;
    const message = "The payment service did not answer. Nothing was charged; try again in a moment.";
    const cancel = await post("/profile/billing", { intent: "cancel", reason: "other" }, a.jar);
    expect(cancel.status).toBe(200);
    expect(notices(await cancel.text())).toContain(message);
    expect((await state(a.id)).subs).toEqual(["active:PERSONAL_MONTHLY:2027-10-10T00:00:00.000Z"]);
    const paid = await pay(b.jar, "pm_card_visa");
    expect(paid.status).toBe(200);
    expect(notices(await paid.text())).toContain(message);
    expect((await state(b.id)).plan).toBe("FREE");
  });
});
