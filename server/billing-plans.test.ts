import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING, BRAND } from "#config/constants.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { httpClient, type Jar, notices, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { paymentFields } from "#tests/payments.ts";
import { createMailingTestServer } from "#tests/server.ts";

/**
 * Issue 22 through the real app: one name per plan, drawbacks and losses not ticked, the recommended
 * plan's primary button, the cancel reason asked in the page's language (no browser bubble) with words for
 * "Something else" kept with the cancellation, the recent invoices on the billing page, and priority
 * support that means something (the contact page says what; support gets a paid member's message marked).
 */
let mailing: Awaited<ReturnType<typeof createMailingTestServer>>;
let srv: Awaited<ReturnType<typeof createMailingTestServer>>["srv"];
const clock: Clock = { now: () => new Date() };

beforeAll(async () => {
  mailing = await createMailingTestServer();
  srv = mailing.srv;
});
afterAll(async () => {
  await mailing?.cleanup();
});

const http = () => httpClient((p, i) => srv.request(p, i));
const page = async (path: string, jar?: Jar) => {
  const res = await http().get(path, jar);
  expect(res.status, path).toBe(200);
  return visible(await res.text());
};
/** A new member on the Personal monthly plan, bought through the payment page. */
async function paidMember(prefix = "plans") {
  const member = await signedInMember(srv, clock, prefix);
  const res = await http().post("/payment/personal", paymentFields(), member.jar);
  expect(res.status, notices(await res.clone().text())).toBe(302);
  return member;
}
const subscriptionOf = async (accountId: number) =>
  (
    await queryRows<{ cancel_at_period_end: boolean; cancel_reason: string | null; cancel_note: string | null }>(
      srv.database.db,
      sql`select cancel_at_period_end, cancel_reason, cancel_note from subscription where account_id = ${accountId} order by id desc limit 1`,
    )
  )[0];
/** The list items of a plan's card on the pricing page. */
const planItems = (html: string, tier: string) => {
  const card = new RegExp(`data-testid="plan-${tier}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
  return [...card.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1]);
};

describe("plan names", () => {
  it("calls each plan by one name on pricing, payment and billing, in both languages", async () => {
    const { jar } = await signedInMember(srv, clock, "names");
    for (const [prefix, personal, commercial, free] of [
      ["", "Personal", "Commercial", "Free"],
      ["/es", "Personal", "Comercial", "Gratis"],
    ] as const) {
      const pages = [
        await page(`${prefix}/pricing`, jar),
        await page(`${prefix}/payment/personal`, jar),
        await page(`${prefix}/profile/billing`, jar),
      ];
      for (const html of pages) {
        expect(html).not.toMatch(/Premium \(Personal\)|Gratuito/);
      }
      // The payment page's plan picker says the names the pricing page says.
      const picker = [...pages[1].matchAll(/<input[^>]*name="type"[^>]*>\s*<span[^>]*>([^<]+)<\/span>/g)].map(
        (m) => m[1],
      );
      expect(picker).toEqual([personal, commercial]);
      expect(pages[0]).toContain(`>${personal}</h2>`);
      expect(pages[0]).toContain(`>${commercial}</h2>`);
      expect(pages[0]).toContain(`>${free}</h2>`);
      expect(pages[2]).toMatch(new RegExp(`data-testid="billing-plan"[^>]*>${free}<`));
    }
  });
});

describe("pricing", () => {
  it("marks the Free plan's drawbacks with a minus and says so, and gives the recommended plan the primary button", async () => {
    for (const [prefix, ads, attribution, limitation] of [
      ["", "Ads shown", "Attribution to SlideNest on the last slide", "Limitation:"],
      ["/es", "Con anuncios", "Atribución a SlideNest en la última diapositiva", "Limitación:"],
    ] as const) {
      const html = await page(`${prefix}/pricing`);
      const free = planItems(html, "free");
      for (const drawback of [ads, attribution]) {
        const item = free.find((li) => li.includes(drawback));
        expect(item, drawback).toBeDefined();
        expect(item).toContain('data-mark="drawback"');
        expect(item).not.toContain('data-mark="benefit"');
        expect(item).toContain(`<span class="sr-only">${limitation} </span>`);
      }
      // Benefits keep their tick; no paid plan lists a drawback.
      expect(free.filter((li) => li.includes('data-mark="benefit"'))).toHaveLength(3);
      for (const tier of ["personal", "commercial"])
        expect(planItems(html, tier).some((li) => li.includes('data-mark="drawback"'))).toBe(false);
      // The recommended plan's button is the primary one, the others secondary (a guest: all "Get started").
      const button = (tier: string) =>
        new RegExp(`data-testid="plan-${tier}"[\\s\\S]*?<a [^>]*class="(btn-\\w+)`).exec(html)?.[1];
      expect([button("free"), button("personal"), button("commercial")]).toEqual([
        "btn-secondary",
        "btn-primary",
        "btn-secondary",
      ]);
    }
  });

  it("draws the selected annual toggle's saving chip in brand ink on white (no translucent white on the brand color)", async () => {
    const html = await page("/pricing?period=yearly");
    const chip = /<span class="([^"]*)">save 16%<\/span>/.exec(html)?.[1] ?? "";
    expect(chip).toContain("bg-white");
    expect(chip).toContain("text-brand-700");
    expect(chip).not.toMatch(/bg-white\//);
  });
});

describe("cancelling", () => {
  it("asks for a reason with our message in the page's language, inside the dialog, without relying on `required`", async () => {
    const { jar } = await paidMember();
    for (const [prefix, message] of [
      ["", "Choose a reason."],
      ["/es", "Elige un motivo."],
    ] as const) {
      // What a browser without scripts sends when "Continue" is pressed with nothing chosen.
      const html = await page(`${prefix}/profile/billing?cancel=lose`, jar);
      const dialog = /<dialog[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? "";
      expect(dialog).toContain(message);
      expect(dialog).toMatch(/role="radiogroup"[^>]*aria-required="true"/);
      expect(dialog).toMatch(/aria-invalid="true"/);
      expect(dialog).toMatch(/<form[^>]*noValidate|<form[^>]*novalidate/);
      expect(dialog).not.toMatch(/<input[^>]*type="radio"[^>]*required/);
      expect(notices(dialog)).toContain(message);
    }
  });

  it("keeps the words given for 'Something else' with the cancellation, and only for it", async () => {
    const member = await paidMember();
    // The reason step shows the field for the words once "Something else" is chosen (again after a refusal).
    let html = await page("/profile/billing?cancel=reason&reason=other", member.jar);
    expect(html).toMatch(/<label[^>]*for="cancel-note"[^>]*>Tell us more \(optional\)<\/label>/);
    expect(html).toMatch(new RegExp(`<textarea[^>]*maxLength="${BILLING.cancelNoteMax}"`));
    html = await page("/profile/billing?cancel=lose&reason=other&note=Moving%20to%20another%20tool", member.jar);
    expect(html).toMatch(/<input type="hidden" name="note" value="Moving to another tool"\/>/);

    // Words over the limit come back to the reason step, said in the page's language.
    const long = "x".repeat(BILLING.cancelNoteMax + 1);
    const refused = await http().post(
      "/es/profile/billing",
      { intent: "cancel", reason: "other", note: long },
      member.jar,
    );
    expect(refused.status).toBe(302);
    const back = refused.headers.get("location") ?? "";
    expect(back).toMatch(/^\/es\/profile\/billing\?cancel=lose&reason=other&note=x+$/);
    html = await page(back, member.jar);
    expect(html).toContain(`Usa como máximo ${BILLING.cancelNoteMax} caracteres.`);
    expect((await subscriptionOf(member.id)).cancel_at_period_end).toBe(false);

    const res = await http().post(
      "/profile/billing",
      { intent: "cancel", reason: "other", note: "  Moving to another tool  " },
      member.jar,
    );
    expect(res.headers.get("location")).toBe("/profile/billing?cancelled=1");
    expect(await subscriptionOf(member.id)).toEqual({
      cancel_at_period_end: true,
      cancel_reason: "other",
      cancel_note: "Moving to another tool",
    });
    // Renewing forgets the reason and the words.
    await http().post("/profile/billing", { intent: "renew" }, member.jar);
    expect(await subscriptionOf(member.id)).toEqual({
      cancel_at_period_end: false,
      cancel_reason: null,
      cancel_note: null,
    });
    // Words sent with another reason are not kept.
    await http().post("/profile/billing", { intent: "cancel", reason: "tooExpensive", note: "ignored" }, member.jar);
    expect(await subscriptionOf(member.id)).toMatchObject({ cancel_reason: "tooExpensive", cancel_note: null });
  });

  it("lists what is lost with a loss mark, not a tick", async () => {
    const { jar } = await paidMember();
    const html = await page("/profile/billing?cancel=lose&reason=tooExpensive", jar);
    const losses = /data-testid="cancel-losses"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
    const items = [...losses.matchAll(/<li\b[\s\S]*?<\/li>/g)].map((m) => m[0]);
    expect(items.length).toBeGreaterThan(3);
    for (const li of items) expect(li).toContain('data-mark="loss"');
    expect(losses).not.toContain("#check");
  });
});

describe("the billing page's invoices", () => {
  it("shows the newest invoices with their PDF and a link to all; none yet says so", async () => {
    const free = await signedInMember(srv, clock, "noinvoices");
    let html = await page("/profile/billing", free.jar);
    expect(html).toContain(">Recent invoices</h2>");
    expect(html).toContain("No invoices yet");
    const member = await paidMember();
    for (const [prefix, heading, all] of [
      ["", "Recent invoices", "See your invoice"],
      ["/es", "Facturas recientes", "Ver tu factura"],
    ] as const) {
      html = await page(`${prefix}/profile/billing`, member.jar);
      const section = /data-testid="recent-invoices"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
      expect(section).toContain(`>${heading}</h2>`);
      const pdfs = [...section.matchAll(/href="((?:\/es)?\/profile\/invoices\/(SN-\d{4}-\d{6})\/pdf)"/g)];
      expect(pdfs).toHaveLength(1);
      expect(section).toContain(`href="${prefix}/profile/invoices"`);
      expect(section).toContain(all);
      const pdf = await http().get(pdfs[0][1], member.jar);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toContain("application/pdf");
    }
  });

  it("keeps each list's rows as cards on a phone: the invoices' PDF action and the payments' invoice link are in every row", async () => {
    const member = await paidMember();
    const invoices = await page("/profile/invoices", member.jar);
    expect(invoices).toMatch(/<table class="[^"]*max-sm:block/);
    expect(invoices).not.toMatch(/style="min-width/);
    const payments = await page("/profile/payments", member.jar);
    expect(payments).toMatch(/href="\/profile\/invoices\/SN-\d{4}-\d{6}\/pdf"/);
  });
});

describe("priority support", () => {
  it("is explained on the contact page, and a paid member's message reaches support marked as priority", async () => {
    expect(await page("/contact-us")).toContain(
      "Members on a Personal or Commercial plan have priority support: their messages reach us marked as priority and are answered first, within one working day.",
    );
    expect(await page("/es/contact-us")).toContain("soporte prioritario");
    const html = await page("/pricing");
    expect(html).not.toContain("24/7");
    expect(html).toContain("Priority support: answers within one working day");

    const send = async (jar: Jar, email: string) => {
      const before = mailing.smtp.to(BRAND.supportEmail).length;
      const res = await http().signUp(
        "/contact-us",
        { firstName: "Ana", lastName: "Ruiz", email, message: "Where is my invoice?" },
        jar,
      );
      const said = notices(visible(await res.text())).replaceAll("&#x27;", "'");
      const mails = mailing.smtp.to(BRAND.supportEmail);
      expect(mails).toHaveLength(before + 1);
      return { said, mail: mails.at(-1)! };
    };
    const paid = await paidMember("prio");
    const first = await send(paid.jar, paid.email);
    expect(first.mail.raw).toMatch(/^Subject: Priority: Contact form: Ana Ruiz\r?$/m);
    expect(first.mail.body).toContain("PRIORITY SUPPORT: the sender is on a paid plan. Answer within one working day.");
    expect(first.said).toContain("it reached us marked as priority: we answer within one working day.");

    const free = await signedInMember(srv, clock, "noprio");
    const second = await send(free.jar, free.email);
    expect(second.mail.raw).toMatch(/^Subject: Contact form: Ana Ruiz\r?$/m);
    expect(second.said).toContain("We answer within two working days.");
  });
});
