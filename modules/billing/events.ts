/**
 * The payment provider's events (webhooks) applied to subscriptions and payments.
 */
import type { BillingContext } from "./common.ts";
import { billingEventSeen, insertBillingEvent } from "./payments-repo.ts";
import { advanceSubscription } from "./renewals.ts";
import { subscriptionIdByProviderRef } from "./repo.ts";

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
  if (await billingEventSeen(ctx.db, event.provider, event.id)) return "duplicate";
  let outcome: "applied" | "ignored" = "ignored";
  if (event.subscriptionRef) {
    const subscriptionId = await subscriptionIdByProviderRef(ctx.db, event.provider, event.subscriptionRef);
    if (subscriptionId !== undefined) {
      await advanceSubscription(ctx, subscriptionId);
      outcome = "applied";
    } else if (event.type.startsWith("invoice.paid") || event.type === "customer.subscription.updated") {
      // Not ours: a subscription the provider made while we thought the payment failed (a time-out).
      // Its row may also still be uncommitted (the webhook beat the purchase), so it is only reported.
      ctx.log.error("provider subscription unknown here", { provider: event.provider, type: event.type });
    }
  }
  await insertBillingEvent(ctx.db, {
    provider: event.provider,
    eventId: event.id,
    type: event.type.slice(0, 100),
    receivedAt: ctx.clock.now(),
  });
  return outcome;
}
