import { DOWNLOAD_ALLOWANCE, type DownloadFormat, GUEST_IP_CAP_FACTOR, type PlanCode } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import type { SessionFacts } from "#modules/accounts/view.ts";
import { ensureTemplateFile } from "#modules/files/service.ts";
import { licenceForGrant } from "#modules/licences/service.ts";
import type { Scope, ServiceContext } from "#modules/scope.ts";
import { nextPeriodStart, periodOf } from "#modules/shared/period.ts";
import type { Result } from "#modules/shared/result.ts";
import {
  bumpTemplateDownloads,
  counterUsed,
  ensureCounters,
  hasGrant,
  insertDownload,
  memberHeaderFacts,
  selectCounters,
  selectStanding,
  selectVariant,
  takeCredit,
} from "./repo.ts";
import { type FileToken, fileHolder, signFileToken } from "./signing.ts";
import { accountSubject, guestSubject } from "./subject.ts";

/** Who is downloading: a guest (signed cookie and address) or a signed-in account with its plan. */
export type Viewer =
  | { kind: "guest"; guestId: string; ip: string }
  | { kind: "account"; accountId: number; plan: PlanCode; ip: string };

/** A signed-in account as a downloader (the address matters only for guests). */
export function accountViewer(account: { id: number; plan: PlanCode }, ip = ""): Viewer {
  return { kind: "account", accountId: account.id, plan: account.plan, ip };
}

/** Who the caller is as a downloader: their account when signed in, else their guest id and address. */
export function callerViewer(caller: {
  account: { id: number; plan: PlanCode } | null;
  guestId: string | null;
  clientKey: string;
}): Viewer {
  return caller.account
    ? accountViewer(caller.account, caller.clientKey)
    : { kind: "guest", guestId: caller.guestId ?? "", ip: caller.clientKey };
}

/** The licence a download carries, from the plan at that moment (DECISIONS: Files). */
export function licenseOf(v: Viewer): "free" | "personal" | "commercial" {
  if (v.kind === "guest" || v.plan === "FREE") return "free";
  return v.plan.startsWith("COMMERCIAL") ? "commercial" : "personal";
}

export type DownloadContext = ServiceContext & Pick<Scope, "storage" | "inflight" | "secret">;

/** Expected refusals; each code is the translation key of its message. */
export const DOWNLOAD_ERRORS = {
  unknown: "downloads.errors.unknown",
  premium: "downloads.errors.premium",
  limit: "downloads.errors.limitGuest",
  limitFree: "downloads.errors.limitFree",
  limitPaid: "downloads.errors.limitExceeded",
  missing: "downloads.errors.notAvailable",
  broken: "downloads.errors.broken",
} as const;
export type DownloadErrorCode = (typeof DOWNLOAD_ERRORS)[keyof typeof DOWNLOAD_ERRORS];

export type Allowance = { used: number; limit: number | null; left: number | null; resetsAt: Date };

export type DownloadGrant = {
  /** "file": a signed address of our file; "link": the template's Google Slides copy link. */
  kind: "file" | "link";
  url: string;
  fileName: string | null;
  /** The template was already downloaded this period: no credit was taken. */
  alreadyOwned: boolean;
  allowance: Allowance;
  /**
   * The grant's licence (modules/licences): made with the grant, or the one it already had (`isNew`
   * false) when the template is downloaded again this month under the same kind of licence.
   */
  licence: { code: string; kind: "free" | "personal" | "commercial"; isNew: boolean };
};
/** The grant, or the refusal with the allowance it was refused against (a limit's, a premium template's). */
export type DownloadResult = Result<DownloadGrant, DownloadErrorCode, { allowance?: Allowance }>;

/** How long a signed download address works. */
export const FILE_URL_TTL_SECONDS = 5 * 60;

const MIME_PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
const MIME_KEYNOTE = "application/vnd.apple.keynote";

/** The counter a viewer spends from: "g:<guest id>" or "a:<account id>". */
const ownSubject = (v: Viewer) => (v.kind === "guest" ? guestSubject(v.guestId) : accountSubject(v.accountId));
const ipSubject = (v: Viewer) => `ip:${v.ip}`;

/** The viewer's own allowance, and for guests the per-address cap that stops cookie-clearing. */
function limitsOf(v: Viewer): { own: number | null; ip: number | null } {
  if (v.kind === "account")
    return { own: v.plan in DOWNLOAD_ALLOWANCE ? DOWNLOAD_ALLOWANCE[v.plan] : DOWNLOAD_ALLOWANCE.FREE, ip: null };
  const own = DOWNLOAD_ALLOWANCE.GUEST;
  return { own, ip: own === null ? null : own * GUEST_IP_CAP_FACTOR };
}

/** The refusal at the limit: guests are offered an account, free accounts an upgrade. */
function limitCode(v: Viewer): DownloadErrorCode {
  if (v.kind === "guest") return DOWNLOAD_ERRORS.limit;
  return v.plan === "FREE" ? DOWNLOAD_ERRORS.limitFree : DOWNLOAD_ERRORS.limitPaid;
}

/** Credits a viewer has used in the current period, and what is left. */
export async function getAllowance(
  ctx: Pick<ServiceContext, "db" | "clock">,
  viewer: Viewer,
  /** What the member's session read brought (server/session.ts), used when it is of this period. */
  known?: SessionFacts,
): Promise<Allowance> {
  const now = ctx.clock.now();
  const period = periodOf(now);
  const used = known?.period === period ? known.downloadsUsed : await counterUsed(ctx.db, ownSubject(viewer), period);
  return allowanceOf(viewer, used, now);
}

function allowanceOf(viewer: Viewer, used: number, now: Date): Allowance {
  const limit = limitsOf(viewer).own;
  return { used, limit, left: limit === null ? null : Math.max(0, limit - used), resetsAt: nextPeriodStart(now) };
}

/**
 * A member's allowance and whether they have chosen their interests, read together: what every page's
 * header needs (the meter, and the interests dialog until they choose).
 */
export async function getMemberHeader(
  ctx: Pick<ServiceContext, "db" | "clock">,
  account: { id: number; plan: PlanCode },
  /** What the session's own read brought (server/session.ts), used when it is of this period. */
  known?: SessionFacts,
): Promise<{ allowance: Allowance; hasInterests: boolean }> {
  const now = ctx.clock.now();
  const viewer = accountViewer(account);
  const period = periodOf(now);
  const facts =
    known?.period === period
      ? { used: known.downloadsUsed, hasInterests: known.hasInterests }
      : await memberHeaderFacts(ctx.db, { subject: ownSubject(viewer), period, accountId: account.id });
  return { allowance: allowanceOf(viewer, facts.used, now), hasInterests: facts.hasInterests };
}

/** GetDownloadsCount: credits used this period by a guest fingerprint or an account. */
export async function countDownloads(
  ctx: Pick<ServiceContext, "db" | "clock">,
  subject: { guestId: string } | { accountId: number },
): Promise<number> {
  const key = "accountId" in subject ? accountSubject(subject.accountId) : guestSubject(subject.guestId);
  return counterUsed(ctx.db, key, periodOf(ctx.clock.now()));
}

/** The caller's allowance this period: the account's, or the guest's (signed cookie and address). */
export function getCallerAllowance(
  ctx: Pick<ServiceContext, "db" | "clock">,
  caller: Parameters<typeof callerViewer>[0],
): Promise<Allowance> {
  return getAllowance(ctx, callerViewer(caller));
}

/**
 * Credits the caller used this period, read the way the API allows it: their own account, their own
 * guest fingerprint, or (naming neither) whichever they are. Naming anyone else's is refused (its code is
 * the API's error code, FORBIDDEN).
 */
export async function countCallerDownloads(
  ctx: Pick<ServiceContext, "db" | "clock">,
  caller: { accountId: number | null; guestId: string | null },
  asked: { accountId?: number | null; fingerprint?: string | null },
): Promise<Result<number, "FORBIDDEN">> {
  if (asked.accountId != null) {
    if (asked.accountId !== caller.accountId) return { ok: false, code: "FORBIDDEN" };
    return { ok: true, value: await countDownloads(ctx, { accountId: asked.accountId }) };
  }
  if (asked.fingerprint != null && asked.fingerprint !== caller.guestId) return { ok: false, code: "FORBIDDEN" };
  if (caller.accountId !== null && asked.fingerprint == null)
    return { ok: true, value: await countDownloads(ctx, { accountId: caller.accountId }) };
  if (!caller.guestId) return { ok: true, value: 0 };
  return { ok: true, value: await countDownloads(ctx, { guestId: caller.guestId }) };
}

/** Where a viewer stands for one template this period: already granted it, or the credits used and whether one is left. */
type Standing = { owned: boolean; used: number; allowed: boolean };

/**
 * The viewer's standing for a template: read as it is (before any work), or, inside the granting
 * transaction, with both counters made and locked (always in the same order, so parallel requests queue
 * instead of racing).
 */
async function standingOf(
  db: Executor,
  at: {
    own: string;
    ip: string;
    period: string;
    templateId: number;
    limits: { own: number | null; ip: number | null };
  },
  lock: boolean,
): Promise<Standing> {
  const { own, ip, period, limits } = at;
  let owned: boolean;
  let usedOwn: number;
  let usedIp: number;
  if (lock) {
    await ensureCounters(db, own, ip, period);
    const counters = await selectCounters(db, { own, ip, period }, true);
    const used = (s: string) => Number(counters.find((c) => c.subject === s)?.used ?? 0);
    usedOwn = used(own);
    usedIp = used(ip);
    owned = await hasGrant(db, own, period, at.templateId);
  } else {
    // One statement: under load each of a grant's statements waits its turn on the event loop.
    const row = await selectStanding(db, at);
    usedOwn = Number(row.own_used);
    usedIp = Number(row.ip_used);
    owned = row.owned;
  }
  const spent = (limits.own !== null && usedOwn >= limits.own) || (limits.ip !== null && usedIp >= limits.ip);
  return { owned, used: usedOwn, allowed: owned || !spent };
}

/**
 * Grants one download: checks the licence and the credit first (nothing is made for a refusal), then
 * makes sure the file is sound (there at the size it was stored with), then takes a credit and records the
 * download in one transaction with the viewer's counters locked (checked again there: another request may have
 * spent the last credit meanwhile). Re-downloading a template already granted this period takes no credit and
 * locks nothing (grants are only purged periods later). Nothing is taken when anything fails.
 */
export async function requestDownload(
  ctx: DownloadContext,
  input: { viewer: Viewer; templateColorId: number; format: DownloadFormat },
): Promise<DownloadResult> {
  const { viewer, templateColorId, format } = input;
  const v = await selectVariant(ctx.db, templateColorId, ctx.clock.now());
  if (!v) return { ok: false, code: DOWNLOAD_ERRORS.unknown };
  const license = licenseOf(viewer);
  if (v.is_premium && license === "free")
    return { ok: false, code: DOWNLOAD_ERRORS.premium, allowance: await getAllowance(ctx, viewer) };

  const now = ctx.clock.now();
  const limits = limitsOf(viewer);
  const own = ownSubject(viewer);
  const at = {
    own,
    ip: limits.ip === null ? own : ipSubject(viewer),
    period: periodOf(now),
    templateId: v.template_id,
    limits,
  };
  const allowanceAt = (used: number): Allowance => ({
    used,
    limit: limits.own,
    left: limits.own === null ? null : Math.max(0, limits.own - used),
    resetsAt: nextPeriodStart(now),
  });
  // No credit left: refused before any file is made or read.
  const before = await standingOf(ctx.db, at, false);
  if (!before.allowed) return { ok: false, code: limitCode(viewer), allowance: allowanceAt(before.used) };

  const link = format === "GS" && v.google_slides_url ? v.google_slides_url : null;
  // Keynote: the designer's .key file where the variant has one and the licence needs no attribution
  // slide (a free licence gets the .pptx with it, which Keynote opens).
  const keynote = format === "KN" && v.keynote_key && license !== "free" ? v.keynote_key : null;
  let file: { storageKey: string } | null = keynote ? { storageKey: keynote } : null;
  if (!link && !keynote) {
    const variant = license === "free" ? "free" : "paid";
    const outcome = await ensureTemplateFile(ctx, templateColorId, variant, v.pptx?.[variant] ?? null);
    // The files' refusals are the downloads' own messages (unknown, missing, broken).
    if (!outcome.ok) return { ok: false, code: outcome.code };
    file = outcome.value;
  }

  const { ip, period } = at;
  /** The download recorded with its licence; a credit's popularity last, so the template's row is locked briefly. */
  const record = async (tx: Executor, owned: boolean) => {
    await insertDownload(tx, {
      templateId: v.template_id,
      templateColorId,
      categoryId: v.category_id,
      format,
      license,
      fingerprint: viewer.kind === "guest" ? viewer.guestId : null,
      accountId: viewer.kind === "account" ? viewer.accountId : null,
      period,
      now,
    });
    const licence = await licenceForGrant(tx, {
      subject: own,
      accountId: viewer.kind === "account" ? viewer.accountId : null,
      guestId: viewer.kind === "guest" ? viewer.guestId : null,
      templateId: v.template_id,
      templateColorId,
      format,
      kind: license,
      period,
      now,
    });
    // Popularity counts downloads that took a credit; a free re-download of the month adds nothing.
    if (!owned) await bumpTemplateDownloads(tx, v.template_id);
    return { ...licence, kind: license };
  };
  const granted = before.owned
    ? // Granted already this period (a grant is never taken back within it): no credit, so no counter is
      // locked, and a member's re-downloads do not queue behind one another.
      await ctx.db.transaction(async (tx) => ({
        granted: true as const,
        alreadyOwned: true,
        used: before.used,
        licence: await record(tx, true),
      }))
    : await ctx.db.transaction(async (tx) => {
        const standing = await standingOf(tx, at, true);
        if (!standing.allowed) return { granted: false as const, used: standing.used };
        if (!standing.owned) await takeCredit(tx, { own, ip, period, templateId: v.template_id, now });
        return {
          granted: true as const,
          alreadyOwned: standing.owned,
          used: standing.owned ? standing.used : standing.used + 1,
          licence: await record(tx, standing.owned),
        };
      });

  const allowance = allowanceAt(granted.used);
  if (!granted.granted) return { ok: false, code: limitCode(viewer), allowance };
  if (link)
    return {
      ok: true,
      value: {
        kind: "link",
        url: link,
        fileName: null,
        alreadyOwned: granted.alreadyOwned,
        allowance,
        licence: granted.licence,
      },
    };
  const fileName = `${v.slug}-${v.color_slug}-${format.toLowerCase()}.${keynote ? "key" : "pptx"}`.replace(
    /[^a-z0-9.-]/g,
    "-",
  );
  const token: FileToken = {
    key: file!.storageKey,
    name: fileName,
    type: keynote ? MIME_KEYNOTE : MIME_PPTX,
    exp: Math.floor(now.getTime() / 1000) + FILE_URL_TTL_SECONDS,
    holder: fileHolder(viewer),
  };
  return {
    ok: true,
    value: {
      kind: "file",
      url: `/files/d/${signFileToken(ctx.secret, token)}`,
      fileName,
      alreadyOwned: granted.alreadyOwned,
      allowance,
      licence: granted.licence,
    },
  };
}
