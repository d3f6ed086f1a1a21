import type { AppLoadContext } from "#app/context.ts";
import type { Enrolment } from "#modules/auth/totp.ts";

/**
 * The server half of the second-factor forms (ADR 0020), shared by the member's settings and the
 * operators' enrolment page: what the section shows, and one action for its four steps (start with the
 * password, confirm with a first code, new recovery codes, turn off with the password and a code).
 */

export type SecondFactorView = {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** An enrolment waiting for its first code: the QR code and the key as text. */
  pending: Enrolment | null;
};

export type SecondFactorAnswer = {
  intent: "secondFactor";
  step: "start" | "confirm" | "renew" | "disable";
  ok: boolean;
  /** Translation key of the refusal, and the field it belongs to. */
  error?: string;
  field?: string;
  seconds?: number;
  /** Shown once, right after they are made. */
  recoveryCodes?: string[];
  /** Never set: the settings page's other answers carry Conform's result, these do not. */
  result?: undefined;
};

export async function secondFactorView(app: AppLoadContext): Promise<SecondFactorView> {
  const viewer = app.request.viewer;
  if (!viewer) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0, pending: null };
  const ctx = app.scope;
  const status = await app.services.totp.secondFactorStatus(ctx, viewer.account.id);
  return {
    enabled: status.enabled,
    enabledAt: status.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: status.recoveryCodesLeft,
    pending: status.enabled
      ? null
      : await app.services.totp.pendingEnrolment(ctx, viewer.account.id, viewer.account.email),
  };
}

const STEPS = ["start", "confirm", "renew", "disable"] as const;
const text = (v: FormDataEntryValue | null, max: number) => (typeof v === "string" ? v.slice(0, max) : "");

export async function secondFactorAction(app: AppLoadContext, formData: FormData): Promise<SecondFactorAnswer> {
  const viewer = app.request.viewer;
  if (!viewer) throw new Response(null, { status: 401 });
  const step = STEPS.find((s) => s === formData.get("step"));
  if (!step) return { intent: "secondFactor", step: "start", ok: false, error: "auth.secondFactor.errors.unknownStep" };
  const wait = await app.limitAuthAttempt();
  if (wait !== null)
    return { intent: "secondFactor", step, ok: false, error: "auth.errors.rateLimited", seconds: wait };
  const ctx = app.scope;
  const who = { accountId: viewer.account.id, sessionId: viewer.sessionId, client: app.clientKey };
  const password = text(formData.get("password"), 200);
  const code = text(formData.get("code"), 64);
  const refused = (r: { code: string; field?: string; seconds?: number }): SecondFactorAnswer => ({
    intent: "secondFactor",
    step,
    ok: false,
    error: r.code,
    field: r.field,
    seconds: r.seconds,
  });
  if ((step === "start" || step === "disable") && !password)
    return refused({ code: "auth.errors.passwordRequired", field: "password" });
  if (step === "start") {
    const r = await app.services.totp.startEnrolment(ctx, { ...who, password, label: viewer.account.email });
    return r.ok ? { intent: "secondFactor", step, ok: true } : refused(r);
  }
  if (step === "confirm") {
    const r = await app.services.totp.confirmEnrolment(ctx, { ...who, code });
    return r.ok ? { intent: "secondFactor", step, ok: true, recoveryCodes: r.value.recoveryCodes } : refused(r);
  }
  if (step === "renew") {
    const r = await app.services.totp.renewRecoveryCodes(ctx, { accountId: who.accountId, code });
    return r.ok ? { intent: "secondFactor", step, ok: true, recoveryCodes: r.value.recoveryCodes } : refused(r);
  }
  const r = await app.services.totp.disableSecondFactor(ctx, { ...who, password, code });
  return r.ok ? { intent: "secondFactor", step, ok: true } : refused(r);
}
