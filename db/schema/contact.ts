import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { account } from "./accounts.ts";

/**
 * A message sent through the contact form. Kept whether or not the mail to support went out
 * (`status`: received, sent, failed), so nothing a person typed is lost; `digest` lets the same
 * message sent again be recognised instead of stored twice.
 */
export const contactMessage = pgTable(
  "contact_message",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    locale: text("locale").notNull(),
    accountId: integer("account_id").references(() => account.id, { onDelete: "set null" }),
    status: text("status").notNull().default("received"),
    attempts: integer("attempts").notNull().default(0),
    digest: text("digest").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Where the message stands on the operator's desk: open, answered (a reply went out) or closed. */
    deskState: text("desk_state").notNull().default("open"),
    /** The sender's paid plan when they wrote (PERSONAL, COMMERCIAL), or null: paid plans' messages come first. */
    paidPlan: text("paid_plan"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_message_email_idx").on(t.email, t.createdAt),
    index("contact_message_digest_idx").on(t.digest),
    index("contact_message_desk_idx").on(t.deskState, sql`(${t.paidPlan} is not null) desc`, sql`${t.createdAt} desc`),
    check("contact_message_desk_state_check", sql`${t.deskState} in ('open', 'answered', 'closed')`),
  ],
);

/**
 * An operator's reply to a contact message, kept on the message as its thread: a draft until it is
 * sent, then sent or failed (the draft's words stay either way, so a failed send loses nothing).
 * Goes with its message (the same retention).
 */
export const contactReply = pgTable(
  "contact_reply",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => contactMessage.id, { onDelete: "cascade" }),
    /** The operator who wrote it; their label stays when the account is gone. */
    authorId: integer("author_id").references(() => account.id, { onDelete: "set null" }),
    authorLabel: text("author_label").notNull(),
    body: text("body").notNull(),
    /** The language the reply was sent in (the sender's). */
    locale: text("locale").notNull(),
    status: text("status").notNull().default("draft"),
    /** Why the last send failed, for the operator. */
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("contact_reply_message_idx").on(t.messageId, t.createdAt),
    check("contact_reply_status_check", sql`${t.status} in ('draft', 'sent', 'failed')`),
  ],
);
