import { createHmac } from "node:crypto";
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { CAPTCHA } from "#config/constants.ts";
import { type Env, isLoopbackUrl } from "#config/env.server.ts";
import type { Db } from "#db/client.server.ts";
import { type Clock, type Logger, systemClock } from "#modules/shared/context.ts";
import type { Result } from "#modules/shared/result.ts";
import { recordCaptchaSolution } from "./repo.ts";

/**
 * The CAPTCHA of public forms (sign-up now, contact later) as one small port with two adapters, chosen
 * at start from the configuration (ADR 0013):
 * - ALTCHA (default, no outside service): the server hands out signed proof-of-work challenges, the
 *   browser's widget solves one, the form posts the solution, and the server checks it and keeps it as
 *   used until the challenge expires, in the database, so it passes once whichever process sees it.
 * - reCAPTCHA v2 (invisible) when RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are set: the form posts
 *   Google's token and the server asks Google's siteverify about it.
 * A form reads the answer from its `CAPTCHA.field` field and calls `verify`; refusals are translation keys.
 */

/** Why an answer was refused: the translation key of the message shown beside the form. */
export type CaptchaRefusal =
  | "common.captcha.missing"
  | "common.captcha.failed"
  | "common.captcha.expired"
  | "common.captcha.unavailable";
export type CaptchaCheck = Result<null, CaptchaRefusal>;

/** What the browser needs to show the widget (sent with the page's loader data). */
export type CaptchaWidget = { kind: "altcha"; challengeUrl: string } | { kind: "recaptcha"; siteKey: string };

/** The answer a form posted (`CAPTCHA.field`), and the client's address (reCAPTCHA may use it). */
export type CaptchaAnswer = { token: unknown; remoteIp?: string };

interface CaptchaPort {
  readonly widget: CaptchaWidget;
  verify(answer: CaptchaAnswer): Promise<CaptchaCheck>;
}

export interface AltchaCaptcha extends CaptchaPort {
  readonly kind: "altcha";
  /** A new signed challenge for the widget (served by GET /auth/captcha/challenge). */
  createChallenge(): Promise<Challenge>;
}

export interface RecaptchaCaptcha extends CaptchaPort {
  readonly kind: "recaptcha";
}

export type Captcha = AltchaCaptcha | RecaptchaCaptcha;

/** Where the widget fetches its challenges. */
export const CHALLENGE_PATH = "/auth/captcha/challenge";

/** Longest answer read: a solved challenge is about 700 characters, a reCAPTCHA token about 2,000. */
const MAX_TOKEN = 8_192;

const refused = (code: CaptchaRefusal): CaptchaCheck => ({ ok: false, code });

/** A key of its own for each use of the app's secret (challenges, derived keys). */
function derive(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(`captcha\n${purpose}`).digest("hex");
}

/** The posted solution, if it has the shape the widget sends (base64 of `{ challenge, solution }`). */
function parsePayload(
  token: string,
): { challenge: Challenge; solution: { counter: number; derivedKey: string } } | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
  } catch {
    return null;
  }
  const v = value as { challenge?: Challenge; solution?: { counter?: unknown; derivedKey?: unknown } } | null;
  const p = v?.challenge?.parameters;
  if (
    !p ||
    typeof p !== "object" ||
    typeof v?.challenge?.signature !== "string" ||
    typeof p.algorithm !== "string" ||
    typeof p.nonce !== "string" ||
    typeof p.salt !== "string" ||
    typeof p.expiresAt !== "number" ||
    typeof v.solution?.counter !== "number" ||
    typeof v.solution.derivedKey !== "string"
  )
    return null;
  return v as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
}

/**
 * The embedded proof of work. Challenges are signed with keys derived from the app's secret, so every
 * process with the same SIGNING_SECRET checks every other's. `clock` dates the challenges; altcha-lib
 * checks their expiry against the real time, so the app passes the system clock.
 */
export function altchaCaptcha(deps: {
  db: Db;
  secret: string;
  clock?: Clock;
  challengeUrl?: string;
  /** PBKDF2 iterations per try and the answer's range (tests may ask for less work). */
  work?: { cost: number; counterMin: number; counterMax: number };
}): AltchaCaptcha {
  const clock = deps.clock ?? systemClock;
  const hmacSignatureSecret = derive(deps.secret, "challenge");
  const hmacKeySignatureSecret = derive(deps.secret, "key");
  const work = deps.work ?? CAPTCHA;
  const widget: CaptchaWidget = { kind: "altcha", challengeUrl: deps.challengeUrl ?? CHALLENGE_PATH };
  return {
    kind: "altcha",
    widget,
    createChallenge() {
      return createChallenge({
        algorithm: CAPTCHA.algorithm,
        cost: work.cost,
        // Deterministic mode: the answer is this counter, so the work asked is known in advance, and
        // the key's own signature makes checking a solution one HMAC.
        counter: randomInt(work.counterMax, work.counterMin),
        deriveKey,
        expiresAt: new Date(clock.now().getTime() + CAPTCHA.challengeSeconds * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },
    async verify({ token }) {
      if (typeof token !== "string" || token.trim() === "") return refused("common.captcha.missing");
      if (token.length > MAX_TOKEN) return refused("common.captcha.failed");
      const payload = parsePayload(token);
      if (!payload) return refused("common.captcha.failed");
      const { challenge, solution } = payload;
      const expiresAt = challenge.parameters.expiresAt as number;
      if (expiresAt * 1000 <= clock.now().getTime()) return refused("common.captcha.expired");
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
      } catch {
        // An algorithm the key derivation does not know, a malformed hex string: not a solution.
        return refused("common.captcha.failed");
      }
      if (result.expired) return refused("common.captcha.expired");
      if (!result.verified) return refused("common.captcha.failed");
      // Single use across processes: the first to record the signature wins; a replay finds it taken.
      const first = await recordCaptchaSolution(deps.db, challenge.signature as string, new Date(expiresAt * 1000));
      return first ? { ok: true, value: null } : refused("common.captcha.failed");
    },
  };
}

/** Google's siteverify answer (https://developers.google.com/recaptcha/docs/verify). */
type SiteVerify = { success?: unknown; hostname?: unknown; "error-codes"?: unknown };

/**
 * reCAPTCHA v2: the token is checked with Google's siteverify (with a time-out). A token for another
 * site is refused when `hostname` is given. Google unreachable, slow or refusing our secret is
 * "unavailable" (logged), never an error page.
 */
export function recaptchaCaptcha(deps: {
  siteKey: string;
  secretKey: string;
  verifyUrl: string;
  /** The host the token must have been made on; null accepts any (development on loopback). */
  hostname: string | null;
  log: Logger;
  timeoutMs?: number;
}): RecaptchaCaptcha {
  const widget: CaptchaWidget = { kind: "recaptcha", siteKey: deps.siteKey };
  return {
    kind: "recaptcha",
    widget,
    async verify({ token, remoteIp }) {
      if (typeof token !== "string" || token.trim() === "") return refused("common.captcha.missing");
      if (token.length > MAX_TOKEN) return refused("common.captcha.failed");
      const form = new URLSearchParams({ secret: deps.secretKey, response: token });
      if (remoteIp) form.set("remoteip", remoteIp);
      let answer: SiteVerify;
      try {
        const res = await fetch(deps.verifyUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: form.toString(),
          signal: AbortSignal.timeout(deps.timeoutMs ?? CAPTCHA.verifyTimeoutMs),
        });
        if (!res.ok) {
          deps.log.warn("reCAPTCHA verification unavailable", { status: res.status });
          return refused("common.captcha.unavailable");
        }
        answer = (await res.json()) as SiteVerify;
      } catch (error) {
        deps.log.warn("reCAPTCHA verification unavailable", { error });
        return refused("common.captcha.unavailable");
      }
      const codes = Array.isArray(answer?.["error-codes"]) ? (answer["error-codes"] as unknown[]).map(String) : [];
      if (answer?.success !== true) {
        // Our keys refused: the operator's problem, not the visitor's; they are told to try later.
        if (codes.some((c) => c.includes("secret") || c === "bad-request")) {
          deps.log.error("reCAPTCHA refused the server's request", { codes });
          return refused("common.captcha.unavailable");
        }
        return refused(codes.includes("timeout-or-duplicate") ? "common.captcha.expired" : "common.captcha.failed");
      }
      if (deps.hostname && answer.hostname !== deps.hostname) {
        deps.log.warn("reCAPTCHA token made on another site", { hostname: String(answer.hostname) });
        return refused("common.captcha.failed");
      }
      return { ok: true, value: null };
    },
  };
}

/** reCAPTCHA when both keys are configured, else the embedded proof of work. */
export function createCaptcha(deps: {
  env: Pick<Env, "recaptcha" | "publicUrl">;
  db: Db;
  secret: string;
  log: Logger;
}): Captcha {
  const { recaptcha, publicUrl } = deps.env;
  if (recaptcha)
    return recaptchaCaptcha({
      ...recaptcha,
      // On loopback (development) Google answers with whatever host the page was opened on.
      hostname: isLoopbackUrl(publicUrl) ? null : new URL(publicUrl).hostname,
      log: deps.log,
    });
  return altchaCaptcha({ db: deps.db, secret: deps.secret });
}
