import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_message_email_idx").on(t.email, t.createdAt),
    index("contact_message_digest_idx").on(t.digest),
  ],
);
