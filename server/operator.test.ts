import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRole } from "#modules/accounts/operator.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { listAudit } from "#modules/operator/audit.ts";
import { purgeExpiredRecords } from "#modules/shared/retention.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { httpClient, Jar, notices, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * Operators and the second factor over HTTP (issue 20, ADR 0020): the operator area is a 404 to guests and
 * members, an operator without the factor is sent to enrol, enrolment and log-in with a code or a
 * recovery code, replayed and wrong codes, the REST second step, and the audit log.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
let now = new Date("2026-11-25T12:00:05Z");
const clock = { now: () => now };
const PASSWORD = "Sl1des!rock";
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

beforeAll(async () => {
  srv = await createTestServer({ clock });
});
afterAll(() => srv?.cleanup());

const http = () => httpClient((p, i) => srv.request(p, i));
const codeOf = (key: string) => generate({ secret: key.replace(/\s/g, ""), epoch: Math.floor(now.getTime() / 1000) });
const keyIn = (html: string) => /data-testid="totp-key"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1] ?? "";
const codesIn = (html: string) =>
  [...(/data-testid="recovery-codes"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "").matchAll(/<li>([^<]+)<\/li>/g)].map(
    (m) => m[1],
  );
const fieldErrors = (html: string) =>
  [...visible(html).matchAll(/class="field-error"[^>]*>([^<]*)</g)].map((m) => m[1].replaceAll("&#x27;", "'"));

async function operator(username: string) {
  const email = `${username}@example.com`;
  await createVerifiedAccount({ db: srv.database.db, clock }, { email, username, name: username, password: PASSWORD });
  await setRole({ db: srv.database.db, clock }, username, "operator", { kind: "command", label: "test" });
  return email;
}

/** Logs in with the form; answers the jar and where the log-in went. */
async function logIn(login: string) {
  const jar = new Jar();
  const res = jar.take(await http().post("/login", { login, password: PASSWORD }, jar));
  return { jar, res };
}

/** An operator who logs in and turns the factor on at /operator/enrol: the key and the recovery codes. */
async function enrolledOperator(username: string) {
  const email = await operator(username);
  const { jar } = await logIn(email);
  const start = await http().post(
    "/operator/enrol",
    { intent: "secondFactor", step: "start", password: PASSWORD },
    jar,
  );
  const key = keyIn(await start.text());
  const confirmed = await http().post(
    "/operator/enrol",
    { intent: "secondFactor", step: "confirm", code: await codeOf(key) },
    jar,
  );
  const codes = codesIn(await confirmed.text());
  return { email, jar, key, codes };
}

describe("the operator area", () => {
  it("is the site's ordinary 404 for guests and members, in both languages, for pages and their data", async () => {
    const member = await signedInMember(srv, clock, "plainmember");
    const notFoundPage = await http().get("/no-such-page-here/really");
    const notFoundText = notices(await notFoundPage.text());
    for (const path of ["/operator", "/es/operator", "/operator/audit", "/es/operator/audit", "/operator/enrol"]) {
      for (const jar of [undefined, member.jar]) {
        const res = await http().get(path, jar);
        expect(res.status, `${path} ${jar ? "member" : "guest"}`).toBe(404);
        const html = await res.text();
        expect(html).not.toMatch(/Operator area|Audit log|Área de operadores/);
        if (!path.startsWith("/es")) expect(notices(html)).toBe(notFoundText);
      }
    }
    const data = await http().get("/operator/audit.data?_routes=operator%2Faudit", member.jar);
    expect(data.status).toBe(404);
    expect(await data.text()).not.toContain("account.role");
    // A member's forms on the enrolment page change nothing.
    const post = await http().post(
      "/operator/enrol",
      { intent: "secondFactor", step: "start", password: PASSWORD },
      member.jar,
    );
    expect(post.status).toBe(404);
    expect(
      (await queryRows(srv.database.db, sql`select 1 from account_second_factor where account_id = ${member.id}`))
        .length,
    ).toBe(0);
  });

  it("sends an operator without the second factor to enroll; after enrolling, the area opens with the real template counts and the audit log", async () => {
    const email = await operator("op-enrol");
    const { jar } = await logIn(email);
    for (const [path, to] of [
      ["/operator", "/operator/enrol"],
      ["/operator/audit", "/operator/enrol"],
      ["/es/operator", "/es/operator/enrol"],
    ]) {
      const res = await http().get(path, jar);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(to);
    }
    const page = await http().get("/operator/enrol", jar);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const wrongPassword = await http().post(
      "/operator/enrol",
      { intent: "secondFactor", step: "start", password: "nope" },
      jar,
    );
    expect(fieldErrors(await wrongPassword.text())).toEqual(["Invalid password"]);
    const started = await http().post(
      "/operator/enrol",
      { intent: "secondFactor", step: "start", password: PASSWORD },
      jar,
    );
    const html = await started.text();
    const key = keyIn(html);
    expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    expect(html).toContain('src="data:image/svg+xml;base64,');
    const wrong = await http().post(
      "/operator/enrol",
      { intent: "secondFactor", step: "confirm", code: "12345x" },
      jar,
    );
    expect(fieldErrors(await wrong.text())[0]).toContain("That code is not right");
    const confirmed = await http().post(
      "/operator/enrol",
      { intent: "secondFactor", step: "confirm", code: await codeOf(key) },
      jar,
    );
    const codes = codesIn(await confirmed.text());
    expect(codes).toHaveLength(10);
    const home = await http().get("/operator", jar);
    expect(home.status).toBe(200);
    expect(home.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const text = visible(await home.text());
    const [counts] = await queryRows<{ published: number; draft: number }>(
      srv.database.db,
      sql`select count(*) filter (where published_at is not null and published_at <= ${now})::int as published,
                 count(*) filter (where published_at is null and publish_at is null)::int as draft from template`,
    );
    expect(text).toMatch(
      new RegExp(`data-testid="templates-published"[\\s\\S]*?>${counts.published.toLocaleString("en")}</dd>`),
    );
    expect(text).toMatch(new RegExp(`data-testid="templates-draft"[\\s\\S]*?>${counts.draft}</dd>`));
    expect(text).toContain('href="/operator/audit"');
    const es = await http().get("/es/operator", jar);
    expect(visible(await es.text())).toContain("Área de operadores");
    const audit = visible(await (await http().get("/operator/audit", jar)).text());
    expect(audit).toContain("Two-step verification turned on");
    expect(audit).toContain("Role changed");
    expect(audit).toContain("command line (test)");
    const esAudit = visible(await (await http().get("/es/operator/audit?action=account.role", jar)).text());
    expect(esAudit).toContain("Rol cambiado");
    expect(esAudit).not.toContain("Verificación en dos pasos activada</span>");
  });

  it("asks an operator with the factor for a code after the password; a replayed code, a wrong one and a used recovery code are refused", async () => {
    const { email, key, codes } = await enrolledOperator("op-login");
    later(31);
    const { jar, res } = await logIn(email);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login/verify");
    expect(jar.cookies.has("apollo-token")).toBe(false);
    expect(jar.cookies.has("sn_refresh")).toBe(false);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("sn_2fa="))).toMatch(/HttpOnly/i);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("sn_2fa="))).toMatch(/SameSite=Lax/i);
    // No session yet: the operator area is still a 404.
    expect((await http().get("/operator", jar)).status).toBe(404);
    const page = await http().get("/login/verify", jar);
    expect(visible(await page.text())).toContain("Enter the code from your authenticator app");
    for (const bad of ["", "000", "\u0000\u0000", "x".repeat(3000)]) {
      const r = await http().post("/login/verify", { code: bad }, jar);
      expect(r.status).toBe(200);
      expect(notices(await r.text())).toMatch(/Enter the code|That code is not right/);
    }
    const code = await codeOf(key);
    const ok = jar.take(await http().post("/login/verify", { code }, jar));
    expect(ok.status).toBe(302);
    expect(jar.cookies.has("apollo-token")).toBe(true);
    expect(jar.cookies.has("sn_2fa")).toBe(false);
    expect((await http().get("/operator", jar)).status).toBe(200);
    // The same code again, from another log-in within its window: refused.
    const second = await logIn(email);
    const replay = await http().post("/login/verify", { code }, second.jar);
    expect(notices(await replay.text())).toContain("That code is not right, or it was already used");
    // A recovery code works once.
    const recovered = second.jar.take(await http().post("/login/verify", { code: codes[0].toUpperCase() }, second.jar));
    expect(recovered.status).toBe(302);
    expect(second.jar.cookies.has("apollo-token")).toBe(true);
    const third = await logIn(email);
    const used = await http().post("/login/verify", { code: codes[0] }, third.jar);
    expect(notices(await used.text())).toContain("already used");
    // Spanish page, Spanish words.
    const es = await http().post(
      "/es/login/verify",
      { code: "999999" === (await codeOf(key)) ? "888888" : "999999" },
      third.jar,
    );
    expect(notices(await es.text())).toMatch(/no es correcto|Demasiados códigos/);
  });

  it("backs off wrong codes per account, whichever browser sends them, then lets the right code in", async () => {
    const { email, key } = await enrolledOperator("op-guess");
    later(31);
    const wrongCode = async () => ((await codeOf(key)) === "123456" ? "654321" : "123456");
    for (let i = 0; i < 6; i++) {
      const { jar } = await logIn(email);
      await http().post("/login/verify", { code: await wrongCode() }, jar);
    }
    const { jar } = await logIn(email);
    const limited = await http().post("/login/verify", { code: await codeOf(key) }, jar);
    expect(notices(await limited.text())).toMatch(/Too many wrong codes\. Try again in \d+ seconds?\./);
    expect(jar.cookies.has("apollo-token")).toBe(false);
    later(5);
    const ok = jar.take(await http().post("/login/verify", { code: await codeOf(key) }, jar));
    expect(ok.status).toBe(302);
  });

  it("ends the second step after five minutes: the page says to log in again", async () => {
    const { email, key } = await enrolledOperator("op-slow");
    later(31);
    const { jar } = await logIn(email);
    later(301);
    const res = await http().post("/login/verify", { code: await codeOf(key) }, jar);
    expect(notices(await res.text())).toContain("This log-in has expired");
    expect(jar.cookies.has("apollo-token")).toBe(false);
    const altered = new Jar();
    altered.cookies.set("sn_2fa", "1.99999999999.x.forged");
    expect(notices(await (await http().get("/login/verify", altered)).text())).toContain("This log-in has expired");
  });

  it("REST: /auth/authenticate asks for the second factor, /auth/secondFactor takes the code and answers the tokens", async () => {
    const { email, key, codes } = await enrolledOperator("op-rest");
    later(31);
    const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      srv.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    const first = await json("/auth/authenticate", { login: email, password: PASSWORD });
    expect(first.status).toBe(401);
    const asked = await first.json();
    expect(asked).toMatchObject({
      ok: false,
      code: "auth.errors.secondFactorRequired",
      secondFactorToken: expect.any(String),
      next: "/auth/secondFactor",
    });
    expect(asked.accessToken).toBeUndefined();
    const empty = await json("/auth/secondFactor", { secondFactorToken: asked.secondFactorToken, code: "" });
    expect(empty.status).toBe(400);
    const nul = await json("/auth/secondFactor", { secondFactorToken: asked.secondFactorToken, code: "\u0000" });
    expect(nul.status).toBe(401);
    const forged = await json("/auth/secondFactor", { secondFactorToken: "2.9999999999.x.y", code: "123456" });
    expect(await forged.json()).toMatchObject({ ok: false, code: "auth.secondFactor.errors.expired" });
    const es = await json("/auth/secondFactor", { code: "000000" }, { locale: "es" });
    expect((await es.json()).message).toContain("Vuelve a iniciar sesión");
    const done = await json("/auth/secondFactor", {
      secondFactorToken: asked.secondFactorToken,
      code: await codeOf(key),
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      ok: true,
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    const viaRecovery = await json("/auth/secondFactor", {
      secondFactorToken: asked.secondFactorToken,
      code: codes[1],
    });
    expect(await viaRecovery.json()).toMatchObject({ ok: true, recoveryCodesLeft: 9 });
    const again = await json("/auth/secondFactor", { secondFactorToken: asked.secondFactorToken, code: codes[1] });
    expect(again.status).toBe(401);
  });

  it("lets a member turn the factor on and off in the settings; then the log-in asks for a code", async () => {
    const member = await signedInMember(srv, clock, "sfmember");
    const settings = async (fields: Record<string, string>) =>
      (await http().post("/profile/settings", { intent: "secondFactor", ...fields }, member.jar)).text();
    expect(visible(await (await http().get("/profile/settings", member.jar)).text())).toContain(
      "Two-step verification",
    );
    const key = keyIn(await settings({ step: "start", password: PASSWORD }));
    expect(key).not.toBe("");
    expect(codesIn(await settings({ step: "confirm", code: await codeOf(key) }))).toHaveLength(10);
    expect(visible(await (await http().get("/profile/settings", member.jar)).text())).toContain(
      "10 recovery codes left.",
    );
    later(31);
    const { res } = await logIn(member.email);
    expect(res.headers.get("location")).toBe("/login/verify");
    expect(fieldErrors(await settings({ step: "disable", password: PASSWORD, code: "" }))).toEqual(["Enter the code."]);
    const off = await settings({ step: "disable", password: PASSWORD, code: await codeOf(key) });
    expect(notices(off)).toContain("Two-step verification is off.");
    const again = await logIn(member.email);
    expect(again.res.headers.get("location")).toBe("/");
    // Nothing of a member's goes to the operator log.
    expect((await listAudit(srv.database, {})).entries.some((e) => e.target.id === String(member.id))).toBe(false);
  });
});

describe("the audit log", () => {
  it("lists newest first in pages, filters by action, and is kept for two years", async () => {
    const db = srv.database.db;
    const recordedBefore = (await listAudit({ db }, { pageSize: 200 })).entries.length;
    for (let i = 0; i < 3; i++) {
      await setRole({ db, clock }, "op-enrol", i % 2 ? "operator" : "member", { kind: "command", label: "pager" });
      later(1);
    }
    const first = await listAudit({ db }, { pageSize: 2 });
    expect(first.entries).toHaveLength(2);
    expect(first.hasNext).toBe(true);
    expect(first.entries[0].at.getTime()).toBeGreaterThan(first.entries[1].at.getTime());
    expect(first.entries[0].changes).toEqual([{ field: "role", before: "operator", after: "member" }]);
    const roles = await listAudit({ db }, { action: "account.role", pageSize: 200 });
    expect(roles.entries.every((e) => e.action === "account.role")).toBe(true);
    expect((await listAudit({ db }, { pageSize: 200 })).entries.length).toBe(recordedBefore + 3);
    expect(await listAudit({ db }, { page: -3, action: "'; drop table x" })).toMatchObject({ page: 1 });
    await db.execute(
      sql`update operator_audit set at = ${new Date(now.getTime() - 731 * 86_400_000)} where id = ${first.entries[1].id}`,
    );
    await db.execute(
      sql`update operator_audit set at = ${new Date(now.getTime() - 729 * 86_400_000)} where id = ${first.entries[0].id}`,
    );
    expect((await purgeExpiredRecords({ db, clock })).auditLog).toBe(1);
    const ids = (await listAudit({ db }, { pageSize: 200 })).entries.map((e) => e.id);
    expect(ids).toContain(first.entries[0].id);
    expect(ids).not.toContain(first.entries[1].id);
  });
});
