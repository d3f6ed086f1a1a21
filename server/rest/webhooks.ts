import type Stripe from "stripe";
import { applyProviderEvent } from "#modules/billing/service.ts";
import { subscriptionOfEvent } from "#modules/billing/stripe.ts";
import type { Logger } from "#modules/shared/context.ts";
import { type ServerApp, scopeOf } from "../context.ts";

/** Webhook bodies are small; anything larger is not Stripe. */
const MAX_BODY = 512 * 1024;

/**
 * `POST /webhooks/stripe`: the signature is checked on the raw body with the signing secret, then the
 * event nudges the subscription it names (ADR 0008). Answers 400 for a bad signature, 200 otherwise.
 */
export function mountStripeWebhook(
  app: ServerApp,
  deps: { stripe: Stripe | Promise<Stripe>; secret: string; log: Logger },
) {
  app.post("/webhooks/stripe", async (c) => {
    const length = Number(c.req.header("content-length") ?? 0);
    if (length > MAX_BODY) return c.json({ error: "too large" }, 413);
    const raw = await c.req.text();
    if (raw.length > MAX_BODY) return c.json({ error: "too large" }, 413);
    let event: Stripe.Event;
    try {
      event = await (await deps.stripe).webhooks.constructEventAsync(
        raw,
        c.req.header("stripe-signature") ?? "",
        deps.secret,
      );
    } catch {
      return c.json({ error: "bad signature" }, 400);
    }
    try {
      const outcome = await applyProviderEvent(scopeOf(c), {
        provider: "stripe",
        id: event.id,
        type: event.type,
        subscriptionRef: subscriptionOfEvent(event),
      });
      return c.json({ received: true, outcome });
    } catch (error) {
      deps.log.error("stripe event not applied", { type: event.type, error: (error as Error).name });
      return c.json({ error: "not applied" }, 500);
    }
  });
}
