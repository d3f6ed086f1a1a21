import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { account } from "./accounts.ts";

/**
 * What operators did (DECISIONS: Operations): who, what, to what, when, and the state before and after.
 * Kept RETENTION.auditLogDays (two years). The actor's account may be gone later: its label stays.
 */
export const operatorAudit = pgTable(
  "operator_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The operator's account, or null for the command line. */
    actorId: integer("actor_id").references(() => account.id, { onDelete: "set null" }),
    /** Who it was, as shown: the operator's e-mail, or "command line (user)". */
    actorLabel: text("actor_label").notNull(),
    /** What was done: a dotted name such as account.role or secondFactor.enabled. */
    action: text("action").notNull(),
    /** What it was done to: its kind (account, template), its id and how it is shown. */
    targetKind: text("target_kind").notNull(),
    targetId: text("target_id").notNull(),
    targetLabel: text("target_label").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("operator_audit_at_idx").on(sql`${t.at} desc`, sql`${t.id} desc`),
    index("operator_audit_action_idx").on(t.action, sql`${t.at} desc`),
  ],
);

/**
 * A file an operator sent in the browser (a deck or a Keynote file), streamed to the file storage and
 * read, waiting to become part of a template version. Only its uploader may use it; unused uploads
 * are removed after RETENTION.uploadHours.
 */
export const templateUpload = pgTable(
  "template_upload",
  {
    id: text("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    /** What the deck holds (modules/slides/deck.ts), null for a Keynote file. */
    facts: jsonb("facts"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("template_upload_account_idx").on(t.accountId, t.createdAt)],
);
