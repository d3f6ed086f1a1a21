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
  return code in PAID_PLANS;
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
