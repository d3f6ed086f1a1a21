import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { sandboxProvider } from "#modules/billing/provider.ts";
import { paymentSchema } from "#modules/billing/schemas.ts";
import { fromPaymentForm, subscribe } from "#modules/billing/service.ts";
import { listAudit } from "#modules/operator/audit.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { httpClient, type Jar, notices, visible } from "#tests/http.ts";
import { signedInMember, signedInOperator } from "#tests/members.ts";
import { paymentFields } from "#tests/payments.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * The desk's members over HTTP (issue 23): /operator/members and /operator/members/:id in both languages,
 * their forms as an operator posts them (no scripts), what members and guests get (the 404 page, nothing
 * changed), the blocked member's next request, the command line's plan rule, the audit log.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
const now = new Date("2026-11-25T12:00:05Z");
const clock = { now: () => now };
const silent = { info() {}, warn() {}, error() {} };
const en = serverT("en");
const es = serverT("es");
const http = () => httpClient((p, i) => srv.request(p, i));
let op: Awaited<ReturnType<typeof signedInOperator>>;
let op2: Awaited<ReturnType<typeof signedInOperator>>;

beforeAll(async () => {
  srv = await createTestServer({ clock });
  op = await signedInOperator(srv, clock, "desk-op-one");
  op2 = await signedInOperator(srv, clock, "desk-op-two");
});
afterAll(() => srv?.cleanup());

const text = async (res: Response) =>
  visible(await res.text())
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'");
const accountRow = async (id: number) =>
  (
    await queryRows<{ blocked_at: Date | null; blocked_reason: string | null; plan: string; deleted_at: Date | null }>(
      srv.database.db,
      sql`select blocked_at, blocked_reason, plan, deleted_at from account where id = ${id}`,
    )
  )[0];
const post = (id: number, fields: Record<string, string>, jar: Jar | undefined, lang: "en" | "es" = "en") =>
  http().post(`${lang === "es" ? "/es" : ""}/operator/members/${id}`, fields, jar);
const payer = async (username: string) => {
  const id = await createVerifiedAccount(
    { db: srv.database.db, clock },
    { email: `${username}@example.com`, username, name: "Paying Member", password: "Sl1des!rock" },
  );
  const paid = await subscribe(
    { db: srv.database.db, locale: "en", clock, log: silent, payments: sandboxProvider() },
    { accountId: id, ...fromPaymentForm(paymentSchema.parse(paymentFields())) },
  );
  if (!paid.ok) throw new Error(paid.code);
  return id;
};

describe("the desk's members, for anyone but an operator", () => {
  it("is the site's 404 for guests and members on every page, data request, PDF and form, and changes nothing", async () => {
    const member = await signedInMember(srv, clock, "deskplain");
    const target = await signedInMember(srv, clock, "desktarget");
    const invoiceOf = await payer("deskpayer404");
    const [{ number }] = await queryRows<{ number: string }>(
      srv.database.db,
      sql`select number from invoice where account_id = ${invoiceOf}`,
    );
    const paths = [
      "/operator/members",
      "/es/operator/members",
      "/operator/members?q=desk",
      `/operator/members/${target.id}`,
      `/es/operator/members/${target.id}`,
      `/operator/members.data?q=desk`,
      `/operator/members/${target.id}.data`,
      `/operator/members/${invoiceOf}/invoices/${number}/pdf`,
      `/es/operator/members/${invoiceOf}/invoices/${number}/pdf`,
    ];
    for (const path of paths)
      for (const jar of [undefined, member.jar]) {
        const res = await http().get(path, jar);
        expect(res.status, `${path} ${jar ? "member" : "guest"}`).toBe(404);
        const body = await res.text();
        expect(body).not.toContain(target.email);
        expect(body).not.toContain("%PDF");
      }
    for (const fields of [
      { intent: "block", reason: "member trying" },
      { intent: "plan", plan: "COMMERCIAL_YEARLY" },
      { intent: "signOut" },
      { intent: "delete", reason: "x", confirm: target.email },
    ] as Record<string, string>[])
      for (const jar of [undefined, member.jar]) expect((await post(target.id, fields, jar)).status).toBe(404);
    expect((await post(target.id, { intent: "block", reason: "x" }, member.jar, "es")).status).toBe(404);
    expect(await accountRow(target.id)).toMatchObject({ blocked_at: null, plan: "FREE", deleted_at: null });
    // The target is still signed in.
    expect((await http().get("/profile", target.jar)).status).toBe(200);
  });
});

describe("finding a member", () => {
  it("searches by a prefix of the e-mail, username or name, accents aside, with a GET form, in both languages", async () => {
    await createVerifiedAccount(
      { db: srv.database.db, clock },
      { email: "ines.ibanez@example.com", username: "iibanez", name: "Inés Ibáñez", password: "Sl1des!rock" },
    );
    const page = await http().get("/operator/members?q=ines", op.jar);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await page.text();
    expect(html).toMatch(/<form[^>]*method="get"[^>]*role="search"|<form[^>]*role="search"[^>]*method="get"/);
    expect(html).toContain('name="q"');
    const body = await text(new Response(html));
    expect(body).toContain("ines.ibanez@example.com");
    expect(body).toContain(en("deskMembers.search.found_one", { count: 1, query: "ines" }));
    expect(html).toContain('href="/operator/members"');
    expect(body).toContain(en("deskMembers.nav"));
    const esPage = await text(await http().get("/es/operator/members?q=IB%C3%81%C3%91", op.jar));
    expect(esPage).toContain("ines.ibanez@example.com");
    expect(esPage).toContain(es("deskMembers.search.title"));
    expect(esPage).toContain(es("deskMembers.nav"));
    const none = await text(await http().get(`/operator/members?q=${encodeURIComponent("zz%_不存在")}`, op.jar));
    expect(none).toContain(en("deskMembers.search.none"));
    const huge = await http().get(`/operator/members?q=${"a".repeat(5000)}&page=-3`, op.jar);
    expect(huge.status).toBe(200);
  });
});

describe("an account's page", () => {
  it("shows plan, subscription with the provider's ids, allowance, invoices with their PDF, in both languages; unknown ids are 404", async () => {
    const id = await payer("deskpayer");
    const res = await http().get(`/operator/members/${id}`, op.jar);
    expect(res.status).toBe(200);
    const body = await text(res);
    const [sub] = await queryRows<{ provider_ref: string | null }>(
      srv.database.db,
      sql`select provider_ref from subscription where account_id = ${id}`,
    );
    const [{ number }] = await queryRows<{ number: string }>(
      srv.database.db,
      sql`select number from invoice where account_id = ${id}`,
    );
    const [{ customer_id }] = await queryRows<{ customer_id: string }>(
      srv.database.db,
      sql`select customer_id from billing_profile where account_id = ${id}`,
    );
    expect(body).toContain("deskpayer@example.com");
    expect(body).toContain(en("account.profile.plans.PERSONAL_MONTHLY"));
    expect(body).toContain(en("deskMembers.plan.statuses.active"));
    expect(body).toContain(customer_id);
    if (sub.provider_ref) expect(body).toContain(sub.provider_ref);
    expect(body).toContain(en("deskMembers.allowance.used", { used: 0, limit: 200 }));
    expect(body).toContain(number);
    expect(body).toContain(en("deskMembers.actions.plan.paying"));
    const esBody = await text(await http().get(`/es/operator/members/${id}`, op.jar));
    expect(esBody).toContain(es("deskMembers.plan.title"));
    expect(esBody).toContain(es("deskMembers.allowance.used", { used: 0, limit: 200 }));
    const pdf = await http().get(`/operator/members/${id}/invoices/${number}/pdf`, op.jar);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe("%PDF");
    // Another account's id with this invoice's number: not found.
    expect((await http().get(`/operator/members/${op2.id}/invoices/${number}/pdf`, op.jar)).status).toBe(404);
    for (const path of ["/operator/members/2000000000", "/operator/members/abc", "/operator/members/99999999999"])
      expect((await http().get(path, op.jar)).status, path).toBe(404);
    expect((await post(2_000_000_000, { intent: "block", reason: "x" }, op.jar)).status).toBe(404);
  });

  it("refuses to set the plan of a member a subscription pays for, with the command's rule, in both languages", async () => {
    const id = await payer("deskpayer2");
    const refused = await post(id, { intent: "plan", plan: "FREE" }, op.jar);
    expect(refused.status).toBe(200);
    expect(notices(await refused.text())).toContain(en("deskMembers.errors.livePlan"));
    const esRefused = await post(id, { intent: "plan", plan: "FREE" }, op.jar, "es");
    expect(notices(await esRefused.text())).toContain(es("deskMembers.errors.livePlan"));
    expect((await accountRow(id)).plan).toBe("PERSONAL_MONTHLY");
    const free = await signedInMember(srv, clock, "deskfree");
    const set = await post(free.id, { intent: "plan", plan: "COMMERCIAL_MONTHLY" }, op.jar);
    expect(notices(await set.text())).toContain(en("deskMembers.done.plan"));
    expect((await accountRow(free.id)).plan).toBe("COMMERCIAL_MONTHLY");
    const bad = await post(free.id, { intent: "plan", plan: "GOLD" }, op.jar, "es");
    expect(await text(bad)).toContain(es("deskMembers.errors.unknownPlan"));
  });

  it("answers bad forms with a localised message, never a 500", async () => {
    const m = await signedInMember(srv, clock, "deskbad");
    const cases: [Record<string, string>, string][] = [
      [{ intent: "block" }, "deskMembers.errors.reasonRequired"],
      [{ intent: "block", reason: "   " }, "deskMembers.errors.reasonRequired"],
      [{ intent: "block", reason: "\u0000\u0007 " }, "deskMembers.errors.reasonRequired"],
      [{ intent: "resetSecondFactor", reason: "" }, "deskMembers.errors.reasonRequired"],
      [{ intent: "block", reason: "x".repeat(501) }, "deskMembers.errors.reasonTooLong"],
      [{ intent: "explode" }, "deskMembers.errors.invalid"],
      [{}, "deskMembers.errors.invalid"],
      [{ intent: "delete", reason: "asked", confirm: "" }, "deskMembers.errors.confirmRequired"],
      [{ intent: "delete", reason: "asked" }, "deskMembers.errors.confirmRequired"],
      [{ intent: "delete", reason: "asked", confirm: "someone@else.com" }, "deskMembers.errors.confirmMismatch"],
      [{ intent: "resendVerification" }, "deskMembers.errors.alreadyVerified"],
    ];
    for (const lang of ["en", "es"] as const)
      for (const [fields, key] of cases) {
        const res = await post(m.id, fields, op.jar, lang);
        expect(res.status, JSON.stringify(fields)).toBe(200);
        expect(await text(res), `${lang} ${JSON.stringify(fields)}`).toContain(serverT(lang)(key, { max: 500 }));
      }
    expect(await accountRow(m.id)).toMatchObject({ blocked_at: null, deleted_at: null });
    // An operator's own account: not blockable from the desk.
    const self = await post(op.id, { intent: "block", reason: "me" }, op.jar);
    expect(await text(self)).toContain(en("deskMembers.errors.self"));
  });
});

describe("blocking from the desk", () => {
  it("ends the member's sessions at once; their next page is the log-in page with SPEC's blocked message; unblocking lets them in", async () => {
    const m = await signedInMember(srv, clock, "deskblocked");
    const esMember = await signedInMember(srv, clock, "deskbloqueado");
    expect((await http().get("/profile", m.jar)).status).toBe(200);
    const blocked = await post(m.id, { intent: "block", reason: "Chargebacks on three cards" }, op.jar);
    expect(notices(await blocked.text())).toContain(en("deskMembers.done.block"));
    expect(await accountRow(m.id)).toMatchObject({ blocked_reason: "Chargebacks on three cards" });
    const page = await text(await http().get(`/operator/members/${m.id}`, op.jar));
    expect(page).toContain(en("deskMembers.account.blockedReason", { reason: "Chargebacks on three cards" }));
    // The next page request: to the log-in page with the message, its session cookies cleared.
    const next = m.jar.take(await http().get("/profile", m.jar));
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toBe("/login?error=blocked");
    expect([...m.jar.cookies.keys()].filter((k) => k === "apollo-token" || k === "sn_refresh")).toEqual([]);
    const login = await http().get("/login?error=blocked", m.jar);
    expect(notices(await login.text())).toContain(en("auth.errors.blocked"));
    // In Spanish, a page's data request (a client navigation) gets the router's redirect.
    await post(esMember.id, { intent: "block", reason: "Fraude" }, op.jar, "es");
    const data = esMember.jar.take(await http().get("/es/profile/favorites.data", esMember.jar));
    expect(data.status).toBe(204);
    expect(data.headers.get("x-remix-redirect")).toBe("/es/login?error=blocked");
    expect(data.headers.get("x-remix-reload-document")).toBe("true");
    expect([...esMember.jar.cookies.keys()].filter((k) => k === "apollo-token" || k === "sn_refresh")).toEqual([]);
    expect(notices(await (await http().get("/es/login?error=blocked")).text())).toContain(es("auth.errors.blocked"));
    // The log-in form says it too, and unblocking opens it again.
    const refused = await http().post("/login", { login: m.email, password: "Sl1des!rock" });
    expect(refused.status).not.toBe(302);
    expect(await text(refused)).toContain(en("auth.errors.blocked"));
    const unblocked = await post(m.id, { intent: "unblock", reason: "Cards confirmed by the bank" }, op.jar);
    expect(notices(await unblocked.text())).toContain(en("deskMembers.done.unblock"));
    expect((await http().post("/login", { login: m.email, password: "Sl1des!rock" })).status).toBe(302);
  });

  it("signs out everywhere, resets the second factor with the check in the reason, and deletes at the member's request", async () => {
    const m = await signedInMember(srv, clock, "deskactions");
    const out = await post(m.id, { intent: "signOut" }, op.jar, "es");
    expect(notices(await out.text())).toContain(es("deskMembers.done.signOut"));
    expect((await http().get("/profile", m.jar)).status).not.toBe(200);
    const reset = await post(op2.id, { intent: "resetSecondFactor", reason: "Video call; passport shown" }, op.jar);
    expect(notices(await reset.text())).toContain(en("deskMembers.done.resetSecondFactor"));
    // The operator whose factor was reset is sent to enrol again.
    const enrol = await http().get("/operator/members", op2.jar);
    expect(enrol.status).toBe(302);
    expect(enrol.headers.get("location")).toBe("/operator/enrol");
    const del = await post(
      m.id,
      { intent: "delete", reason: "Asked by e-mail today", confirm: m.email.toUpperCase() },
      op.jar,
    );
    expect(notices(await del.text())).toContain(en("deskMembers.done.delete"));
    const after = await text(await http().get(`/operator/members/${m.id}`, op.jar));
    expect(after).toContain(en("deskMembers.deletedAccount", { id: m.id }));
    expect(after).not.toContain(m.email);
    expect((await http().get(`/operator/members?q=%23${m.id}`, op.jar)).status).toBe(200);
  });
});

describe("the audit log", () => {
  it("shows another operator's entries by name, in both languages, and nothing edits them", async () => {
    const m = await signedInMember(srv, clock, "deskaudited");
    await post(m.id, { intent: "block", reason: "Audit me" }, op.jar);
    // Another operator, on the audit log (re-enrolled after the reset above, or a new one).
    const other = await signedInOperator(srv, clock, "desk-op-three");
    const page = await text(await http().get("/operator/audit?action=account.blocked", other.jar));
    expect(page).toContain(en("deskMembers.audit.account.blocked"));
    expect(page).toContain(op.email);
    expect(page).toContain("Audit me");
    const esPage = await text(await http().get("/es/operator/audit?action=account.blocked", other.jar));
    expect(esPage).toContain(es("deskMembers.audit.account.blocked"));
    const before = await listAudit({ db: srv.database.db }, { pageSize: 200 });
    const [entry] = before.entries.filter((e) => e.target.id === String(m.id));
    for (const fields of [
      { id: String(entry.id), action: "account.unblocked", after: "{}" },
      { intent: "delete", id: String(entry.id) },
      { intent: "edit", id: String(entry.id), target_label: "nobody" },
    ] as Record<string, string>[]) {
      const res = await http().post("/operator/audit", fields, other.jar);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const afterwards = await listAudit({ db: srv.database.db }, { pageSize: 200 });
    expect(afterwards.entries).toEqual(before.entries);
  });
});
