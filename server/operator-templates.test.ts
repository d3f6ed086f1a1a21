import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRole } from "#modules/accounts/operator.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { listAudit } from "#modules/operator/audit.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { httpClient, Jar, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * The operator's templates page (issue 20): every template with its state and latest version (a failed
 * one with its reason), publish now, schedule and unpublish, each in the audit log; members and guests
 * get the site's 404 and change nothing.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
const now = new Date("2026-11-25T12:00:05Z");
const clock = { now: () => now };
const PASSWORD = "Sl1des!rock";
const http = () => httpClient((p, i) => srv.request(p, i));
let jar: Jar;
let draftId: number;
let publishedId: number;

beforeAll(async () => {
  srv = await createTestServer({ clock });
  const tax = await createTaxonomy(srv.database.db);
  publishedId = (
    await createTemplate(srv.database.db, tax, { title: "Biology Thesis Defense", titleEs: "Defensa de tesis" })
  ).id;
  draftId = (await createTemplate(srv.database.db, tax, { title: "Imported Pitch", titleEs: "Pitch importado" })).id;
  // An imported draft whose only version failed.
  await srv.database.db.execute(
    sql`update template set source = 'import', import_key = 'imported-pitch', publish_at = null, published_at = null where id = ${draftId}`,
  );
  await srv.database.db.execute(
    sql`insert into template_version (template_id, number, state, reason, detail, source_hash)
        values (${draftId}, 1, 'failed', 'slides.errors.conversionTimeout', 'soffice ran past 120 s', 'abc')`,
  );
  // An operator with the second factor on, signed in.
  await createVerifiedAccount(
    { db: srv.database.db, clock },
    { email: "ops@example.com", username: "ops", name: "Ops", password: PASSWORD },
  );
  await setRole({ db: srv.database.db, clock }, "ops", "operator", { kind: "command", label: "test" });
  jar = new Jar();
  jar.take(await http().post("/login", { login: "ops", password: PASSWORD }, jar));
  const start = await http().post(
    "/operator/enrol",
    { intent: "secondFactor", step: "start", password: PASSWORD },
    jar,
  );
  const key = /data-testid="totp-key"[^>]*>([A-Z2-7 ]+)</.exec(await start.text())?.[1] ?? "";
  const code = await generate({ secret: key.replace(/\s/g, ""), epoch: Math.floor(now.getTime() / 1000) });
  jar.take(await http().post("/operator/enrol", { intent: "secondFactor", step: "confirm", code }, jar));
});
afterAll(() => srv?.cleanup());

const state = async (id: number) =>
  (
    await queryRows<{ publish_at: Date | null; published_at: Date | null }>(
      srv.database.db,
      sql`select publish_at, published_at from template where id = ${id}`,
    )
  )[0];

describe("the operator's templates page", () => {
  it("lists templates with their state and a failed version's reason, in both languages", async () => {
    const en = await http().get("/operator/templates", jar);
    expect(en.status).toBe(200);
    const page = visible(await en.text());
    expect(page).toContain("Imported Pitch");
    expect(page).toContain("Biology Thesis Defense");
    expect(page).toContain("Version 1");
    expect(page).toContain("soffice ran past 120 s");
    expect(page).toMatch(/Draft/);
    const es = visible(await (await http().get("/es/operator/templates?state=draft", jar)).text());
    expect(es).toContain("Borrador");
    expect(es).toContain("Versión 1");
    expect(es).not.toContain("Defensa de tesis"); // published, filtered out
  });

  it("publishes, schedules and unpublishes, each written to the audit log", async () => {
    // A demo template is ready: publishing it now makes it public at once.
    await http().post("/operator/templates", { intent: "unpublish", templateId: String(publishedId) }, jar);
    expect(await state(publishedId)).toEqual({ publish_at: null, published_at: null });
    expect((await http().get("/template/biology-thesis-defense")).status).toBe(404);
    await http().post(
      "/operator/templates",
      { intent: "schedule", templateId: String(publishedId), at: "2026-12-01T09:00" },
      jar,
    );
    const scheduled = await state(publishedId);
    expect(new Date(scheduled.publish_at as Date).toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect((await http().get("/template/biology-thesis-defense")).status).toBe(404);
    await http().post("/operator/templates", { intent: "publish", templateId: String(publishedId) }, jar);
    expect(new Date((await state(publishedId)).published_at as Date).getTime()).toBe(now.getTime());
    expect((await http().get("/template/biology-thesis-defense")).status).toBe(200);
    // An imported template without a ready version waits for it, and the page says so.
    await http().post("/operator/templates", { intent: "publish", templateId: String(draftId) }, jar);
    const waiting = await state(draftId);
    expect(waiting.publish_at).not.toBeNull();
    expect(waiting.published_at).toBeNull();
    expect(visible(await (await http().get("/operator/templates?state=scheduled", jar)).text())).toContain(
      "Waiting for its version",
    );
    const log = await listAudit({ db: srv.database.db }, { action: "template.published" });
    expect(log.entries.length).toBe(3);
    expect(log.entries[0]).toMatchObject({ actor: { label: "ops@example.com" }, target: { label: "imported-pitch" } });
    expect((await listAudit({ db: srv.database.db }, { action: "template.unpublished" })).entries.length).toBe(1);
  });

  it("answers bad input with a message and changes nothing", async () => {
    const before = await state(publishedId);
    const bad: Record<string, string>[] = [
      { intent: "schedule", templateId: String(publishedId), at: "tomorrow" },
      { intent: "schedule", templateId: String(publishedId), at: "2026-02-30T10:00" },
      { intent: "schedule", templateId: String(publishedId), at: "2026-12-01T25:00" },
      { intent: "schedule", templateId: String(publishedId), at: "" },
      { intent: "publish", templateId: "abc" },
      { intent: "delete", templateId: String(publishedId) },
      { intent: "publish", templateId: "99999999" },
      { intent: "unpublish", templateId: `${publishedId}\u0000` },
    ];
    for (const fields of bad) {
      const res = await http().post("/operator/templates", fields, jar);
      expect(res.status, JSON.stringify(fields)).toBeLessThan(500);
      expect(visible(await res.text())).toMatch(/role="alert"[^>]*>[^<]+/);
    }
    expect(await state(publishedId)).toEqual(before);
  });

  it("is the 404 to members and guests, and their posts change nothing", async () => {
    const member = await signedInMember(srv, clock, "notops");
    const before = await state(publishedId);
    for (const j of [undefined, member.jar]) {
      expect((await http().get("/operator/templates", j)).status).toBe(404);
      const res = await http().post("/operator/templates", { intent: "unpublish", templateId: String(publishedId) }, j);
      expect(res.status).toBe(404);
    }
    expect(await state(publishedId)).toEqual(before);
  });
});
