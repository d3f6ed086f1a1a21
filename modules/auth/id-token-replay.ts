import { createHash, randomBytes } from "node:crypto";
import { AUTH } from "#config/constants.ts";
import type { Scope } from "#modules/scope.ts";
import { sign, unsign } from "#modules/shared/crypto.ts";
import { deleteIdTokenUses, recordIdTokenUses } from "./repo.ts";

/**
 * Log-in with an ID token the client obtained itself (POST /auth/googleLogin) takes only tokens made for
 * one of our log-ins, once: the client first asks the server for a nonce (GET /auth/googleNonce), gives
 * it to Google, and sends the token Google made with it. The nonce is signed with the app's secret and
 * short-lived, so nothing is stored when it is handed out; when a token is accepted, its nonce and the
 * token itself are kept as used (hashes only) until they expire, in the database, so that neither passes
 * again whichever process sees it.
 */
export type IdTokenContext = Pick<Scope, "db" | "clock" | "secret">;

/** Why a token that is otherwise valid is refused: no nonce of ours, or the nonce or token was used before. */
export type IdTokenReuse = "nonce" | "replayed";

const PURPOSE = "google-nonce";
/** The longest nonce we hand out is about 90 characters; anything much longer is not ours. */
const MAX_NONCE = 256;
/** Tolerated difference between our clock and the provider's (as when checking the token), in seconds. */
const CLOCK_TOLERANCE = 30;

const hashOf = (kind: "nonce" | "token", value: string) =>
  `${kind}:${createHash("sha256").update(value).digest("base64url")}`;

/** A fresh nonce for one ID-token log-in, and when it stops being accepted. */
export function issueLoginNonce(ctx: Pick<IdTokenContext, "clock" | "secret">): { nonce: string; expiresAt: Date } {
  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + AUTH.googleNonceSeconds;
  return {
    nonce: sign(ctx.secret, PURPOSE, `${randomBytes(18).toString("base64url")}.${exp}`),
    expiresAt: new Date(exp * 1000),
  };
}

/** When a nonce we signed stops being accepted, or null when it is not ours (or altered). */
function nonceExpiry(secret: string, nonce: unknown): Date | null {
  if (typeof nonce !== "string" || nonce.length > MAX_NONCE) return null;
  const value = unsign(secret, PURPOSE, nonce);
  const exp = Number(value?.split(".")[1]);
  return value && Number.isSafeInteger(exp) ? new Date(exp * 1000) : null;
}

/**
 * The last check of an ID token whose signature and claims passed: its `nonce` claim must be a nonce we
 * handed out, unexpired and not used yet, and the token must not have been accepted before. Spends both
 * (a refused token spends nothing it did not already hold). Answers null when the token may log in.
 */
export async function spendIdToken(
  ctx: IdTokenContext,
  idToken: string,
  claims: { nonce: unknown; expiresAt: Date },
): Promise<IdTokenReuse | null> {
  const now = ctx.clock.now();
  const nonceExpires = nonceExpiry(ctx.secret, claims.nonce);
  if (!nonceExpires || nonceExpires <= now) return "nonce";
  const keep = (until: Date) => new Date(Math.max(until.getTime(), now.getTime()) + CLOCK_TOLERANCE * 1000);
  const tokenKey = hashOf("token", idToken);
  const nonceKey = hashOf("nonce", claims.nonce as string);
  return ctx.db.transaction(async (tx) => {
    // One statement for both: two requests with the same token or nonce at once, one of them wins.
    const added = await recordIdTokenUses(tx, [
      { key: tokenKey, expiresAt: keep(claims.expiresAt) },
      { key: nonceKey, expiresAt: keep(nonceExpires) },
    ]);
    const refusal: IdTokenReuse | null = !added.has(tokenKey) ? "replayed" : !added.has(nonceKey) ? "nonce" : null;
    // A refused token leaves nothing behind that it did not find there.
    if (refusal && added.size) await deleteIdTokenUses(tx, [...added]);
    return refusal;
  });
}
