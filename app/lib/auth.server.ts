import type { AppLoadContext } from "#app/context.ts";
import { emailFormSchema } from "#modules/accounts/schemas.ts";

/** Sends a new verification link (shared by the log-in and sign-up pages). */
export async function resend(app: AppLoadContext, formData: FormData, wait: number | null) {
  const parsed = emailFormSchema.safeParse({ email: formData.get("email") ?? "" });
  if (!parsed.success)
    return { resend: { ok: false, message: parsed.error.issues[0]?.message ?? "auth.errors.emailFormat" } };
  if (wait !== null) return { resend: { ok: false, message: "auth.errors.rateLimited", seconds: wait } };
  const sent = await app.services.accounts.resendVerification(app.scope, parsed.data.email);
  return { resend: sent.ok ? { ok: true, message: "auth.signup.resent" } : { ok: false, message: sent.code } };
}
