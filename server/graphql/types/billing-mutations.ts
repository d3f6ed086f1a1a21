import {
  cancelSchema,
  cardSchema,
  paymentSchema,
  tokenCardSchema,
  tokenPaymentSchema,
} from "#modules/billing/schemas.ts";
import * as billing from "#modules/billing/service.ts";
import { cardSourceOf, fromPaymentForm } from "#modules/billing/service.ts";
import { builder, type MutationFields } from "../builder.ts";
import type { GraphqlContext } from "../context.ts";
import { signedIn } from "../errors.ts";

/** Expected billing failures are results, not errors: `code` is the translation key, `message` its text. */
type Payload = {
  ok: boolean;
  code: string | null;
  field?: string | null;
  message: string | null;
  transactionId?: string | null;
  amount?: number | null;
  plan?: string | null;
};
const BillingPayload = builder.objectRef<Payload>("BillingPayload").implement({
  fields: (t) => ({
    ok: t.exposeBoolean("ok"),
    code: t.exposeString("code", { nullable: true }),
    field: t.string({ nullable: true, resolve: (p) => p.field ?? null }),
    message: t.exposeString("message", { nullable: true }),
    transactionId: t.string({ nullable: true, resolve: (p) => p.transactionId ?? null }),
    amount: t.int({ nullable: true, resolve: (p) => p.amount ?? null }),
    plan: t.string({ nullable: true, resolve: (p) => p.plan ?? null }),
  }),
});

const fail = (ctx: GraphqlContext, code: string, field?: string | null): Payload => ({
  ok: false,
  code,
  field: field ?? null,
  message: ctx.t(code),
});
const ok = (extra: Partial<Payload> = {}): Payload => ({ ok: true, code: null, message: null, ...extra });
/** A service's result as the payload: its refusal, or `done` of its value. */
const answer = <V>(ctx: GraphqlContext, r: billing.BillingResult<V>, done: (value: V) => Payload): Payload =>
  r.ok ? done(r.value) : fail(ctx, r.code, r.field);
/** A payment's outcome as the payload's fields. */
const paid = (p: billing.PaymentOutcome) => ok({ transactionId: p.transactionId, amount: p.amountCents, plan: p.plan });
/** A billing change, within the caller's budget; answers the refusal when it is spent. */
const spent = async (ctx: GraphqlContext): Promise<Payload | null> => {
  const wait = await ctx.limitPayment();
  if (wait === null) return null;
  return {
    ok: false,
    code: "billing.errors.rateLimited",
    message: ctx.t("billing.errors.rateLimited", { seconds: wait }),
  };
};
const firstIssue = (ctx: GraphqlContext, issues: { path: PropertyKey[]; message: string }[]) =>
  fail(ctx, issues[0]?.message ?? "billing.errors.generic", issues[0]?.path.map(String).join(".") || null);
/** Card fields for the sandbox, a token for a provider with its own element. */
const tokenized = (ctx: GraphqlContext) => ctx.scope.payments?.kind === "stripe";

const SubscribeInput = builder.inputType("SubscribeInput", {
  fields: (t) => ({
    type: t.string({ required: true, description: "personal (premium) or commercial" }),
    period: t.string({ required: true, description: "monthly or yearly" }),
    billingName: t.string({ required: true }),
    billingEmail: t.string({ required: true }),
    address: t.string({ required: true }),
    country: t.string({ required: true }),
    city: t.string({ required: true }),
    zip: t.string(),
    cardNumber: t.string({ description: "Sandbox (demo mode) only." }),
    cardExpiry: t.string({ description: "Sandbox (demo mode) only." }),
    cardCvc: t.string({ description: "Sandbox (demo mode) only." }),
    cardToken: t.string({ description: "With Stripe: the payment method id made by Stripe.js." }),
    attempt: t.string({ required: true, description: "A key of the caller's; the same key never charges twice." }),
  }),
});
const CardInput = builder.inputType("CardInput", {
  fields: (t) => ({
    cardNumber: t.string({ description: "Sandbox (demo mode) only." }),
    cardExpiry: t.string({ description: "Sandbox (demo mode) only." }),
    cardCvc: t.string({ description: "Sandbox (demo mode) only." }),
    cardToken: t.string({ description: "With Stripe: the payment method id made by Stripe.js." }),
  }),
});

/** A payment costs 10 of the caller's GraphQL budget (and one of the payment attempts). */
const PAYMENT_COST = 10;

export const subscribe = (t: MutationFields) =>
  t.field({
    type: BillingPayload,
    complexity: PAYMENT_COST,
    args: { input: t.arg({ type: SubscribeInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const account = signedIn(ctx);
      const limited = await spent(ctx);
      if (limited) return limited;
      const parsed = (tokenized(ctx) ? tokenPaymentSchema : paymentSchema).safeParse(args.input);
      if (!parsed.success) return firstIssue(ctx, parsed.error.issues);
      const r = await billing.subscribe(ctx.scope, { accountId: account.id, ...fromPaymentForm(parsed.data) });
      return answer(ctx, r, paid);
    },
  });

export const changePlan = (t: MutationFields) =>
  t.field({
    type: BillingPayload,
    complexity: PAYMENT_COST,
    description: "An upgrade is charged at once with the card on file; a downgrade or switch waits for the renewal.",
    args: { plan: t.arg.string({ required: true }), attempt: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const account = signedIn(ctx);
      const limited = await spent(ctx);
      if (limited) return limited;
      const r = await billing.changePlan(ctx.scope, {
        accountId: account.id,
        plan: args.plan,
        attempt: args.attempt,
      });
      return answer(ctx, r, (v) => (v.payment ? paid(v.payment) : ok({ plan: v.plan })));
    },
  });

export const cancelSubscription = (t: MutationFields) =>
  t.field({
    type: BillingPayload,
    args: { reason: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const account = signedIn(ctx);
      const parsed = cancelSchema.safeParse({ reason: args.reason });
      if (!parsed.success) return firstIssue(ctx, parsed.error.issues);
      const r = await billing.cancelSubscription(ctx.scope, { accountId: account.id, reason: parsed.data.reason });
      return answer(ctx, r, () => ok());
    },
  });

export const renewSubscription = (t: MutationFields) =>
  t.field({
    type: BillingPayload,
    resolve: async (_r, _a, ctx) => {
      const account = signedIn(ctx);
      const r = await billing.renewSubscription(ctx.scope, { accountId: account.id });
      return answer(ctx, r, () => ok({ code: "billing.page.renewed", message: ctx.t("billing.page.renewed") }));
    },
  });

export const updatePaymentMethod = (t: MutationFields) =>
  t.field({
    type: BillingPayload,
    complexity: PAYMENT_COST,
    args: { input: t.arg({ type: CardInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const account = signedIn(ctx);
      const limited = await spent(ctx);
      if (limited) return limited;
      const parsed = (tokenized(ctx) ? tokenCardSchema : cardSchema).safeParse(args.input);
      if (!parsed.success) return firstIssue(ctx, parsed.error.issues);
      const r = await billing.updatePaymentMethod(ctx.scope, {
        accountId: account.id,
        source: cardSourceOf(parsed.data),
      });
      return answer(ctx, r, () => ok({ code: "billing.page.cardUpdated", message: ctx.t("billing.page.cardUpdated") }));
    },
  });
