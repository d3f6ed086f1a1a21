import { z } from "zod";
import { ACCOUNT_LIMITS as L } from "#config/constants.ts";

/**
 * Form schemas shared by the browser (Conform) and the server (actions, REST). Messages are
 * translation keys; the page translates them.
 */
const required = "auth.errors.required";

const trimmed = (max: number) => z.string({ error: required }).trim().max(max, { error: "auth.errors.tooLong" });

export const emailField = z
  .string({ error: "auth.errors.emailRequired" })
  .trim()
  .max(L.emailMax, { error: "auth.errors.tooLong" })
  .min(1, { error: "auth.errors.emailRequired" })
  .pipe(z.email({ error: "auth.errors.emailFormat" }));

/** The password rules of SPEC §5: length, letters, digits and special characters, not containing the e-mail. */
export function passwordIssue(password: string, email?: string): string | null {
  if (password.length < L.passwordMin) return "auth.errors.minLength";
  if (password.length > L.passwordMax) return "auth.errors.tooLong";
  if (!/\p{L}/u.test(password) || !/\d/.test(password) || !/[^\p{L}\d\s]/u.test(password))
    return "auth.errors.passwordWeak";
  const local = email?.split("@")[0]?.toLowerCase();
  if (
    email &&
    (password.toLowerCase().includes(email.toLowerCase()) ||
      (local && local.length >= 3 && password.toLowerCase().includes(local)))
  )
    return "auth.errors.passwordHasEmail";
  return null;
}

export const loginSchema = z.object({
  login: z.string({ error: "auth.errors.fillAll" }).trim().min(1, { error: "auth.errors.fillAll" }).max(L.emailMax),
  password: z.string({ error: "auth.errors.fillAll" }).min(1, { error: "auth.errors.fillAll" }).max(L.passwordMax),
  redirect: z.string().max(512).optional(),
});

export const signupSchema = z
  .object({
    name: trimmed(L.nameMax).min(L.nameMin, { error: required }),
    email: emailField,
    password: z
      .string({ error: "auth.errors.passwordRequired" })
      .min(1, { error: "auth.errors.passwordRequired" })
      .superRefine((p, ctx) => {
        const issue = passwordIssue(p);
        if (issue) ctx.addIssue({ code: "custom", message: issue });
      }),
    terms: z.literal("on", { error: "auth.errors.termsRequired" }),
    redirect: z.string().max(512).optional(),
  })
  .superRefine((v, ctx) => {
    // Runs once every field is valid: the password must not contain the e-mail.
    const issue = passwordIssue(v.password, v.email);
    if (issue) ctx.addIssue({ code: "custom", path: ["password"], message: issue });
  });

export const resendSchema = z.object({ email: emailField });

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;

export const forgotSchema = z.object({ email: emailField });

/** The new password twice; the e-mail rule and "not one of the last two" are checked by the service. */
export const changePasswordSchema = z
  .object({
    hash: z.string().max(200),
    password: z
      .string({ error: "auth.errors.passwordRequired" })
      .min(1, { error: "auth.errors.passwordRequired" })
      .superRefine((p, ctx) => {
        const issue = passwordIssue(p);
        if (issue) ctx.addIssue({ code: "custom", message: issue });
      }),
    confirm: z.string({ error: "auth.errors.required" }).min(1, { error: "auth.errors.required" }),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirm)
      ctx.addIssue({ code: "custom", path: ["confirm"], message: "auth.errors.passwordsDiffer" });
  });
