import { type Captcha, CHALLENGE_PATH } from "#modules/auth/captcha.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import type { RateLimiter } from "#modules/shared/rate-limit.ts";
import { requestOf, type ServerApp } from "../context.ts";

/**
 * GET /auth/captcha/challenge: a new proof-of-work challenge for the ALTCHA widget (only while the
 * embedded CAPTCHA is in use), never cached, a limited number per client.
 */
export function mountCaptcha(app: ServerApp, deps: { captcha: Captcha; limiter: RateLimiter }) {
  const { captcha } = deps;
  if (captcha.kind !== "altcha") return;
  app.get(CHALLENGE_PATH, async (c) => {
    c.header("Cache-Control", "no-store");
    const taken = await deps.limiter.take(requestOf(c).clientKey);
    if (!taken.ok) {
      c.header("Retry-After", String(taken.retryAfter));
      const code = "common.errors.rateLimited";
      return c.json(
        { ok: false, code, message: serverT(requestOf(c).locale)(code, { seconds: taken.retryAfter }) },
        429,
      );
    }
    return c.json(await captcha.createChallenge());
  });
}
