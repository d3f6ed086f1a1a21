/**
 * Licences (issue 22, DECISIONS: Accounts): proof, months later, that a download was licensed. Every
 * download grant gets one (a re-download in the same month gets the licence it already has, unless it is
 * now under another kind of licence: a member who upgraded gets the new one). A licence names the
 * template and variant, the format, the date, the licensee as they were then and the kind; it outlives
 * the plan, the template and the account (after a deletion only the initials stay).
 */
import { type DownloadFormat, LICENCES, type Locale } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import type { Page } from "#modules/catalog/views.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Result } from "#modules/shared/result.ts";
import { formatLicenceCode, newLicenceCode, normaliseLicenceCode } from "./code.ts";
import * as repo from "./repo.ts";
import type { LicenceKind, LicenceView, PublicLicence } from "./view.ts";

export { licenceCheckUrl, renderCertificatePdf } from "./certificate-pdf.ts";

export type { LicenceKind, LicenceView, PublicLicence };

export const LICENCE_ERRORS = {
  malformed: "licences.errors.malformed",
  unknown: "licences.errors.unknown",
  projectTooLong: "licences.errors.projectTooLong",
} as const;

function reshapeLicence(row: repo.LicenceRow, locale: Locale): LicenceView {
  const es = locale === "es";
  return {
    code: formatLicenceCode(row.code),
    kind: row.kind,
    templateId: row.templateId,
    templateSlug: es ? row.templateSlugEs : row.templateSlugEn,
    templateTitle: es ? row.templateTitleEs : row.templateTitleEn,
    colorName: (es ? row.colorNameEs : row.colorNameEn) ?? null,
    format: row.format as DownloadFormat,
    grantedAt: row.grantedAt,
    licensee: row.licenseeName,
    licenseeGone: row.licenseeGone,
    guest: row.subject.startsWith("g:"),
    project: row.project,
  };
}

/**
 * The licence of a grant, made inside the granting transaction (downloads/service.ts): the one the grant
 * already has under this kind, or a new one with a fresh code (a code already taken, one chance in 2^100,
 * is drawn again).
 */
export async function licenceForGrant(
  tx: Executor,
  grant: {
    subject: string;
    accountId: number | null;
    guestId: string | null;
    templateId: number;
    templateColorId: number;
    format: DownloadFormat;
    kind: LicenceKind;
    period: string;
    now: Date;
  },
): Promise<{ code: string; isNew: boolean }> {
  const existing = await repo.grantLicenceCode(tx, grant);
  if (existing) return { code: formatLicenceCode(existing), isNew: false };
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newLicenceCode();
    if (await repo.insertLicence(tx, { ...grant, code })) return { code: formatLicenceCode(code), isNew: true };
    const made = await repo.grantLicenceCode(tx, grant);
    if (made) return { code: formatLicenceCode(made), isNew: false };
  }
  throw new Error("no free licence code after 5 draws");
}

/** An account's licences, newest first, a page at a time, in the scope's language. */
export async function listLicences(
  ctx: Pick<ServiceContext, "db" | "locale">,
  input: { accountId: number; page: number },
): Promise<Page<LicenceView>> {
  const pageSize = LICENCES.pageSize;
  const total = await repo.countAccountLicences(ctx.db, input.accountId);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(input.page) || 1), pageCount);
  const rows = await repo.accountLicences(ctx.db, {
    accountId: input.accountId,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    items: rows.map((r) => reshapeLicence(r, ctx.locale)),
    total,
    totalCapped: false,
    page,
    pageCount,
    pageSize,
  };
}

/** Who may have a licence's certificate: the account it was granted to, or the guest's browser. */
export type LicenceHolder = { accountId: number } | { guestId: string };

/** A licence of the holder's own (for its certificate); null for a code that is not theirs or not a code. */
export async function ownLicence(
  ctx: Pick<ServiceContext, "db" | "locale">,
  input: { holder: LicenceHolder; code: string },
): Promise<LicenceView | null> {
  const code = normaliseLicenceCode(input.code);
  if (!code) return null;
  const row = await repo.licenceByCode(ctx.db, code);
  if (!row) return null;
  const mine =
    "accountId" in input.holder
      ? row.accountId === input.holder.accountId && !row.licenseeGone
      : row.guestId !== null && row.guestId === input.holder.guestId;
  return mine ? reshapeLicence(row, ctx.locale) : null;
}

/**
 * A code checked by anyone (the public verification page, GraphQL's `licence`): the licence without its
 * project label, or why there is none (not a code at all; no licence has it).
 */
export async function checkLicence(
  ctx: Pick<ServiceContext, "db" | "locale">,
  input: string,
): Promise<Result<PublicLicence, (typeof LICENCE_ERRORS)["malformed" | "unknown"]>> {
  const code = normaliseLicenceCode(input);
  if (!code) return { ok: false, code: LICENCE_ERRORS.malformed, status: 400 };
  const row = await repo.licenceByCode(ctx.db, code);
  if (!row) return { ok: false, code: LICENCE_ERRORS.unknown, status: 404 };
  const { project: _, ...shown } = reshapeLicence(row, ctx.locale);
  return { ok: true, value: shown };
}

/**
 * The member's project label of one of their licences: trimmed, control characters taken out, at most
 * LICENCES.projectMax characters; empty clears it.
 */
export async function nameLicenceProject(
  ctx: Pick<ServiceContext, "db" | "locale">,
  input: { accountId: number; code: string; project: string },
): Promise<Result<LicenceView, (typeof LICENCE_ERRORS)["unknown" | "projectTooLong"]>> {
  const project = input.project
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if ([...project].length > LICENCES.projectMax)
    return { ok: false, code: LICENCE_ERRORS.projectTooLong, field: "project" };
  const code = normaliseLicenceCode(input.code);
  if (!code) return { ok: false, code: LICENCE_ERRORS.unknown, status: 404 };
  const updated = await repo.updateProject(ctx.db, {
    accountId: input.accountId,
    code,
    project: project === "" ? null : project,
  });
  if (!updated) return { ok: false, code: LICENCE_ERRORS.unknown, status: 404 };
  const view = await ownLicence(ctx, { holder: { accountId: input.accountId }, code });
  return view ? { ok: true, value: view } : { ok: false, code: LICENCE_ERRORS.unknown, status: 404 };
}

/** A name's initials as a licence shows them after the account is gone: "Ana María López" → "A. M. L.". */
export function initialsOf(name: string): string | null {
  const parts = name
    .normalize("NFC")
    .trim()
    .split(/[\s\-‐]+/u)
    .filter(Boolean);
  const letters = parts
    .map((p) => [...p].find((ch) => /\p{L}|\p{N}/u.test(ch)))
    .filter((ch): ch is string => Boolean(ch))
    .slice(0, 4)
    .map((ch) => `${ch.toLocaleUpperCase()}.`);
  return letters.length ? letters.join(" ") : null;
}

/**
 * Inside an account's deletion (accounts/profile.ts): its licences stay valid, with the licensee's name
 * cut to initials and the project labels gone.
 */
export async function forgetLicensee(tx: Executor, accountId: number): Promise<void> {
  const names = await repo.licenseeNames(tx, accountId);
  await repo.forgetLicensee(tx, accountId, new Map(names.map((n) => [n, initialsOf(n)])));
}
