import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimits } from "#config/constants.ts";
import { seedDemoAccounts } from "#modules/demo/seed.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { httpClient, type Jar, notices, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { paymentFields } from "#tests/payments.ts";
import { createTestServer } from "#tests/server.ts";

let srv: Awaited<ReturnType<typeof createTestServer>>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const origin = "http://localhost:3000";
const silent = { info() {}, warn() {}, error() {} };

const { post, get } = httpClient((path, init) => srv.request(path, init), origin);
/** What a visitor sees of a page. */
const page = async (path: string, jar?: Jar): Promise<string> => visible(await (await get(path, jar)).text());
const gql = async (jar: Jar | null, query: string, variables: Record<string, unknown> = {}, locale = "en") => {
  const res = await srv.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", origin, locale, ...(jar ? { cookie: jar.header } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as {
    data?: Record<string, Record<string, unknown> | null>;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
};

/** A new verified FREE account, logged in. */
const newMember = () => signedInMember(srv, clock);

const payment = paymentFields;

/** Subscribes a member through the payment page; answers the thank-you address. */
async function buy(jar: Jar, over: Record<string, string> = {}, path = "/payment/personal") {
  const res = await post(path, payment(over), jar);
  expect(res.status, notices(await res.clone().text())).toBe(302);
  return res.headers.get("location") as string;
}

beforeAll(async () => {
  srv = await createTestServer({ clock, demo: { now: new Date("2026-11-01T00:00:00Z"), count: 30 } });
  await seedDemoAccounts(srv.database, { log: silent, clock });
});
afterAll(async () => {
  await srv?.cleanup();
});

describe("pricing", () => {
  it("shows the three plans with prices in the page's locale, and the annual saving", async () => {
    const en = await page("/pricing");
    expect(en).toContain("$7.99");
    expect(en).toContain("$14.99");
    expect(en).toContain("save 16%");
    const yearly = await page("/pricing?period=yearly");
    expect(yearly).toContain("$79.90");
    expect(yearly).toContain("$149.90");
    const es = await page("/es/pricing?period=yearly");
    expect(es).toMatch(/79,90\sUS\$/);
    expect(es).toContain("ahorra un 16");
    // Guests are sent to get started; the page is cached for them.
    expect(en).toContain('href="/payment/personal?period=monthly"');
    expect((await get("/pricing")).headers.get("x-page-cache")).toBe("HIT");
  });

  it("shows each member the button their plan calls for", async () => {
    const { jar } = await newMember();
    let html = await page("/pricing", jar);
    expect(html).toMatch(/aria-label="Upgrade: Personal"/);
    expect(html).toMatch(/aria-disabled="true">Current plan/);
    await buy(jar);
    html = await page("/pricing", jar);
    expect(html).toMatch(/aria-label="Downgrade: Free"/);
    expect(html).toMatch(/aria-label="Upgrade: Commercial"/);
    html = await page("/pricing?period=yearly", jar);
    expect(html).toMatch(/aria-label="Switch: Personal"/);
    // A switch asks first, then waits for the renewal.
    const ask = await page("/pricing?period=yearly&change=PERSONAL_YEARLY", jar);
    expect(ask).toContain("Change to Personal, yearly?");
    const done = await post("/pricing", { target: "PERSONAL_YEARLY", period: "yearly" }, jar);
    expect(done.status).toBe(302);
    const after = await page(done.headers.get("location") as string, jar);
    expect(notices(after)).toContain("Done: your plan changes to Personal, yearly on December 20, 2026.");
  });
});

describe("payment", () => {
  it("sends guests to sign up first, with the way back", async () => {
    const res = await get("/payment/commercial?period=yearly");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/signup?redirect=%2Fpayment%2Fcommercial%3Fperiod%3Dyearly");
  });

  it("answers bad input with localised messages and keeps what was typed, never a 500", async () => {
    const { jar } = await newMember();
    expect(await page("/payment/personal", jar)).toContain("Demo mode: no money moves.");
    const cases: [Record<string, string>, string][] = [
      [{ zip: "ABC" }, "Invalid zip"],
      [{ country: "US", zip: "2801" }, "Invalid zip"],
      [{ country: "XX" }, "Choose a country from the list."],
      [{ billingName: "" }, "Field is required"],
      [{ billingEmail: "nope" }, "Invalid email format"],
      [{ cardNumber: "4242 4242 4242 4241" }, "Check the card number."],
      [{ cardNumber: "x".repeat(10_000) }, "Check the card number."],
      [{ cardExpiry: "13/30" }, "Enter the expiry as MM/YY."],
      [{ cardCvc: "12" }, "The CVC is the 3 or 4 digits on the card."],
      [{ type: "gold" }, "Choose a plan and a billing period."],
      [{ attempt: "\u0000" }, "This form has expired."],
      [{ address: "a".repeat(10_000) }, "This address is too long: at most 200 characters."],
    ];
    for (const [over, message] of cases) {
      const res = await post("/payment/personal", payment(over), jar);
      expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(200);
      const html = await res.text();
      expect(notices(html), JSON.stringify(over).slice(0, 80)).toContain(message);
    }
    // Unicode and emoji are taken as typed; what was accepted comes back in the form.
    const res = await post(
      "/payment/personal",
      payment({ billingName: "Zoë 😀 Ñúñez", cardNumber: "4000000000000002" }),
      jar,
    );
    const html = await res.text();
    expect(notices(html)).toContain("Try again");
    expect(notices(html)).toContain("Your card was declined.");
    expect(visible(html)).toContain("Zoë 😀 Ñúñez");
    expect(html).not.toContain("4000000000000002");
    const es = await post("/es/payment/personal", payment({ zip: "ABC" }), jar);
    expect(notices(await es.text())).toContain("Código postal no válido");
  });

  it("subscribes, says thank you for the viewer's own payment only, and never charges twice", async () => {
    const { jar, id } = await newMember();
    const fields = payment();
    const first = await post("/payment/personal", fields, jar);
    expect(first.status).toBe(302);
    const location = first.headers.get("location") as string;
    expect(location).toMatch(/^\/thank-you\?amount=7\.99&plan=PERSONAL_MONTHLY&transactionId=txn_/);
    // A reload or double click: the same attempt answers the same payment.
    const again = await post("/payment/personal", fields, jar);
    expect(again.headers.get("location")).toBe(location);
    const [{ n }] = await queryRows<{ n: number }>(
      srv.database.db,
      sql`select count(*)::int as n from payment where account_id = ${id} and status = 'succeeded'`,
    );
    expect(n).toBe(1);
    const thanks = await get(location, jar);
    expect(thanks.status).toBe(200);
    const html = visible(await thanks.text());
    expect(html).toMatch(/<h1[^>]*>Subscribed!<\/h1>/);
    expect(html).toContain("$7.99");
    // The header counter follows the plan at once.
    expect(html).toContain("0/200");
    // Someone else's transaction, a made-up one, or none: home.
    const stranger = await newMember();
    for (const path of [
      location,
      "/thank-you?transactionId=txn_nonexistent123",
      "/thank-you",
      "/es/thank-you?transactionId=%00",
    ]) {
      const res = await get(path, stranger.jar);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/(es)?$/);
    }
    expect((await get(location)).status).toBe(302);
  });

  it("refuses a payment from another site", async () => {
    const { jar } = await newMember();
    const res = await post("/payment/personal", payment(), jar, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });

  it("upgrades with the card on file, showing the credit for the unused period", async () => {
    now = new Date("2026-11-01T00:00:00Z");
    const { jar } = await newMember();
    await buy(jar);
    now = new Date("2026-11-16T00:00:00Z");
    const html = await page("/payment/commercial", jar);
    expect(html).toContain("Upgrade to Commercial, monthly");
    expect(html).toContain("Credit for unused Personal, monthly");
    expect(html).toContain("$11.00");
    expect(html).toContain("Paid with Visa ending in 4242");
    const res = await post(
      "/payment/commercial",
      { intent: "upgrade", type: "commercial", period: "monthly", attempt: "upgrade-attempt-xyz" },
      jar,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("amount=11.00&plan=COMMERCIAL_MONTHLY");
    now = new Date("2026-11-20T10:00:00Z");
  });

  it("uses another card for an upgrade without leaving it: the card saved, back to the same checkout", async () => {
    const { jar } = await newMember();
    await buy(jar);
    const checkout = "/payment/commercial?period=yearly";
    const html = await (await get(checkout, jar)).text();
    const link = /href="(\/profile\/billing\?return=[^"#]+)#card-h"/.exec(html)?.[1].replaceAll("&amp;", "&");
    expect(link).toBe(`/profile/billing?return=${encodeURIComponent(checkout)}`);
    const billing = await page(link as string, jar);
    expect(billing).toContain("you will go back to your upgrade afterwards");
    const saved = await post(
      link as string,
      {
        intent: "card",
        return: checkout,
        cardNumber: "4242 4242 4242 4242",
        cardExpiry: payment().cardExpiry,
        cardCvc: "123",
      },
      jar,
    );
    expect(saved.status, notices(await saved.clone().text())).toBe(302);
    expect(saved.headers.get("location")).toBe(`${checkout}&card=updated`);
    const back = await page(saved.headers.get("location") as string, jar);
    expect(back).toContain("Your new card is saved. Check the amount and pay with it.");
    expect(back).toContain("Upgrade to Commercial, yearly");
    // Only this site's checkout is a way back: anywhere else, the card is saved and the page stays.
    for (const elsewhere of ["https://evil.example/payment", "//evil.example/payment", "/profile/settings"]) {
      const res = await post(
        "/profile/billing",
        {
          intent: "card",
          return: elsewhere,
          cardNumber: "4242 4242 4242 4242",
          cardExpiry: payment().cardExpiry,
          cardCvc: "123",
        },
        jar,
      );
      expect(res.status, elsewhere).toBe(200);
      expect(visible(await res.text())).toContain("Payment method updated!");
    }
  });
});

describe("billing, payments and invoices pages", () => {
  it("cancels through the reason and the losses, then renews", async () => {
    const { jar } = await newMember();
    await buy(jar);
    let html = await page("/profile/billing", jar);
    expect(html).toContain("Visa ending in 4242");
    expect(html).toContain("$7.99 on December 20, 2026");
    html = await page("/profile/billing?cancel=reason", jar);
    expect(html).toContain("Why are you canceling?");
    html = await page("/profile/billing?cancel=lose&reason=tooExpensive", jar);
    expect(html).toContain("On December 20, 2026 your account becomes Free, and you lose:");
    expect(html).toContain("200 downloads a month");
    const bad = await post("/profile/billing", { intent: "cancel", reason: "<script>" }, jar);
    expect(bad.status).toBe(302);
    expect(bad.headers.get("location")).toBe("/profile/billing?cancel=reason");
    const res = await post("/profile/billing", { intent: "cancel", reason: "tooExpensive" }, jar);
    expect(res.headers.get("location")).toBe("/profile/billing?cancelled=1");
    html = await page("/profile/billing?cancelled=1", jar);
    expect(notices(html)).toContain("Your subscription is canceled. You keep your plan until December 20, 2026.");
    expect(html).toContain("Canceled: your Personal, monthly plan stays until December 20, 2026");
    const renew = await post("/profile/billing", { intent: "renew" }, jar);
    expect(notices(await renew.text())).toContain("Subscription renewed!");
    const es = await post("/es/profile/billing", { intent: "renew" }, jar);
    expect(notices(await es.text())).toContain("Tu suscripción no está cancelada.");
  });

  it("updates the card, and refuses a declined one with 'Try again'", async () => {
    const { jar } = await newMember();
    await buy(jar);
    const ok = await post(
      "/profile/billing",
      { intent: "card", cardNumber: "4242424242424242", cardExpiry: "01/31", cardCvc: "999" },
      jar,
    );
    expect(notices(await ok.text())).toContain("Payment method updated!");
    const no = await post(
      "/profile/billing",
      { intent: "card", cardNumber: "4000000000000002", cardExpiry: "01/31", cardCvc: "999" },
      jar,
    );
    expect(notices(await no.text())).toContain("Try again");
    const nul = await post(
      "/profile/billing",
      { intent: "card", cardNumber: "\u0000", cardExpiry: "\u0000", cardCvc: "" },
      jar,
    );
    expect(nul.status).toBe(200);
  });

  it("lists payments and invoices, and serves an invoice PDF to its owner only", async () => {
    const { jar } = await newMember();
    await buy(jar);
    const payments = await page("/profile/payments", jar);
    expect(payments).toContain("Subscription · Personal, monthly");
    const invoices = await page("/es/profile/invoices", jar);
    const number = /SN-2026-\d{6}/.exec(invoices)?.[0] as string;
    expect(number).toBeTruthy();
    expect(invoices).toContain("Pagada");
    const pdf = await get(`/profile/invoices/${number}/pdf`, jar);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    const text = spawnSync("pdftotext", ["-", "-"], { input: Buffer.from(await pdf.arrayBuffer()) }).stdout.toString();
    expect(text).toContain(number);
    expect(text).toContain("Ana Garc");
    expect(text).toContain("$7.99");
    const stranger = await newMember();
    expect((await get(`/profile/invoices/${number}/pdf`, stranger.jar)).status).toBe(404);
    expect((await get(`/profile/invoices/${number}/pdf`)).status).toBe(404);
    expect((await get("/profile/invoices/..%2F..%2Fetc/pdf", jar)).status).toBe(404);
    const other = await page("/profile/invoices", stranger.jar);
    expect(other).not.toContain(number);
    expect(other).toContain("No invoices yet");
  });

  it("shows the house ad to Free accounts and not to members who pay", async () => {
    const [t] = await queryRows<{ slug: string }>(
      srv.database.db,
      sql`select tr.slug from template t join template_translation tr on tr.template_id = t.id and tr.locale = 'en' order by t.id limit 1`,
    );
    const free = await newMember();
    expect(await page(`/template/${t.slug}`, free.jar)).toContain('aria-label="Advertisement"');
    await buy(free.jar);
    expect(await page(`/template/${t.slug}`, free.jar)).not.toContain('aria-label="Advertisement"');
  });
});

describe("GraphQL billing", () => {
  const ME = `query { me { plan customerId priceId paymentMethodId paymentMethod { brand last4 } subscription { planType period status amount nextBillDate cancelAtPeriodEnd newPlanName brand last4 } invoices { number status price } payments { status amount } } }`;

  it("reads the viewer's own subscription, and changes it with coded results", async () => {
    const { jar } = await newMember();
    expect((await gql(jar, ME)).data?.me).toMatchObject({ plan: "FREE", subscription: null, invoices: [] });
    const input = { ...payment(), zip: "99999" };
    const bad = await gql(
      jar,
      "mutation($input: SubscribeInput!) { subscribe(input: $input) { ok code field message } }",
      { input },
    );
    expect(bad.data?.subscribe).toEqual({
      ok: false,
      code: "billing.errors.zip",
      field: "zip",
      message: "Invalid zip",
    });
    const paid = await gql(
      jar,
      "mutation($input: SubscribeInput!) { subscribe(input: $input) { ok transactionId amount plan } }",
      {
        input: payment(),
      },
    );
    expect(paid.data?.subscribe).toMatchObject({ ok: true, amount: 799, plan: "PERSONAL_MONTHLY" });
    const me = (await gql(jar, ME)).data?.me as Record<string, unknown>;
    expect(me).toMatchObject({
      plan: "PERSONAL_MONTHLY",
      priceId: "PERSONAL_MONTHLY",
      paymentMethod: { brand: "Visa", last4: "4242" },
      subscription: { planType: "premium", period: "monthly", status: "active", amount: 799, cancelAtPeriodEnd: false },
      payments: [{ status: "succeeded", amount: 799 }],
    });
    expect(me.customerId).toMatch(/^cus_sandbox_/);
    // The provider's id of the card on file (SPEC §3 Me.paymentMethodId), as the sandbox named it.
    expect(me.paymentMethodId).toMatch(/^pm_sandbox_/);
    const cancel = await gql(jar, 'mutation { cancelSubscription(reason: "other") { ok } }');
    expect(cancel.data?.cancelSubscription).toEqual({ ok: true });
    const renewed = await gql(jar, "mutation { renewSubscription { ok message } }", {}, "es");
    expect(renewed.data?.renewSubscription).toEqual({ ok: true, message: "¡Suscripción renovada!" });
    const down = await gql(jar, 'mutation { changePlan(plan: "PERSONAL_YEARLY") { ok plan } }');
    expect(down.data?.changePlan).toEqual({ ok: true, plan: "PERSONAL_YEARLY" });
    expect((await gql(jar, ME)).data?.me).toMatchObject({ subscription: { newPlanName: "PERSONAL_YEARLY" } });
    const up = await gql(
      jar,
      'mutation { changePlan(plan: "COMMERCIAL_MONTHLY", attempt: "gql-upgrade-1") { ok plan } }',
    );
    expect(up.data?.changePlan).toMatchObject({ ok: true, plan: "COMMERCIAL_MONTHLY" });
    const nonsense = await gql(jar, 'mutation { changePlan(plan: "GOLD") { ok code } }');
    expect(nonsense.data?.changePlan).toEqual({ ok: false, code: "billing.errors.plan" });
  });

  it("counts every billing mutation, aliases too, against the caller's payment budget", async () => {
    const limited = await createTestServer({
      clock,
      database: srv.database,
      dataDir: srv.dataDir,
      secret: srv.secret,
      rateLimits: {
        ...Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, [1000, 1000]])),
        payments: [2, 1],
      } as RateLimits,
    });
    try {
      const { jar } = await newMember();
      const res = await limited.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie: jar.header },
        body: JSON.stringify({
          query: `mutation { a: changePlan(plan: "PERSONAL_YEARLY") { code } b: changePlan(plan: "PERSONAL_YEARLY") { code }
                   c: changePlan(plan: "PERSONAL_YEARLY") { code message } }`,
        }),
      });
      const body = (await res.json()) as { data: Record<string, { code: string; message?: string }> };
      expect(body.data.a.code).toBe("billing.errors.noSubscription");
      expect(body.data.c.code).toBe("billing.errors.rateLimited");
      expect(body.data.c.message).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/);
    } finally {
      await limited.close();
    }
  });

  it("refuses guests", async () => {
    const res = await gql(null, 'mutation { cancelSubscription(reason: "other") { ok } }');
    expect(res.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await gql(null, "query { me { plan } }")).data?.me).toBeNull();
  });
});
