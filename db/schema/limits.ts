import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { template } from "./catalog.ts";

/**
 * Token buckets of the rate limits (modules/shared/rate-limit.ts), one row per limit and client key, kept in
 * the database so that every process draws from the same budget and a restart does not refill it.
 */
export const rateLimit = pgTable(
  "rate_limit",
  {
    /** The limit's name (RATE_LIMITS key). */
    scope: text("scope").notNull(),
    /** Whose budget: a client key, an account, a login name. */
    key: text("key").notNull(),
    tokens: doublePrecision("tokens").notNull(),
    /** When the tokens were last counted, in milliseconds since the epoch. */
    atMs: bigint("at_ms", { mode: "number" }).notNull(),
    /** Whether the last take found enough tokens (read back by the same statement). */
    ok: boolean("ok").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("rate_limit_at_idx").on(t.atMs)],
);

/** Who has been counted as viewing what on a day: one view per client, template and day, whatever the process. */
export const templateViewSeen = pgTable(
  "template_view_seen",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** A hash of the client key (never the address itself). */
    client: text("client").notNull(),
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.day, t.client, t.templateId] })],
);

/**
 * Proof-of-work CAPTCHA solutions already accepted (modules/auth/captcha.ts), kept until their challenge
 * expires so that a solved challenge passes once, whichever process sees it again. Purged by the
 * retention job.
 */
export const captchaSolution = pgTable(
  "captcha_solution",
  {
    /** The challenge's HMAC signature (unique per challenge: its nonce and salt are random). */
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("captcha_solution_expires_idx").on(t.expiresAt)],
);

/**
 * What POST /auth/googleLogin has accepted (modules/auth/id-token-replay.ts): the server's nonces, each
 * good for one log-in, and the ID tokens themselves, each accepted once, kept until they expire so that
 * neither passes again whichever process sees it. Purged by the retention job.
 */
export const idTokenUse = pgTable(
  "id_token_use",
  {
    /** `nonce:` or `token:` and the SHA-256 of the value (never the token itself). */
    key: text("key").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("id_token_use_expires_idx").on(t.expiresAt)],
);
