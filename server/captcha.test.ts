import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#modules/shared/sql.ts";
import { captchaAnswer } from "#tests/captcha.ts";
import { httpClient, notices, visible } from "#tests/http.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * The CAPTCHA of the sign-up form through the whole server: the embedded proof of work by default
 * (challenge endpoint, single use, refusals as a message beside a form that keeps what was typed), and
 * reCAPTCHA against a loopback double of Google's siteverify when its keys are configured.
 */
const origin = "http://localhost:3000";
let srv: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  srv = await createTestServer();
});
afterAll(async () => {
  await srv?.cleanup();
});

const client = () => httpClient((p, i) => srv.request(p, i), origin);
const accounts = async (email: string) =>
  (
    await queryRows<{ n: number }>(
      srv.database.db,
      sql`select count(*)::int as n from account where lower(email) = lower(${email})`,
    )
  )[0].n;
/** The value attribute of the named input in the page (what the form shows again). */
const inputValue = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0].match(/value="([^"]*)"/)?.[1];
const fields = (email: string) => ({ name: "Marta Ruiz", email, password: "Sl1des!rock", terms: "on" });

describe("the embedded proof of work", () => {
  it("hands out signed challenges that no cache keeps, and shows the widget on the sign-up page", async () => {
    const res = await srv.request("/auth/captcha/challenge");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const challenge = await res.json();
    expect(challenge).toMatchObject({
      parameters: { algorithm: "PBKDF2/SHA-256", cost: 1000, keyPrefix: expect.any(String) },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(challenge.parameters.expiresAt * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(challenge.parameters.expiresAt * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const page = await srv.request("/es/signup");
    const html = await page.text();
    expect(visible(html)).toMatch(/<altcha-widget[^>]*challenge="\/auth\/captcha\/challenge"[^>]*name="captcha"/);
    expect(visible(html)).toMatch(/<altcha-widget[^>]*language="es"/);
    // Workers come from our own files; no outside script or frame is allowed.
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toContain("google");
  });

  it("refuses a sign-up without a solution, says why in the page's language, and keeps what was typed", async () => {
    const { post } = client();
    for (const [path, message] of [
      ["/signup", "Complete the check that you are not a robot"],
      ["/es/signup", "Completa la comprobación de que no eres un robot"],
    ]) {
      const email = `nocaptcha-${path.length}@example.com`;
      const res = await post(path, fields(email));
      expect(res.status).toBe(200);
      const html = visible(await res.text());
      expect(notices(html)).toContain(message);
      expect(inputValue(html, "name")).toBe("Marta Ruiz");
      expect(inputValue(html, "email")).toBe(email);
      expect(html).toMatch(/<input[^>]*name="terms"[^>]*checked|<input[^>]*checked[^>]*name="terms"/);
      // The password is never written back into a page.
      expect(html).not.toContain("Sl1des!rock");
      expect(await accounts(email)).toBe(0);
    }
  });

  it("refuses a tampered or replayed solution, and lets a fresh one through once", async () => {
    const { post, signUp } = client();
    const answer = await captchaAnswer((p) => srv.request(p));
    const payload = JSON.parse(Buffer.from(answer, "base64").toString("utf8"));
    payload.challenge.parameters.cost = 1;
    const tampered = Buffer.from(JSON.stringify(payload)).toString("base64");
    const bad = await post("/signup", { ...fields("tampered@example.com"), captcha: tampered });
    const badHtml = await bad.text();
    expect(notices(badHtml)).toContain("The check that you are not a robot did not pass.");
    // The answer is not written back into the page either.
    expect(badHtml).not.toContain(tampered.slice(0, 40));
    expect(await accounts("tampered@example.com")).toBe(0);

    const ok = await post("/signup", { ...fields("solved@example.com"), captcha: answer });
    expect(notices(await ok.text())).toContain("Verification link has been sent");
    expect(await accounts("solved@example.com")).toBe(1);
    const replay = await post("/signup", { ...fields("replay@example.com"), captcha: answer });
    expect(notices(await replay.text())).toContain("The check that you are not a robot did not pass.");
    expect(await accounts("replay@example.com")).toBe(0);
    // The helper every sign-up test uses solves a real challenge of the server.
    const again = await signUp("/signup", fields("replay@example.com"));
    expect(notices(await again.text())).toContain("Verification link has been sent");
  });

  it("limits how many challenges one client gets", async () => {
    const tight = await createTestServer({ rateLimits: { captcha: [2, 1] } });
    try {
      expect((await tight.request("/auth/captcha/challenge")).status).toBe(200);
      expect((await tight.request("/auth/captcha/challenge")).status).toBe(200);
      const limited = await tight.request("/auth/captcha/challenge");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.headers.get("cache-control")).toBe("no-store");
    } finally {
      await tight.cleanup();
    }
  });
});

describe("reCAPTCHA, when its keys are configured", () => {
  let google: http.Server;
  let mode: "up" | "down" = "up";
  const tokens: string[] = [];
  let recaptcha: Awaited<ReturnType<typeof createTestServer>>;

  beforeAll(async () => {
    // Google's siteverify, on loopback: "human" passes once, anything else fails; "down" answers 503.
    google = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        const form = new URLSearchParams(body);
        const token = form.get("response") ?? "";
        if (mode === "down") {
          res.writeHead(503);
          return res.end();
        }
        const first = token === "human" && !tokens.includes(token) && form.get("secret") === "test-secret-key";
        tokens.push(token);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify(
            first
              ? { success: true, hostname: "localhost" }
              : {
                  success: false,
                  "error-codes": [token === "human" ? "timeout-or-duplicate" : "invalid-input-response"],
                },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => google.listen(0, "127.0.0.1", resolve));
    recaptcha = await createTestServer({
      database: srv.database,
      env: {
        RECAPTCHA_SITE_KEY: "test-site-key",
        RECAPTCHA_SECRET_KEY: "test-secret-key",
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${(google.address() as AddressInfo).port}/recaptcha/api/siteverify`,
      },
    });
  });
  afterAll(async () => {
    await recaptcha?.close();
    google?.closeAllConnections();
    await new Promise((resolve) => google?.close(resolve));
  });

  it("replaces the proof of work: Google's script and frames are allowed, and Google's notice is shown", async () => {
    expect((await recaptcha.request("/auth/captcha/challenge")).status).toBe(404);
    const page = await recaptcha.request("/signup");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.gstatic\.com\/recaptcha\//);
    expect(csp).toMatch(
      /frame-src [^;]*https:\/\/www\.google\.com\/recaptcha\/ https:\/\/recaptcha\.google\.com\/recaptcha\//,
    );
    const html = visible(await page.text());
    expect(html).not.toContain("<altcha-widget");
    expect(html).toContain("This site is protected by reCAPTCHA and the Google");
    expect(html).toContain('href="https://policies.google.com/privacy"');
    expect(html).toContain('href="https://policies.google.com/terms"');
    const es = visible(await (await recaptcha.request("/es/signup")).text());
    expect(es).toContain("Este sitio está protegido por reCAPTCHA");
  });

  it("checks the token with Google once, and says so clearly when Google is down", async () => {
    const { post } = httpClient((p, i) => recaptcha.request(p, i), origin);
    const ok = await post("/signup", { ...fields("google-ok@example.com"), captcha: "human" });
    expect(notices(await ok.text())).toContain("Verification link has been sent");
    const replay = await post("/signup", { ...fields("google-replay@example.com"), captcha: "human" });
    expect(notices(await replay.text())).toContain("The check that you are not a robot has expired.");
    const forged = await post("/signup", { ...fields("google-forged@example.com"), captcha: "robot" });
    expect(notices(await forged.text())).toContain("The check that you are not a robot did not pass.");
    const missing = await post("/es/signup", fields("google-missing@example.com"));
    expect(notices(await missing.text())).toContain("Completa la comprobación de que no eres un robot");
    mode = "down";
    const down = await post("/signup", { ...fields("google-down@example.com"), captcha: "human-2" });
    expect(down.status).toBe(200);
    const downHtml = visible(await down.text());
    expect(notices(downHtml)).toContain("We cannot confirm that you are not a robot right now.");
    expect(inputValue(downHtml, "email")).toBe("google-down@example.com");
    mode = "up";
    expect(await accounts("google-ok@example.com")).toBe(1);
    for (const e of ["google-replay", "google-forged", "google-missing", "google-down"])
      expect(await accounts(`${e}@example.com`)).toBe(0);
  });
});
