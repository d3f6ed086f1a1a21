import type { AccountView } from "#modules/accounts/service.ts";
import { planInfo } from "#modules/billing/plans.ts";
import * as billing from "#modules/billing/service.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { builder, type ObjectFields } from "../builder.ts";
import type { GraphqlContext } from "../context.ts";
import { checkPage } from "../errors.ts";
import { isoInZone } from "../time-zone.ts";

/** One billing read per request and account, however many Me fields ask. */
const overviews = new WeakMap<GraphqlContext, Promise<billing.BillingOverview>>();
const overviewOf = (ctx: GraphqlContext, accountId: number) => {
  let o = overviews.get(ctx);
  if (!o) {
    o = billing.getBillingOverview(ctx.scope, accountId);
    overviews.set(ctx, o);
  }
  return o;
};

type Card = NonNullable<billing.BillingOverview["card"]>;
const PaymentMethodRef = builder.objectRef<Card>("PaymentMethod").implement({
  fields: (t) => ({
    brand: t.exposeString("brand"),
    last4: t.exposeString("last4"),
    expMonth: t.exposeInt("expMonth"),
    expYear: t.exposeInt("expYear"),
  }),
});

type Sub = NonNullable<billing.BillingOverview["subscription"]> & { card: Card | null };
const SubscriptionRef = builder.objectRef<Sub>("Subscription").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    plan: t.exposeString("plan"),
    planType: t.string({
      description: "premium (Personal) or commercial.",
      resolve: (s) => (planInfo(s.plan).tier === "personal" ? "premium" : "commercial"),
    }),
    period: t.string({ resolve: (s) => (planInfo(s.plan).interval === "month" ? "monthly" : "yearly") }),
    interval: t.string({ resolve: (s) => planInfo(s.plan).interval }),
    status: t.exposeString("status"),
    amount: t.int({ description: "Price of the plan in cents.", resolve: (s) => planInfo(s.plan).priceCents }),
    currentPeriodEnd: t.string({ resolve: (s, _a, ctx) => isoInZone(s.currentPeriodEnd, ctx.timeZone) }),
    nextBillDate: t.string({
      nullable: true,
      resolve: (s, _a, ctx) => (s.nextBill ? isoInZone(s.nextBill.at, ctx.timeZone) : null),
    }),
    nextBillAmount: t.int({ nullable: true, resolve: (s) => s.nextBill?.amountCents ?? null }),
    cancelAtPeriodEnd: t.exposeBoolean("cancelAtPeriodEnd"),
    newPlanName: t.string({ nullable: true, description: "The pending plan change.", resolve: (s) => s.pendingPlan }),
    brand: t.string({ nullable: true, resolve: (s) => s.card?.brand ?? null }),
    last4: t.string({ nullable: true, resolve: (s) => s.card?.last4 ?? null }),
  }),
});

const PaymentRef = builder.objectRef<billing.PaymentView>("Payment").implement({
  fields: (t) => ({
    id: t.exposeString("id"),
    status: t.exposeString("status"),
    kind: t.exposeString("kind"),
    plan: t.exposeString("plan"),
    amount: t.exposeInt("amountCents"),
    currency: t.exposeString("currency"),
    createdAt: t.string({ resolve: (p, _a, ctx) => isoInZone(p.createdAt, ctx.timeZone) }),
    invoiceNumber: t.exposeString("invoiceNumber", { nullable: true }),
  }),
});

const InvoiceRef = builder.objectRef<billing.InvoiceView>("Invoice").implement({
  fields: (t) => ({
    number: t.exposeString("number"),
    status: t.exposeString("status"),
    plan: t.exposeString("plan"),
    price: t.exposeInt("totalCents"),
    currency: t.exposeString("currency"),
    chargeDate: t.string({ resolve: (i, _a, ctx) => isoInZone(i.issuedAt, ctx.timeZone) }),
    fileUrl: t.string({
      description: "The PDF, for the signed-in owner only.",
      resolve: (i, _a, ctx) => localePath(ctx.scope.locale, `/profile/invoices/${i.number}/pdf`),
    }),
  }),
});

/** The order of a page of payments or invoices: newest unless oldest is asked. */
const sortOf = (sort: string | null | undefined) => (sort === "oldest" ? "oldest" : "newest");

/** Me's billing: the customer, the subscription and its card, payments and invoices. */
export const billingOfMe = (t: ObjectFields<AccountView>) => ({
  customerId: t.string({ nullable: true, resolve: async (a, _x, ctx) => (await overviewOf(ctx, a.id)).customerId }),
  subscriptionId: t.int({
    nullable: true,
    resolve: async (a, _x, ctx) => (await overviewOf(ctx, a.id)).subscription?.id ?? null,
  }),
  priceId: t.string({
    nullable: true,
    description: "The plan code the subscription is billed at.",
    resolve: async (a, _x, ctx) => (await overviewOf(ctx, a.id)).subscription?.plan ?? null,
  }),
  paymentMethodId: t.string({
    nullable: true,
    description: "The payment provider's id of the subscription's card (Stripe's pm_…), or null.",
    resolve: async (a, _x, ctx) => (await overviewOf(ctx, a.id)).card?.providerRef ?? null,
  }),
  paymentMethod: t.field({
    type: PaymentMethodRef,
    nullable: true,
    resolve: async (a, _x, ctx) => (await overviewOf(ctx, a.id)).card,
  }),
  subscription: t.field({
    type: SubscriptionRef,
    nullable: true,
    resolve: async (a, _x, ctx) => {
      const o = await overviewOf(ctx, a.id);
      return o.subscription ? { ...o.subscription, card: o.card } : null;
    },
  }),
  payments: t.field({
    type: [PaymentRef],
    complexity: 24,
    args: { sort: t.arg.string({ defaultValue: "newest" }), page: t.arg.int({ defaultValue: 1 }) },
    resolve: async (a, args, ctx) =>
      (
        await billing.listPayments(ctx.scope, {
          accountId: a.id,
          sort: sortOf(args.sort),
          page: checkPage(args.page),
        })
      ).items,
  }),
  invoices: t.field({
    type: [InvoiceRef],
    complexity: 24,
    args: { sort: t.arg.string({ defaultValue: "newest" }), page: t.arg.int({ defaultValue: 1 }) },
    resolve: async (a, args, ctx) =>
      (
        await billing.listInvoices(ctx.scope, {
          accountId: a.id,
          sort: sortOf(args.sort),
          page: checkPage(args.page),
        })
      ).items,
  }),
});
