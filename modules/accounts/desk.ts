import { DESK_MEMBERS, PLAN_CODES, type PlanCode } from "#config/constants.ts";
import { type InvoiceView, listInvoices, listPayments, type PaymentView } from "#modules/billing/service.ts";
import { type DownloadRecord, listDownloadHistory } from "#modules/downloads/history.ts";
import { type Allowance, accountViewer, getAllowance } from "#modules/downloads/service.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { normalizeQuery } from "#modules/search/normalize.ts";
import * as repo from "./desk-repo.ts";

/**
 * The operator's desk, members (issue 23): finding an account and reading everything about it. What an
 * operator changes on it is operator.ts (shared with the command line).
 */

export type MemberMatch = {
  id: number;
  /** Null for a deleted account: its address, username and name are gone. */
  email: string | null;
  username: string | null;
  name: string | null;
  role: "member" | "operator";
  plan: PlanCode;
  blocked: boolean;
  deleted: boolean;
  verified: boolean;
  createdAt: Date;
  lastSeenAt: Date | null;
};

const asDate = (v: Date | string) => new Date(v);
const asDateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));
const planOf = (p: string): PlanCode => ((PLAN_CODES as readonly string[]).includes(p) ? (p as PlanCode) : "FREE");
const pageOf = (page: unknown) =>
  typeof page === "number" && Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 100_000) : 1;

/** What a search box holds, made comparable: the e-mail/username prefix, the name's words, an id. */
export function memberQuery(input: unknown): { text: string; prefix: string; words: string; id: number | null } {
  const raw = typeof input === "string" ? input : "";
  // Control characters belong in no address or name (and PostgreSQL cannot compare a NUL).
  const text = [...raw.replace(/\p{Cc}/gu, " ").trim()].slice(0, DESK_MEMBERS.queryMax).join("");
  const prefix = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/\s+/g, "")
    // "@jdoe" as people write a username.
    .replace(/^@/, "");
  const id = /^#?(\d{1,9})$/.exec(text)?.[1];
  // "#42" names an account by its number only; "42" may also start an address, a username or a name.
  if (id && text.startsWith("#")) return { text, prefix: "", words: "", id: Number(id) };
  return { text, prefix, words: normalizeQuery(text), id: id ? Number(id) : null };
}

/**
 * Accounts by e-mail, username or name: a prefix of the address or username, or of any word of the name
 * (several words follow each other), without regard to case or accents ("jose" finds "José"); "#42" or
 * "42" is the account with that id. Nothing asked lists every account, newest first. A page at a time
 * (DESK_MEMBERS.pageSize); deleted accounts are there, marked, without their (gone) personal data.
 */
export async function findMembers(
  ctx: Pick<ServiceContext, "db">,
  input: { query?: unknown; page?: unknown },
): Promise<{ query: string; members: MemberMatch[]; total: number; page: number; pageCount: number }> {
  const q = memberQuery(input.query);
  const size = DESK_MEMBERS.pageSize;
  const page = pageOf(input.page);
  const rows = await repo.selectMembers(ctx.db, {
    prefix: q.prefix,
    words: q.words,
    id: q.id,
    limit: size,
    offset: (page - 1) * size,
  });
  const total = Number(rows[0]?.total ?? 0);
  return {
    query: q.text,
    members: rows.map((r) => ({
      id: r.id,
      email: r.deleted ? null : r.email,
      username: r.deleted ? null : r.username,
      name: r.deleted ? null : r.name,
      role: r.role === "operator" ? "operator" : "member",
      plan: planOf(r.plan),
      blocked: r.blocked,
      deleted: r.deleted,
      verified: r.verified,
      createdAt: asDate(r.created_at),
      lastSeenAt: asDateOrNull(r.last_seen_at),
    })),
    total,
    page,
    // A page past the end (an old link) says so by its empty list; its pages still lead back.
    pageCount: Math.max(1, Math.ceil(total / size)),
  };
}

export type MemberSubscription = {
  id: number;
  plan: PlanCode;
  status: string;
  live: boolean;
  provider: string;
  /** The provider's id of the subscription (`sub_…` with Stripe); null for the sandbox's first ones. */
  providerRef: string | null;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  pendingPlan: PlanCode | null;
  failedAttempts: number;
  nextRetryAt: Date | null;
  endedAt: Date | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number; providerRef: string } | null;
};

type Paged<T> = { items: T[]; total: number; page: number; pageCount: number };

export type MemberDetail = {
  id: number;
  email: string | null;
  username: string | null;
  name: string | null;
  role: "member" | "operator";
  locale: string;
  plan: PlanCode;
  verified: boolean;
  blockedAt: Date | null;
  blockedReason: string | null;
  deletedAt: Date | null;
  createdAt: Date;
  lastSeenAt: Date | null;
  signIn: { password: boolean; providers: string[] };
  secondFactor: { enabled: boolean; since: Date | null; recoveryCodesLeft: number };
  liveSessions: number;
  /** The live subscription first, then earlier ones (a few). */
  subscriptions: MemberSubscription[];
  /** Whether a live subscription pays for the plan (then it cannot be set by hand). */
  paying: boolean;
  customer: { provider: string; id: string } | null;
  allowance: Allowance;
  downloads: Paged<DownloadRecord>;
  invoices: Paged<InvoiceView>;
  payments: Paged<PaymentView>;
};

/**
 * Everything the desk shows of one account, or null when there is none with that id: its state, sign-in
 * methods, second factor, plan and subscriptions with the provider's ids, this month's downloads against
 * the allowance, and a page each of its download history, invoices and payments (newest first).
 */
export async function getMember(
  ctx: ServiceContext,
  input: { id: number; downloadsPage?: unknown; invoicesPage?: unknown; paymentsPage?: unknown },
): Promise<MemberDetail | null> {
  if (!Number.isSafeInteger(input.id) || input.id < 1 || input.id > 2_147_483_647) return null;
  const row = await repo.selectMember(ctx.db, input.id, ctx.clock.now());
  if (!row) return null;
  const plan = planOf(row.plan);
  const size = DESK_MEMBERS.listPageSize;
  const [subs, customer, allowance, downloads, invoices, payments] = await Promise.all([
    repo.selectMemberSubscriptions(ctx.db, row.id, 5),
    repo.selectMemberCustomer(ctx.db, row.id),
    getAllowance(ctx, accountViewer({ id: row.id, plan })),
    listDownloadHistory(ctx, { accountId: row.id, sort: "newest", page: pageOf(input.downloadsPage) }),
    listInvoices(ctx, { accountId: row.id, sort: "newest", page: pageOf(input.invoicesPage), pageSize: size }),
    listPayments(ctx, { accountId: row.id, sort: "newest", page: pageOf(input.paymentsPage), pageSize: size }),
  ]);
  const deleted = row.deleted_at !== null;
  const subscriptions = subs.map((s) => ({
    id: s.id,
    plan: planOf(s.plan),
    status: s.status,
    live: s.status === "active" || s.status === "past_due",
    provider: s.provider,
    providerRef: s.provider_ref,
    periodStart: asDate(s.current_period_start),
    periodEnd: asDate(s.current_period_end),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    pendingPlan: s.pending_plan ? planOf(s.pending_plan) : null,
    failedAttempts: s.failed_attempts,
    nextRetryAt: asDateOrNull(s.next_retry_at),
    endedAt: asDateOrNull(s.ended_at),
    card:
      s.card_brand && s.card_last4 && s.card_ref
        ? {
            brand: s.card_brand,
            last4: s.card_last4,
            expMonth: Number(s.card_exp_month),
            expYear: Number(s.card_exp_year),
            providerRef: s.card_ref,
          }
        : null,
  }));
  return {
    id: row.id,
    email: deleted ? null : row.email,
    username: deleted ? null : row.username,
    name: deleted ? null : row.name,
    role: row.role === "operator" ? "operator" : "member",
    locale: row.locale,
    plan,
    verified: row.verified_at !== null,
    blockedAt: asDateOrNull(row.blocked_at),
    blockedReason: row.blocked_reason,
    deletedAt: asDateOrNull(row.deleted_at),
    createdAt: asDate(row.created_at),
    lastSeenAt: asDateOrNull(row.last_seen_at),
    signIn: { password: row.password, providers: row.identities ?? [] },
    secondFactor: {
      enabled: row.factor_enabled_at !== null,
      since: asDateOrNull(row.factor_enabled_at),
      recoveryCodesLeft: Number(row.recovery_left),
    },
    liveSessions: Number(row.live_sessions),
    subscriptions,
    paying: subscriptions.some((s) => s.live),
    customer: customer ? { provider: customer.provider, id: customer.customer_id } : null,
    allowance,
    downloads: {
      items: downloads.items,
      total: downloads.total,
      page: downloads.page,
      pageCount: downloads.pageCount,
    },
    invoices,
    payments,
  };
}
