import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { account } from "./accounts.ts";

/** Who pays for an account: the provider's customer and the billing details printed on invoices. */
export const billingProfile = pgTable("billing_profile", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => account.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  customerId: text("customer_id").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  address: text("address").notNull(),
  country: text("country").notNull(),
  city: text("city").notNull(),
  zip: text("zip").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A card kept at the payment provider: only its brand, last 4 digits and expiry are known here. */
export const paymentMethod = pgTable(
  "payment_method",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    detachedAt: timestamp("detached_at", { withTimezone: true }),
  },
  (t) => [index("payment_method_account_idx").on(t.accountId)],
);

/**
 * A paid membership. At most one per account is live (active or past due); ended ones stay as history.
 * `pendingPlan` is a downgrade or period switch that takes effect at the next renewal.
 */
export const subscription = pgTable(
  "subscription",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    status: text("status").notNull(),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    paymentMethodId: integer("payment_method_id").references(() => paymentMethod.id),
    /** Monthly periods keep this day of the month (clamped to short months). */
    anchorAt: timestamp("anchor_at", { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    cancelReason: text("cancel_reason"),
    /** The member's own words for the reason "other" (at most BILLING.cancelNoteMax characters). */
    cancelNote: text("cancel_note"),
    pendingPlan: text("pending_plan"),
    /** Renewal attempts that failed in the current past-due spell. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscription_live_idx").on(t.accountId).where(sql`status in ('active', 'past_due')`),
    index("subscription_due_idx").on(t.status, t.currentPeriodEnd),
  ],
);

/** Invoices: numbered SN-{year}-{sequence} without gaps per year; buyer and lines are kept as issued. */
export const invoice = pgTable(
  "invoice",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id").references(() => subscription.id),
    number: text("number").notNull().unique(),
    status: text("status").notNull(),
    locale: text("locale").notNull(),
    currency: text("currency").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    creditCents: integer("credit_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    plan: text("plan").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    buyer: jsonb("buyer").notNull(),
    lines: jsonb("lines").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    /** When the receipt mail (with this invoice's PDF) went out; null on a paid invoice: still owed. */
    receiptSentAt: timestamp("receipt_sent_at", { withTimezone: true }),
  },
  (t) => [
    index("invoice_account_idx").on(t.accountId, t.issuedAt),
    // The receipts still owed (few: a send that failed or was lost), found by the maintenance job.
    index("invoice_receipt_owed_idx").on(t.paidAt).where(sql`receipt_sent_at is null and paid_at is not null`),
  ],
);

/** The last invoice number given out per year; bumped in the transaction that issues the invoice. */
export const invoiceCounter = pgTable("invoice_counter", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/** One charge attempt, succeeded or failed. `id` is the public transaction id; one attempt per idempotency key. */
export const payment = pgTable(
  "payment",
  {
    id: text("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id").references(() => subscription.id),
    invoiceId: integer("invoice_id").references(() => invoice.id),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind").notNull(),
    plan: text("plan").notNull(),
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    providerRef: text("provider_ref"),
    failureCode: text("failure_code"),
    brand: text("brand"),
    last4: text("last4"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payment_idempotency_idx").on(t.accountId, t.idempotencyKey),
    index("payment_account_idx").on(t.accountId, t.createdAt),
  ],
);

/** Provider events already applied (webhooks are delivered at least once). */
export const billingEvent = pgTable(
  "billing_event",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
