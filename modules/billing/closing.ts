/**
 * A deleted account's billing: the subscription closed and the provider's customer record deleted
 * (retried by a job).
 */
import type { Db } from "#db/client.server.ts";
import { type BillingContext, liveSubscription, reach, refused, type Tx } from "./common.ts";
import { anonymiseInvoiceBuyers, voidOpenInvoices } from "./invoices-repo.ts";
import { deleteProfile, detachAccountCards, selectProfileCustomer } from "./payments-repo.ts";
import type { Refusal } from "./provider.ts";
import { endSubscription } from "./renewals.ts";

/**
 * Account deletion (DECISIONS: Accounts), inside the deletion's transaction with the account locked: a
 * live subscription ends now (the provider is told; if it cannot be reached nothing is deleted), open
 * invoices are void, kept cards are forgotten, the billing details go, and the invoices kept for
 * accounting keep no personal data but the buyer's country.
 */
export async function closeBillingForDeletion(ctx: BillingContext, tx: Db, accountId: number): Promise<Refusal | null> {
  const now = ctx.clock.now();
  const sub = await liveSubscription(tx, accountId, true);
  if (sub) {
    const ended = await reach(ctx, async () => ctx.payments?.endNow({ subscriptionRef: sub.provider_ref }));
    if (refused(ended)) return ended;
    await voidOpenInvoices(tx, sub.id, now);
    await endSubscription(tx, sub, now);
  }
  await detachAccountCards(tx, accountId, now);
  await deleteProfile(tx, accountId);
  await anonymiseInvoiceBuyers(tx, accountId);
  return null;
}

/** The provider's customer of an account (read before a deletion removes its billing profile), or null. */
export async function billingCustomerOf(
  db: Tx,
  accountId: number,
): Promise<{ provider: string; customerId: string } | null> {
  const row = await selectProfileCustomer(db, accountId);
  return row ? { provider: row.provider, customerId: row.customerId } : null;
}

/**
 * After an account's deletion is committed, its customer record at the payment provider (name, e-mail,
 * address, cards) is deleted too. The provider being away never blocks or undoes the deletion: the
 * deletion is queued as a job that asks again with back-off, so it is not lost. The sandbox keeps no
 * records. Answers what became of it.
 */
export async function deleteProviderCustomer(
  ctx: BillingContext,
  customer: { provider: string; customerId: string },
): Promise<"deleted" | "queued" | "none"> {
  if (customer.provider === "sandbox") return "none";
  const provider = ctx.payments;
  if (provider?.kind === customer.provider) {
    try {
      await provider.deleteCustomer({ customerId: customer.customerId });
      return "deleted";
    } catch (error) {
      ctx.log.warn("payment provider customer not deleted yet: queued", { error });
    }
  }
  if (ctx.jobs?.scheduleCustomerDeletion) {
    try {
      await ctx.jobs.scheduleCustomerDeletion(customer.customerId);
      return "queued";
    } catch (error) {
      ctx.log.error("customer deletion job not queued", { error });
    }
  }
  // No queue in this process (a script), or it failed: the reference is logged (it names no person) to be
  // deleted by hand.
  ctx.log.error("payment provider customer of a deleted account left to delete", {
    provider: customer.provider,
    customerId: customer.customerId,
  });
  return "none";
}

/** The job that asks the provider again to delete a customer; rejects while it fails, so the queue retries. */
export async function retryProviderCustomerDeletion(ctx: BillingContext, customerId: string): Promise<void> {
  if (!ctx.payments || ctx.payments.kind === "sandbox")
    throw new Error("no payment provider to delete the customer at");
  await ctx.payments.deleteCustomer({ customerId });
}
