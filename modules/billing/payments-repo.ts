/**
 * The billing module's queries on the billing details, the kept cards, the payments and the provider's
 * events. Hand-written SQL stays for the billing details' upsert (one row per account, its conflict
 * updates it) and the whole-row card reads (`select *`, the shape repo.ts names); the rest uses Drizzle's
 * query builder.
 */
import { and, eq, sql } from "drizzle-orm";
import { CURRENCY, type PaidPlanCode } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import { billingEvent, billingProfile, payment, paymentMethod } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";
import type { CardRow, ProfileRow } from "./repo.ts";

/* ---- Billing details ---- */

export async function selectProfile(db: Executor, accountId: number): Promise<ProfileRow | undefined> {
  const [row] = await queryRows<ProfileRow>(db, sql`select * from billing_profile where account_id = ${accountId}`);
  return row;
}

/** Keeps an account's billing details and its customer at the provider (one row per account). */
export async function upsertProfile(
  tx: Executor,
  row: {
    accountId: number;
    provider: string;
    customerId: string;
    name: string;
    email: string;
    address: string;
    country: string;
    city: string;
    zip: string;
    now: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into billing_profile (account_id, provider, customer_id, name, email, address, country, city, zip, updated_at)
    values (${row.accountId}, ${row.provider}, ${row.customerId}, ${row.name}, ${row.email},
            ${row.address}, ${row.country}, ${row.city}, ${row.zip}, ${row.now})
    on conflict (account_id) do update set provider = excluded.provider, customer_id = excluded.customer_id,
      name = excluded.name, email = excluded.email, address = excluded.address, country = excluded.country,
      city = excluded.city, zip = excluded.zip, updated_at = excluded.updated_at`);
}

/** The provider and customer of an account's billing details, or undefined. */
export async function selectProfileCustomer(
  db: Executor,
  accountId: number,
): Promise<{ provider: string; customerId: string } | undefined> {
  const [row] = await db
    .select({ provider: billingProfile.provider, customerId: billingProfile.customerId })
    .from(billingProfile)
    .where(eq(billingProfile.accountId, accountId));
  return row;
}

export async function deleteProfile(tx: Executor, accountId: number): Promise<void> {
  await tx.delete(billingProfile).where(eq(billingProfile.accountId, accountId));
}

/* ---- Cards ---- */

export async function selectCard(db: Executor, id: number): Promise<CardRow | undefined> {
  const [row] = await queryRows<CardRow>(db, sql`select * from payment_method where id = ${id}`);
  return row;
}

/** The account's newest card. */
export async function selectNewestCard(db: Executor, accountId: number): Promise<CardRow | undefined> {
  const [row] = await queryRows<CardRow>(
    db,
    sql`select * from payment_method where account_id = ${accountId} order by id desc limit 1`,
  );
  return row;
}

export async function insertCard(
  tx: Executor,
  row: {
    accountId: number;
    provider: string;
    providerRef: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    now: Date;
  },
): Promise<CardRow> {
  const [card] = await queryRows<CardRow>(
    tx,
    sql`insert into payment_method (account_id, provider, provider_ref, brand, last4, exp_month, exp_year, created_at)
        values (${row.accountId}, ${row.provider}, ${row.providerRef}, ${row.brand}, ${row.last4},
                ${row.expMonth}, ${row.expYear}, ${row.now})
        returning *`,
  );
  return card;
}

/** A card no longer used (replaced by another). */
export async function detachCard(tx: Executor, id: number, now: Date): Promise<void> {
  await tx.update(paymentMethod).set({ detachedAt: now }).where(eq(paymentMethod.id, id));
}

/** Every card of an account forgotten (those detached before keep their date). */
export async function detachAccountCards(tx: Executor, accountId: number, now: Date): Promise<void> {
  await tx
    .update(paymentMethod)
    .set({ detachedAt: sql`coalesce(${paymentMethod.detachedAt}, ${now})` })
    .where(eq(paymentMethod.accountId, accountId));
}

/* ---- Payments ---- */

/** A payment attempt with an idempotency key of an account's. */
export type AttemptRow = {
  id: string;
  status: string;
  amount_cents: number;
  plan: string;
  failure_code: string | null;
};

export async function selectAttempt(db: Executor, accountId: number, key: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select({
      id: payment.id,
      status: payment.status,
      amount_cents: payment.amountCents,
      plan: payment.plan,
      failure_code: payment.failureCode,
    })
    .from(payment)
    .where(and(eq(payment.accountId, accountId), eq(payment.idempotencyKey, key)));
  return row;
}

export async function insertPayment(
  tx: Executor,
  p: {
    id: string;
    accountId: number;
    subscriptionId: number | null;
    invoiceId: number | null;
    key: string;
    kind: string;
    plan: PaidPlanCode;
    status: "pending" | "succeeded" | "failed";
    amountCents: number;
    providerRef: string | null;
    failureCode: string | null;
    brand: string | null;
    last4: string | null;
    createdAt: Date;
    settledAt: Date | null;
  },
): Promise<void> {
  await tx.insert(payment).values({
    id: p.id,
    accountId: p.accountId,
    subscriptionId: p.subscriptionId,
    invoiceId: p.invoiceId,
    idempotencyKey: p.key,
    kind: p.kind,
    plan: p.plan,
    status: p.status,
    amountCents: p.amountCents,
    currency: CURRENCY,
    providerRef: p.providerRef,
    failureCode: p.failureCode,
    brand: p.brand,
    last4: p.last4,
    createdAt: p.createdAt,
    settledAt: p.settledAt,
  });
}

/** The provider's reference of a payment (a pending first payment's subscription). */
export async function selectPaymentProviderRef(db: Executor, id: string): Promise<string | null | undefined> {
  const [row] = await db.select({ providerRef: payment.providerRef }).from(payment).where(eq(payment.id, id));
  return row ? row.providerRef : undefined;
}

/** A pending first payment confirmed: succeeded, with its subscription, invoice and amount. */
export async function settlePendingPayment(
  tx: Executor,
  id: string,
  s: { subscriptionId: number; invoiceId: number; amountCents: number; providerRef: string | null; now: Date },
): Promise<void> {
  await tx
    .update(payment)
    .set({
      status: "succeeded",
      subscriptionId: s.subscriptionId,
      invoiceId: s.invoiceId,
      amountCents: s.amountCents,
      providerRef: s.providerRef,
      settledAt: s.now,
    })
    .where(eq(payment.id, id));
}

/** A pending first payment refused. */
export async function failPendingPayment(tx: Executor, id: string, failureCode: string, now: Date): Promise<void> {
  await tx.update(payment).set({ status: "failed", failureCode, settledAt: now }).where(eq(payment.id, id));
}

/* ---- Provider events ---- */

export async function billingEventSeen(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: billingEvent.eventId })
    .from(billingEvent)
    .where(and(eq(billingEvent.provider, provider), eq(billingEvent.eventId, eventId)));
  return rows.length > 0;
}

/** An event applied; one already recorded is left as it is. */
export async function insertBillingEvent(
  db: Executor,
  event: { provider: string; eventId: string; type: string; receivedAt: Date },
): Promise<void> {
  await db.insert(billingEvent).values(event).onConflictDoNothing();
}
