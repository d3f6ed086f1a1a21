import type { AppLoadContext } from "#app/context.ts";
import { emailFormSchema, LIMIT_PARAMS } from "#modules/accounts/schemas.ts";
import { webmailFor } from "#modules/mail/webmail.ts";

/** The answer to "Resend email": the notice (its tone and words), the address, and its webmail if known. */
export type ResendAnswer = {
  ok: boolean;
  tone: "success" | "error" | "info";
  message: string;
  params?: Record<string, number>;
  email: string;
  webmail: string | null;
};

/**
 * Sends a new verification link (shared by the log-in and sign-up pages), within the request: a refusal of
 * the mail server is 'Unable to send email', a slow one "may arrive late" (modules/accounts sendNow).
 */
export async function resend(app: AppLoadContext, formData: FormData, wait: number | null) {
  const typed = String(formData.get("email") ?? "");
  const answer = (a: Omit<ResendAnswer, "email" | "webmail">, email = typed): { resend: ResendAnswer } => ({
    resend: { ...a, email, webmail: a.ok ? webmailFor(email) : null },
  });
  const parsed = emailFormSchema.safeParse({ email: typed });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "auth.errors.emailFormat";
    return answer({ ok: false, tone: "error", message, params: LIMIT_PARAMS[message] });
  }
  const email = parsed.data.email;
  if (wait !== null)
    return answer({ ok: false, tone: "error", message: "auth.errors.rateLimited", params: { seconds: wait } }, email);
  const sent = await app.services.accounts.resendVerification(app.scope, email);
  if (!sent.ok) return answer({ ok: false, tone: "error", message: sent.code }, email);
  return sent.value.delivery === "late"
    ? answer({ ok: true, tone: "info", message: "auth.errors.sendLate" }, email)
    : answer({ ok: true, tone: "success", message: "auth.signup.resent" }, email);
}
