import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/**
 * Solves a proof-of-work challenge the way the browser's ALTCHA widget does, and answers what the widget
 * posts in the form's `captcha` field: base64 of `{ challenge, solution }`.
 */
export async function solveCaptcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error("the CAPTCHA challenge was not solved in time");
  const { parameters, signature } = challenge;
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString("base64");
}

/**
 * A fresh challenge from a server's challenge endpoint, solved: the `captcha` field a sign-up (or any
 * form with the CAPTCHA) must post. `get` fetches a path of that server (in-process, or over HTTP).
 */
export async function captchaAnswer(
  get: (
    path: string,
  ) => Promise<{ status: number; json(): Promise<unknown> }> | { status: number; json(): Promise<unknown> },
): Promise<string> {
  const res = await get("/auth/captcha/challenge");
  if (res.status !== 200) throw new Error(`the CAPTCHA challenge endpoint answered ${res.status}`);
  return solveCaptcha((await res.json()) as Challenge);
}
