import {
  type BillingInterval,
  PAID_PLANS,
  type PaidPlanCode,
  PLAN_TIERS,
  type PlanCode,
  type PlanTier,
  PRICES_CENTS,
} from "#config/constants.ts";

export type PlanInfo = { code: PaidPlanCode; tier: PlanTier; interval: BillingInterval; priceCents: number };

export function isPaidPlan(code: string): code is PaidPlanCode {
  // Own keys only: "constructor" or "__proto__" are not plans.
  return Object.hasOwn(PAID_PLANS, code);
}

export function planInfo(code: PaidPlanCode): PlanInfo {
  const p = PAID_PLANS[code];
  return { code, tier: p.tier, interval: p.interval, priceCents: PRICES_CENTS[code] };
}

/** The plan code of a tier and interval. */
export function planCode(tier: PlanTier, interval: BillingInterval): PaidPlanCode {
  return `${tier === "personal" ? "PERSONAL" : "COMMERCIAL"}_${interval === "month" ? "MONTHLY" : "YEARLY"}`;
}

const tierRank = (code: PlanCode) => PLAN_TIERS.indexOf(code === "FREE" ? "free" : PAID_PLANS[code].tier);

/**
 * What moving from the current plan to another means (SPEC §2 pricing buttons, DECISIONS: Money and
 * plans): a higher tier is an upgrade (at once), a lower one a downgrade, the same tier with the other
 * period a switch (both at renewal).
 */
export type PlanChange = "current" | "subscribe" | "upgrade" | "downgrade" | "switch" | "free";
export function planChange(current: PlanCode, target: PlanCode): PlanChange {
  if (current === target) return "current";
  if (target === "FREE") return "free";
  if (current === "FREE") return "subscribe";
  const diff = tierRank(target) - tierRank(current);
  return diff > 0 ? "upgrade" : diff < 0 ? "downgrade" : "switch";
}

/** The button a pricing card shows (SPEC §2): guests get started; members see where each plan leads. */
export type PricingButton = "getStarted" | "current" | "upgrade" | "downgrade" | "switch";
export function pricingButton(viewer: PlanCode | null, target: PlanCode): PricingButton {
  if (viewer === null) return "getStarted";
  const change = planChange(viewer, target);
  if (change === "current") return "current";
  if (change === "subscribe" || change === "upgrade") return "upgrade";
  if (change === "switch") return "switch";
  return "downgrade";
}

/** The paid plan of a type and period as the payment page's picker names them (Premium is Personal). */
export function planFromPicker(type: string | undefined, period: string | null): PaidPlanCode {
  const tier: PlanTier = type === "commercial" ? "commercial" : "personal";
  return planCode(tier, period === "yearly" ? "year" : "month");
}

/** Sorts of the payments and invoices lists (SPEC §9). Here, not in the service: the pages' scripts use it. */
export const BILLING_SORTS = ["newest", "oldest"] as const;
export type BillingSort = (typeof BILLING_SORTS)[number];
