import { z } from "zod/mini";

/**
 * The sign-out forms of the member's list of sessions (account settings): `end` is one session's id
 * (a family id, 32 URL-safe characters) or "others" for every session but the current one. Anything
 * else is answered like an unknown session.
 */
export const endSessionsSchema = z.object({
  intent: z.literal("sessions"),
  end: z.union([z.literal("others"), z.string().check(z.regex(/^[\w-]{16,64}$/))], {
    error: "account.sessions.errors.notFound",
  }),
});
export type EndSessionsInput = z.infer<typeof endSessionsSchema>;

/**
 * The body of POST /auth/refresh (SPEC §7): `{ "refreshToken": "…" }`, or no token (then the sn_refresh
 * cookie is the one rotated). Its length is checked where it is looked up (refreshSession).
 */
export const refreshRequestSchema = z.object({ refreshToken: z.optional(z.string()) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/**
 * The second step of a log-in (ADR 0020), from POST /auth/secondFactor or the log-in's verify page: the
 * app's six digits or a recovery code (a code that is not text is an empty one: the service asks for
 * it), and, from a REST client, the token /auth/authenticate answered (else the sn_2fa cookie's).
 */
export const secondFactorRequestSchema = z.object({
  code: z.catch(z.string(), ""),
  secondFactorToken: z.catch(z.optional(z.string()), undefined),
});
export type SecondFactorRequest = z.infer<typeof secondFactorRequestSchema>;
