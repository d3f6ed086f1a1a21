/**
 * The payment provider's events (webhooks) applied to subscriptions and payments.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "#modules/shared/sql.ts";
import type { BillingContext } from "./common.ts";
import { advanceSubscription } from "./renewals.ts";

/**
 * A provider's webhook event: applied at most once per event id, and only as a nudge. The subscription
 * it names is brought up to date from the provider itself (`advanceSubscription` asks the provider how
 * its renewal went), so events delivered twice or out of order end in the same state. The event is
 * recorded after it was applied: one that failed half-way is applied again when the provider resends it.
 */
export async function applyProviderEvent(
  ctx: BillingContext,
  event: { provider: "stripe"; id: string; type: string; subscriptionRef: string | null },
): Promise<"applied" | "duplicate" | "ignored"> {
  const seen = await queryRows(
    ctx.db,
    sql`select 1 from billing_event where provider = ${event.provider} and event_id = ${event.id}`,
  );
  if (seen.length) return "duplicate";
  let outcome: "applied" | "ignored" = "ignored";
  if (event.subscriptionRef) {
    const [sub] = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from subscription where provider = ${event.provider} and provider_ref = ${event.subscriptionRef}
          order by id desc limit 1`,
    );
    if (sub) {
      await advanceSubscription(ctx, sub.id);
      outcome = "applied";
    } else if (event.type.startsWith("invoice.paid") || event.type === "customer.subscription.updated") {
      // Not ours: a subscription the provider made while we thought the payment failed (a time-out).
      // Its row may also still be uncommitted (the webhook beat the purchase), so it is only reported.
      ctx.log.error("provider subscription unknown here", { provider: event.provider, type: event.type });
    }
  }
  await ctx.db.execute(
    sql`insert into billing_event (provider, event_id, type, received_at) values (${event.provider}, ${event.id},
        ${event.type.slice(0, 100)}, ${ctx.clock.now()}) on conflict do nothing`,
  );
  return outcome;
}
