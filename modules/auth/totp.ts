import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { SECOND_FACTOR } from "#config/constants.ts";
import { checkCurrentPassword } from "#modules/accounts/current-password.ts";
import { loginBackoff, recordLoginFailure } from "#modules/accounts/service.ts";
import { recordAudit } from "#modules/operator/audit.ts";
import type { Scope, ServiceContext } from "#modules/scope.ts";
import { hasControl } from "#modules/shared/checks.ts";
import { sign, unsign } from "#modules/shared/crypto.ts";
import type { Result } from "#modules/shared/result.ts";
import { revokeOtherSessions } from "./sessions.ts";
import * as repo from "./totp-repo.ts";

/**
 * The TOTP second factor (RFC 6238, ADR 0020): enrolment with a QR code and the key as text, confirmed
 * by a first code; ten single-use recovery codes; codes of the current step and one step either side,
 * never one of a step already used; wrong codes back off per account; secrets encrypted at rest with a
 * key derived from SIGNING_SECRET.
 */
export type TotpContext = ServiceContext & Pick<Scope, "secret">;

export type TotpResult<V> = Result<V>;

export const TOTP_ERRORS = {
  badCode: "auth.secondFactor.errors.badCode",
  fillCode: "auth.secondFactor.errors.fillCode",
  alreadyOn: "auth.secondFactor.errors.alreadyOn",
  notOn: "auth.secondFactor.errors.notOn",
  noEnrolment: "auth.secondFactor.errors.noEnrolment",
  rateLimited: "auth.secondFactor.errors.rateLimited",
  wrongPassword: "auth.secondFactor.errors.wrongPassword",
  expired: "auth.secondFactor.errors.expired",
} as const;

const PERIOD = 30;
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford's base 32: no i, l, o, u

// ---------------------------------------------------------------------------------------------------
// Secrets at rest

/** The AES-256-GCM key for TOTP secrets, derived from the signing secret (HKDF-SHA256, its own purpose). */
function encryptionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "slidenest", "totp-secret-v1", 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`: bound to the account (additional data), so it cannot be moved to another. */
export function sealSecret(secret: string, accountId: number, totpSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(secret), iv);
  cipher.setAAD(Buffer.from(`totp:${accountId}`));
  const body = Buffer.concat([cipher.update(totpSecret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The secret, or null when it was sealed with another key (SIGNING_SECRET changed) or altered. */
export function openSecret(secret: string, accountId: number, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", encryptionKey(secret), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(`totp:${accountId}`));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// Recovery codes

/** A recovery code: 16 characters of Crockford's base 32 (80 random bits), shown as four groups. */
export function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 16; i++) code += ALPHABET[randomInt(32)];
  return code.match(/.{4}/g)?.join("-") ?? code;
}

/** What a typed recovery code means: lower case, no spaces or dashes, o read as 0 and i or l as 1. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, "").replace(/o/g, "0").replace(/[il]/g, "1");
}

/**
 * The stored form of a recovery code: SHA-256 over the account and the code. 80 random bits make a slow
 * hash unnecessary (a leaked table cannot be searched), and a log-in checks ten of them at once.
 */
export const recoveryCodeHash = (accountId: number, code: string) =>
  createHash("sha256")
    .update(`recovery\n${accountId}\n${normaliseRecoveryCode(code)}`)
    .digest("base64url");

const isRecoveryCode = (typed: string) => /^[0-9a-z]{16}$/.test(normaliseRecoveryCode(typed));
/** Six digits (spaces between them allowed, as apps show "123 456"). */
const totpDigits = (typed: string) => {
  const digits = typed.replace(/\s/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
};

async function newRecoveryCodes(ctx: ServiceContext, accountId: number): Promise<string[]> {
  const codes = Array.from({ length: SECOND_FACTOR.recoveryCodes }, newRecoveryCode);
  await repo.replaceRecoveryCodes(
    ctx.db,
    accountId,
    codes.map((c) => recoveryCodeHash(accountId, c)),
    ctx.clock.now(),
  );
  return codes;
}

// ---------------------------------------------------------------------------------------------------
// The second step of a log-in

/** A signed "second step" token: the account whose password was right, until when (epoch seconds). */
export function issueSecondStep(secret: string, accountId: number, now: Date): { token: string; expiresAt: Date } {
  const exp = Math.floor(now.getTime() / 1000) + SECOND_FACTOR.stepSeconds;
  return {
    token: sign(secret, "second-step", `${accountId}.${exp}.${randomBytes(9).toString("base64url")}`),
    expiresAt: new Date(exp * 1000),
  };
}

/** The account of an intact, unexpired second-step token, or null. */
export function readSecondStep(secret: string, token: string | null | undefined, now: Date): number | null {
  const value = unsign(secret, "second-step", token);
  if (!value) return null;
  const [id, exp] = value.split(".");
  const accountId = Number(id);
  if (!Number.isInteger(accountId) || accountId <= 0 || !(Number(exp) * 1000 > now.getTime())) return null;
  return accountId;
}

// ---------------------------------------------------------------------------------------------------
// Reads

const factorRow = (ctx: Pick<ServiceContext, "db">, accountId: number) => repo.factorOf(ctx.db, accountId);

export type SecondFactorStatus = { enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number };

/** Whether the account has the factor on (log-in asks for a code), since when, and its unused recovery codes. */
export async function secondFactorStatus(
  ctx: Pick<ServiceContext, "db">,
  accountId: number,
): Promise<SecondFactorStatus> {
  const row = await repo.enabledFactor(ctx.db, accountId);
  return row
    ? { enabled: true, enabledAt: new Date(row.enabled_at), recoveryCodesLeft: Number(row.left) }
    : { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
}

/** Whether a log-in of this account needs a code before its session starts. */
export async function needsSecondFactor(ctx: Pick<ServiceContext, "db">, accountId: number): Promise<boolean> {
  return (await secondFactorStatus(ctx, accountId)).enabled;
}

export type Enrolment = {
  /** The key as text, in groups of four for people who type it. */
  key: string;
  /** The otpauth:// address the QR code holds. */
  uri: string;
  /** The QR code as an SVG data URL, drawn on the server. */
  qr: string;
};

async function enrolmentOf(label: string, totpSecret: string): Promise<Enrolment> {
  // otplib and qrcode are loaded when a second factor is first used, not at start (about 20 MB resident).
  const [{ generateURI }, { default: QRCode }] = await Promise.all([import("otplib"), import("qrcode")]);
  const uri = generateURI({ issuer: SECOND_FACTOR.issuer, label, secret: totpSecret });
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    key: totpSecret.match(/.{1,4}/g)?.join(" ") ?? totpSecret,
    uri,
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** The enrolment waiting for its first code (started within SECOND_FACTOR.enrolmentMinutes), or null. */
export async function pendingEnrolment(ctx: TotpContext, accountId: number, label: string): Promise<Enrolment | null> {
  const row = await factorRow(ctx, accountId);
  if (!row || row.enabledAt) return null;
  if (new Date(row.createdAt).getTime() + SECOND_FACTOR.enrolmentMinutes * 60_000 <= ctx.clock.now().getTime())
    return null;
  const totpSecret = openSecret(ctx.secret, accountId, row.secret);
  return totpSecret ? enrolmentOf(label, totpSecret) : null;
}

// ---------------------------------------------------------------------------------------------------
// Changes

/** The account's password hash (the current-password checks need it). */
const storedPassword = async (ctx: ServiceContext, accountId: number) =>
  (await repo.accountOf(ctx.db, accountId))?.passwordHash;

/** An operator's own change of the factor goes to the audit log (members' do not). */
async function auditOperator(ctx: ServiceContext, accountId: number, action: string, before: unknown, after: unknown) {
  const who = await repo.accountOf(ctx.db, accountId);
  if (who?.role !== "operator") return;
  await recordAudit(ctx, {
    actor: { kind: "account", id: accountId, label: who.email },
    action,
    target: { kind: "account", id: accountId, label: who.email },
    before,
    after,
  });
}

type Asker = { accountId: number; sessionId?: string; client?: string };

/**
 * Starts (or starts over) an enrolment: a new secret, kept encrypted and not yet in force. The current
 * password is asked first, so a borrowed session cannot put a factor its owner does not hold on the account.
 */
export async function startEnrolment(
  ctx: TotpContext,
  input: Asker & { password: string; label: string },
): Promise<TotpResult<Enrolment>> {
  if ((await secondFactorStatus(ctx, input.accountId)).enabled) return { ok: false, code: TOTP_ERRORS.alreadyOn };
  const stored = await storedPassword(ctx, input.accountId);
  if (!stored) return { ok: false, code: TOTP_ERRORS.notOn };
  const refused = await checkCurrentPassword(ctx, {
    ...input,
    stored,
    password: input.password.slice(0, 128),
    wrong: { code: TOTP_ERRORS.wrongPassword, field: "password" },
  });
  if (refused) return refused;
  const { generateSecret } = await import("otplib");
  const totpSecret = generateSecret({ length: 20 });
  const now = ctx.clock.now();
  await repo.upsertEnrolment(ctx.db, input.accountId, sealSecret(ctx.secret, input.accountId, totpSecret), now);
  return { ok: true, value: await enrolmentOf(input.label, totpSecret) };
}

const backoffKey = (accountId: number) => `2fa|${accountId}`;

/** Seconds the account's code attempts must still wait (wrong codes back off per account), or 0. */
async function codeWait(ctx: ServiceContext, accountId: number): Promise<number> {
  return (await loginBackoff(ctx, backoffKey(accountId), ctx.clock.now())).wait;
}

/**
 * A TOTP code checked against a secret: the step it matched (within one step either side), when that
 * step is later than the last one accepted; the step is then taken atomically, so the same code (or an
 * older one) is never accepted twice, even by two requests at once.
 */
async function takeTotpStep(
  ctx: ServiceContext,
  accountId: number,
  totpSecret: string,
  digits: string,
  lastStep: number | null,
  enabled: boolean,
): Promise<boolean> {
  const { verify } = await import("otplib");
  const result = await verify({
    secret: totpSecret,
    token: digits,
    epoch: Math.floor(ctx.clock.now().getTime() / 1000),
    epochTolerance: SECOND_FACTOR.windowSteps * PERIOD,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  if (!result.valid || !("timeStep" in result)) return false;
  return repo.takeStep(ctx.db, accountId, { step: result.timeStep, enabled, now: ctx.clock.now() });
}

/** Refusal of a wrong code: counted toward the account's back-off. */
async function wrongCode(ctx: ServiceContext, accountId: number, code = TOTP_ERRORS.badCode) {
  await recordLoginFailure(ctx, backoffKey(accountId), ctx.clock.now());
  return { ok: false as const, code, field: "code" };
}

/**
 * Confirms an enrolment with the first code from the app: the factor is on from now, ten recovery codes
 * are made (answered once, only their hashes kept), and every other session of the account is signed out
 * (they never gave the factor; this one just did).
 */
export async function confirmEnrolment(
  ctx: TotpContext,
  input: { accountId: number; sessionId?: string; code: string },
): Promise<TotpResult<{ recoveryCodes: string[] }>> {
  const digits = totpDigits(input.code.slice(0, 20));
  if (!digits)
    return { ok: false, code: input.code.trim() ? TOTP_ERRORS.badCode : TOTP_ERRORS.fillCode, field: "code" };
  const wait = await codeWait(ctx, input.accountId);
  if (wait > 0) return { ok: false, code: TOTP_ERRORS.rateLimited, seconds: wait };
  const row = await factorRow(ctx, input.accountId);
  if (row?.enabledAt) return { ok: false, code: TOTP_ERRORS.alreadyOn };
  const fresh =
    row && new Date(row.createdAt).getTime() + SECOND_FACTOR.enrolmentMinutes * 60_000 > ctx.clock.now().getTime();
  const totpSecret = row && fresh ? openSecret(ctx.secret, input.accountId, row.secret) : null;
  if (!row || !totpSecret) return { ok: false, code: TOTP_ERRORS.noEnrolment };
  const lastStep = row.lastStep === null ? null : Number(row.lastStep);
  if (!(await takeTotpStep(ctx, input.accountId, totpSecret, digits, lastStep, false)))
    return wrongCode(ctx, input.accountId);
  const now = ctx.clock.now();
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await repo.enableFactor(tx, input.accountId, now);
    return newRecoveryCodes(txCtx, input.accountId);
  });
  await repo.clearBackoff(ctx.db, backoffKey(input.accountId));
  if (input.sessionId) await revokeOtherSessions(ctx, { accountId: input.accountId, sessionId: input.sessionId });
  await auditOperator(ctx, input.accountId, "secondFactor.enabled", { secondFactor: false }, { secondFactor: true });
  return { ok: true, value: { recoveryCodes } };
}

/**
 * Checks a code of an account whose factor is on: a six-digit code of the app (a step not used before), or
 * one of its recovery codes (used up by this). Wrong ones back off per account, whatever the client.
 */
export async function verifySecondFactor(
  ctx: TotpContext,
  input: { accountId: number; code: string },
): Promise<TotpResult<{ method: "totp" | "recovery"; recoveryCodesLeft: number }>> {
  const typed = input.code.slice(0, 64).trim();
  if (!typed) return { ok: false, code: TOTP_ERRORS.fillCode, field: "code" };
  const wait = await codeWait(ctx, input.accountId);
  if (wait > 0) return { ok: false, code: TOTP_ERRORS.rateLimited, seconds: wait };
  const row = await factorRow(ctx, input.accountId);
  if (!row?.enabledAt) return { ok: false, code: TOTP_ERRORS.notOn };
  // Blocked (or deleted) since the password step: no code opens it.
  if (!(await repo.isLiveAccount(ctx.db, input.accountId))) return { ok: false, code: "auth.errors.blocked" };
  const digits = totpDigits(typed);
  let method: "totp" | "recovery" | null = null;
  if (digits) {
    const totpSecret = openSecret(ctx.secret, input.accountId, row.secret);
    if (!totpSecret)
      ctx.log.warn("TOTP secret cannot be opened (SIGNING_SECRET changed?)", { accountId: input.accountId });
    const lastStep = row.lastStep === null ? null : Number(row.lastStep);
    if (totpSecret && (await takeTotpStep(ctx, input.accountId, totpSecret, digits, lastStep, true))) method = "totp";
  } else if (!hasControl(typed) && isRecoveryCode(typed)) {
    const hash = recoveryCodeHash(input.accountId, typed);
    if (await repo.spendRecoveryCode(ctx.db, input.accountId, hash, ctx.clock.now())) method = "recovery";
  }
  if (!method) return wrongCode(ctx, input.accountId);
  await repo.clearBackoff(ctx.db, backoffKey(input.accountId));
  const { recoveryCodesLeft } = await secondFactorStatus(ctx, input.accountId);
  return { ok: true, value: { method, recoveryCodesLeft } };
}

/** Turns the factor off: the current password and a code (of the app, or a recovery code) are both needed. */
export async function disableSecondFactor(
  ctx: TotpContext,
  input: Asker & { password: string; code: string },
): Promise<TotpResult<null>> {
  if (!(await secondFactorStatus(ctx, input.accountId)).enabled) return { ok: false, code: TOTP_ERRORS.notOn };
  const stored = await storedPassword(ctx, input.accountId);
  if (!stored) return { ok: false, code: TOTP_ERRORS.notOn };
  const refused = await checkCurrentPassword(ctx, {
    ...input,
    stored,
    password: input.password.slice(0, 128),
    wrong: { code: TOTP_ERRORS.wrongPassword, field: "password" },
  });
  if (refused) return refused;
  const checked = await verifySecondFactor(ctx, input);
  if (!checked.ok) return checked;
  await ctx.db.transaction(async (tx) => repo.deleteFactor(tx, input.accountId));
  await auditOperator(ctx, input.accountId, "secondFactor.disabled", { secondFactor: true }, { secondFactor: false });
  return { ok: true, value: null };
}

/** Ten new recovery codes (the old ones stop working), after a code of the app or a recovery code. */
export async function renewRecoveryCodes(
  ctx: TotpContext,
  input: { accountId: number; code: string },
): Promise<TotpResult<{ recoveryCodes: string[] }>> {
  const checked = await verifySecondFactor(ctx, input);
  if (!checked.ok) return checked;
  const recoveryCodes = await ctx.db.transaction((tx) => newRecoveryCodes({ ...ctx, db: tx }, input.accountId));
  return { ok: true, value: { recoveryCodes } };
}
