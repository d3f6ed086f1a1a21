import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Challenge } from "altcha-lib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#modules/shared/sql.ts";
import { solveCaptcha } from "#tests/captcha.ts";
import { createTestDatabase } from "#tests/db.ts";
import { altchaCaptcha, createCaptcha, recaptchaCaptcha } from "./captcha.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const secret = "a-secret-of-the-captcha-tests";
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.cleanup();
});

/** Edits the decoded payload a solver made, and encodes it again. */
function edit(
  token: string,
  change: (p: { challenge: Challenge; solution: { counter: number; derivedKey: string } }) => void,
) {
  const payload = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
  change(payload);
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

describe("ALTCHA proof of work", () => {
  it("accepts a solved challenge once; a replay is refused, also by another process on the same database", async () => {
    const one = altchaCaptcha({ db: database.db, secret });
    const other = altchaCaptcha({ db: database.db, secret });
    const challenge = await one.createChallenge();
    expect(challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 1000 });
    // The answer is a counter between 500 and 1,500: about a million PBKDF2 iterations for the browser.
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const token = await solveCaptcha(challenge);
    expect(await one.verify({ token })).toEqual({ ok: true, value: null });
    expect(await one.verify({ token })).toEqual({ ok: false, code: "common.captcha.failed" });
    expect(await other.verify({ token })).toEqual({ ok: false, code: "common.captcha.failed" });
    // Another process checks challenges this one made (same secret), once.
    const next = await solveCaptcha(await one.createChallenge());
    expect(await other.verify({ token: next })).toEqual({ ok: true, value: null });
    expect(await one.verify({ token: next })).toEqual({ ok: false, code: "common.captcha.failed" });
  });

  it("lets exactly one of several simultaneous posts of one solution through", async () => {
    const captchas = [0, 1, 2, 3].map(() => altchaCaptcha({ db: database.db, secret }));
    const token = await solveCaptcha(await captchas[0].createChallenge());
    const results = await Promise.all(captchas.map((c) => c.verify({ token })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("refuses an expired challenge, even solved", async () => {
    const past = altchaCaptcha({
      db: database.db,
      secret,
      clock: { now: () => new Date(Date.now() - 11 * 60_000) },
    });
    const token = await solveCaptcha(await past.createChallenge());
    expect(await altchaCaptcha({ db: database.db, secret }).verify({ token })).toEqual({
      ok: false,
      code: "common.captcha.expired",
    });
    // The refusal did not use it up: the check is on the expiry, not on a replay.
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from captcha_solution where expires_at < now()`,
    );
    expect(row.n).toBe(0);
  });

  it("refuses tampered, foreign, wrong and missing solutions", async () => {
    const captcha = altchaCaptcha({ db: database.db, secret });
    const token = await solveCaptcha(await captcha.createChallenge());
    const failed = { ok: false, code: "common.captcha.failed" };
    // Easier work asked for after signing, a later expiry, another signature, a wrong answer.
    expect(
      await captcha.verify({
        token: edit(token, (p) => {
          p.challenge.parameters.cost = 1;
        }),
      }),
    ).toEqual(failed);
    expect(
      await captcha.verify({
        token: edit(token, (p) => {
          p.challenge.parameters.expiresAt = (p.challenge.parameters.expiresAt ?? 0) + 3600;
        }),
      }),
    ).toEqual(failed);
    expect(
      await captcha.verify({
        token: edit(token, (p) => {
          p.challenge.signature = "0".repeat(64);
        }),
      }),
    ).toEqual(failed);
    expect(
      await captcha.verify({
        token: edit(token, (p) => {
          p.solution.counter += 1;
          p.solution.derivedKey = "ab".repeat(32);
        }),
      }),
    ).toEqual(failed);
    expect(
      await captcha.verify({
        token: edit(token, (p) => {
          p.solution.derivedKey = "zz";
        }),
      }),
    ).toEqual(failed);
    // A challenge signed with another secret (another installation).
    const foreign = await solveCaptcha(
      await altchaCaptcha({ db: database.db, secret: "another-secret-456" }).createChallenge(),
    );
    expect(await captcha.verify({ token: foreign })).toEqual(failed);
    // The widget's own test mode, and things that are no payload at all.
    const testMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString("base64");
    for (const t of [testMode, "not base64 at all", "e30=", "x".repeat(10_000)])
      expect(await captcha.verify({ token: t })).toEqual(failed);
    for (const t of [undefined, null, "", "  ", 42]) {
      expect(await captcha.verify({ token: t })).toEqual({ ok: false, code: "common.captcha.missing" });
    }
    // None of these used the real solution up.
    expect(await captcha.verify({ token })).toEqual({ ok: true, value: null });
  });

  it("is the default; reCAPTCHA only when its keys are configured", () => {
    const base = { db: database.db, secret, log: silent };
    expect(createCaptcha({ ...base, env: { recaptcha: null, publicUrl: "https://slidenest.example" } }).widget).toEqual(
      {
        kind: "altcha",
        challengeUrl: "/auth/captcha/challenge",
      },
    );
    const recaptcha = createCaptcha({
      ...base,
      env: {
        recaptcha: { siteKey: "site-key-123", secretKey: "secret-key-123", verifyUrl: "http://127.0.0.1:9/x" },
        publicUrl: "https://slidenest.example",
      },
    });
    expect(recaptcha.widget).toEqual({ kind: "recaptcha", siteKey: "site-key-123" });
  });
});

describe("reCAPTCHA siteverify", () => {
  type Seen = { secret: string | null; response: string | null; remoteip: string | null };
  const seen: Seen[] = [];
  let server: http.Server;
  let url: string;

  /** A small siteverify double: the token says how it answers. */
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        const form = new URLSearchParams(body);
        seen.push({ secret: form.get("secret"), response: form.get("response"), remoteip: form.get("remoteip") });
        const json = (status: number, value: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(value));
        };
        if (req.method !== "POST" || form.get("secret") !== "secret-key-123")
          return json(200, { success: false, "error-codes": ["invalid-input-secret"] });
        switch (form.get("response")) {
          case "good":
            return json(200, { success: true, hostname: "slidenest.example", challenge_ts: new Date().toISOString() });
          case "elsewhere":
            return json(200, { success: true, hostname: "evil.example" });
          case "used":
            return json(200, { success: false, "error-codes": ["timeout-or-duplicate"] });
          case "down":
            return json(503, { error: "unavailable" });
          case "slow":
            return void setTimeout(() => json(200, { success: true, hostname: "slidenest.example" }), 1_500);
          default:
            return json(200, { success: false, "error-codes": ["invalid-input-response"] });
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const captcha = (over: Partial<Parameters<typeof recaptchaCaptcha>[0]> = {}) =>
    recaptchaCaptcha({
      siteKey: "site-key-123",
      secretKey: "secret-key-123",
      verifyUrl: url,
      hostname: "slidenest.example",
      log: silent,
      timeoutMs: 500,
      ...over,
    });

  it("accepts a token Google accepts for this site, sending the secret and the client's address", async () => {
    expect(await captcha().verify({ token: "good", remoteIp: "203.0.113.7" })).toEqual({ ok: true, value: null });
    expect(seen.at(-1)).toEqual({ secret: "secret-key-123", response: "good", remoteip: "203.0.113.7" });
  });

  it("refuses tokens Google refuses, used ones, ones made on another site, and missing ones", async () => {
    expect(await captcha().verify({ token: "forged" })).toEqual({ ok: false, code: "common.captcha.failed" });
    expect(await captcha().verify({ token: "used" })).toEqual({ ok: false, code: "common.captcha.expired" });
    expect(await captcha().verify({ token: "elsewhere" })).toEqual({ ok: false, code: "common.captcha.failed" });
    // On loopback (development) any host is fine.
    expect(await captcha({ hostname: null }).verify({ token: "elsewhere" })).toEqual({ ok: true, value: null });
    const before = seen.length;
    expect(await captcha().verify({ token: "" })).toEqual({ ok: false, code: "common.captcha.missing" });
    expect(await captcha().verify({ token: undefined })).toEqual({ ok: false, code: "common.captcha.missing" });
    expect(seen.length).toBe(before);
  });

  it("says the service is unavailable when Google is down, too slow, unreachable or refuses our secret", async () => {
    const unavailable = { ok: false, code: "common.captcha.unavailable" };
    expect(await captcha().verify({ token: "down" })).toEqual(unavailable);
    const started = Date.now();
    expect(await captcha().verify({ token: "slow" })).toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(await captcha({ secretKey: "wrong-secret-1" }).verify({ token: "good" })).toEqual(unavailable);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/siteverify`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await captcha({ verifyUrl: deadUrl }).verify({ token: "good" })).toEqual(unavailable);
  });
});
