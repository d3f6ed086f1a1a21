import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tag, template } from "./catalog.ts";

/** A registered account. E-mail and username are unique without regard to case. */
export const account = pgTable(
  "account",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** The hashes of the two passwords before the current one (a new password may not repeat them). */
    previousPasswordHashes: text("previous_password_hashes").array().notNull().default(sql`'{}'::text[]`),
    locale: text("locale").notNull().default("en"),
    plan: text("plan").notNull().default("FREE"),
    /** member or operator (set by `npm run account -- role`); operators reach /operator after a second factor. */
    role: text("role").notNull().default("member"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** Why an operator blocked the account (the desk asks for it); null when not blocked or blocked before it was kept. */
    blockedReason: text("blocked_reason"),
    /** When the account last used a session (a log-in or a token refresh), for the operator's desk. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** The profile picture's storage key (a 256 x 256 WebP), or none. */
    avatarKey: text("avatar_key"),
    /** When the member deleted the account: the row stays, anonymised, for the invoices and history. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("account_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("account_username_lower_idx").on(sql`lower(${t.username})`),
    check("account_role_check", sql`${t.role} in ('member', 'operator')`),
  ],
);

/** A signed-in device: the hash of its current refresh token. Rotation replaces the row's successor. */
export const authSession = pgTable(
  "auth_session",
  {
    id: text("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    /** Sessions that descend from one log-in share a family; reuse of a rotated token revokes the family. */
    family: text("family").notNull(),
    /** When the log-in that started the family happened: sessions end 90 days after it, rotated or not. */
    familyStartedAt: timestamp("family_started_at", { withTimezone: true }).notNull().defaultNow(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_session_account_idx").on(t.accountId), index("auth_session_family_idx").on(t.family)],
);

/**
 * Where and how a log-in happened, shown in the member's list of sessions: one row per session family
 * (a log-in and its rotations). Only the browser's User-Agent and the client's network (an IPv4 /24 or
 * IPv6 /64, never the full address) are kept; the row goes with the family's last session.
 */
export const authSessionDevice = pgTable(
  "auth_session_device",
  {
    family: text("family").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    userAgent: text("user_agent"),
    network: text("network"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_session_device_account_idx").on(t.accountId)],
);

/** Single-use links sent by e-mail (verification, password reset); only their hash is kept. */
export const emailToken = pgTable(
  "email_token",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    /** For an e-mail change: the address the link was sent to, which becomes the account's when followed. */
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_token_account_idx").on(t.accountId, t.purpose)],
);

/** A template an account keeps among its favourites. */
export const favorite = pgTable(
  "favorite",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.templateId] }),
    index("favorite_recent_idx").on(t.accountId, t.createdAt),
  ],
);

/** Outgoing mail kept by the embedded outbox (no SMTP configured). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    kind: text("kind").notNull(),
    locale: text("locale").notNull(),
    /** Files the mail carries (an invoice PDF), base64, purged with the mail. */
    attachments: jsonb("attachments").$type<{ filename: string; contentType: string; content: string }[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_recent_idx").on(t.createdAt)],
);

/**
 * Failed log-ins per account and client (address key): after a few, each further try waits longer.
 * Keyed on both, so failures from one place never lock the account's owner out from another.
 */
export const loginBackoff = pgTable("login_backoff", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A sign-in identity at an outside provider (Google), linked to one account. */
export const accountIdentity = pgTable(
  "account_identity",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index("account_identity_account_idx").on(t.accountId)],
);

/**
 * A named collection of an account's favourites (SPEC §1 "folders"). Names are unique per account without
 * regard to case: `nameKey` is the name folded in JavaScript (the same on every server and locale).
 */
export const favoriteFolder = pgTable(
  "favorite_folder",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("favorite_folder_name_idx").on(t.accountId, t.nameKey),
    unique("favorite_folder_owner_key").on(t.id, t.accountId),
  ],
);

/**
 * A favourite kept in a collection. Both keys carry the account, so a row can only join a folder and a
 * favourite of the same account; removing the favourite takes it out of every collection.
 */
export const favoriteFolderItem = pgTable(
  "favorite_folder_item",
  {
    folderId: integer("folder_id").notNull(),
    accountId: integer("account_id").notNull(),
    templateId: integer("template_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.folderId, t.templateId] }),
    foreignKey({
      name: "favorite_folder_item_folder_fk",
      columns: [t.folderId, t.accountId],
      foreignColumns: [favoriteFolder.id, favoriteFolder.accountId],
    }).onDelete("cascade"),
    foreignKey({
      name: "favorite_folder_item_favorite_fk",
      columns: [t.accountId, t.templateId],
      foreignColumns: [favorite.accountId, favorite.templateId],
    }).onDelete("cascade"),
    index("favorite_folder_item_favorite_idx").on(t.accountId, t.templateId),
    index("favorite_folder_item_recent_idx").on(t.folderId, t.createdAt),
  ],
);

/** The categories an account is interested in (SPEC §4 interests dialog). */
export const accountInterest = pgTable(
  "account_interest",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tag.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.tagId] })],
);

/**
 * An account's TOTP second factor (RFC 6238, ADR 0020). The secret is kept encrypted (AES-256-GCM with a
 * key derived from SIGNING_SECRET, bound to the account); `enabledAt` is null while an enrolment waits for
 * its first code. `lastStep` is the time step of the last code accepted: no code of that step or an
 * earlier one is accepted again.
 */
export const accountSecondFactor = pgTable("account_second_factor", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => account.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The single-use recovery codes of a second factor: only the SHA-256 of each (80 random bits) is kept. */
export const accountRecoveryCode = pgTable(
  "account_recovery_code",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.codeHash] })],
);
