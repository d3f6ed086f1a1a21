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
