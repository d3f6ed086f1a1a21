import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { account } from "./accounts.ts";
import { downloadLicense, template } from "./catalog.ts";

/**
 * A licence: one per download grant (a credit taken for a template in a period), or again when the
 * same template is downloaded in the same period under another kind of licence (after an upgrade).
 * What it says is kept as it was at the grant (the template's titles, the variant, the licensee's name),
 * so it can be shown and checked after the template, the plan or the account are gone. The code is the
 * licence's public name: 20 Crockford base-32 characters (100 random bits), shown in groups of four.
 */
export const licence = pgTable(
  "licence",
  {
    code: text("code").primaryKey(),
    /** Who it was granted to: "a:<account id>" or "g:<guest id>" (the download counters' subject). */
    subject: text("subject").notNull(),
    accountId: integer("account_id").references(() => account.id, { onDelete: "set null" }),
    /** The guest's signed-cookie id, for a guest's download: only that browser gets the certificate. */
    guestId: text("guest_id"),
    templateId: integer("template_id").references(() => template.id, { onDelete: "set null" }),
    templateSlugEn: text("template_slug_en").notNull(),
    templateSlugEs: text("template_slug_es").notNull(),
    templateTitleEn: text("template_title_en").notNull(),
    templateTitleEs: text("template_title_es").notNull(),
    /** The colour variant's name (null for a grant whose variant was gone before licences existed). */
    colorNameEn: text("color_name_en"),
    colorNameEs: text("color_name_es"),
    format: text("format").notNull(),
    kind: downloadLicense("kind").notNull(),
    /** The licensee's name as it was then (null for a guest); only the initials once the account is deleted. */
    licenseeName: text("licensee_name"),
    /** Whether the account was deleted since (the name above is then initials). */
    licenseeGone: boolean("licensee_gone").notNull().default(false),
    /** The member's own label for the work it was used in (optional, editable). */
    project: text("project"),
    period: text("period").notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("licence_grant_idx").on(t.subject, t.period, t.templateId, t.kind),
    index("licence_account_idx").on(t.accountId, t.grantedAt),
  ],
);
