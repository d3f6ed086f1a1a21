import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { template } from "./catalog.ts";

/**
 * Credits used per subject and period. A subject is "g:<guest id>", "ip:<address>" or, later,
 * "a:<account id>"; the period is the calendar month in UTC (YYYY-MM). The row is locked while a
 * download is granted, so counting is atomic.
 */
export const downloadCounter = pgTable(
  "download_counter",
  {
    subject: text("subject").notNull(),
    period: text("period").notNull(),
    used: integer("used").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.period] })],
);

/** Templates a subject holds a credit for in a period: downloading one again costs nothing. */
export const downloadGrant = pgTable(
  "download_grant",
  {
    subject: text("subject").notNull(),
    period: text("period").notNull(),
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.period, t.templateId] })],
);
