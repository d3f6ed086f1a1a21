import { z } from "zod/mini";
import { BILLING_FIELDS, ACCOUNT_LIMITS as L } from "#config/constants.ts";
import { noControl } from "#modules/shared/checks.ts";

/**
 * Form schemas shared by the browser (Conform) and the server (actions, REST). Messages are
 * translation keys; the page translates them. Written with zod/mini: the same rules at a fraction of
 * the size in the browser.
 */
const required = "auth.errors.required";
const control = "auth.errors.control";

/**
 * "This is too long: at most N characters.", one message per limit: the message's key names the limit and
 * LIMIT_PARAMS gives its number (from the constants), which the page fills in (useErrorText), so every
 * form that shows these keys says the limit without passing it.
 */
export const TOO_LONG = {
  name: "auth.errors.tooLongName",
  email: "auth.errors.tooLongEmail",
  password: "auth.errors.tooLongPassword",
  address: "auth.errors.tooLongAddress",
  city: "auth.errors.tooLongCity",
} as const;
export const LIMIT_PARAMS: Readonly<Record<string, Record<string, number>>> = {
  [TOO_LONG.name]: { max: L.nameMax },
  [TOO_LONG.email]: { max: L.emailMax },
  [TOO_LONG.password]: { max: L.passwordMax },
  [TOO_LONG.address]: { max: BILLING_FIELDS.addressMax },
  [TOO_LONG.city]: { max: BILLING_FIELDS.cityMax },
};
const tooLong = (key: (typeof TOO_LONG)[keyof typeof TOO_LONG]) => ({ error: key });

const emailField = z.pipe(
  z
    .string({ error: "auth.errors.emailRequired" })
    .check(
      z.trim(),
      z.maxLength(L.emailMax, tooLong(TOO_LONG.email)),
      z.minLength(1, { error: "auth.errors.emailRequired" }),
    ),
  z.email({ error: "auth.errors.emailFormat" }),
);

/** The password rules of SPEC §5: length, letters, digits and special characters, not containing the e-mail. */
export function passwordIssue(password: string, email?: string): string | null {
  if (password.length < L.passwordMin) return "auth.errors.minLength";
  if (password.length > L.passwordMax) return TOO_LONG.password;
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

/** A new password: present, then the rules above (the e-mail rule needs the whole form). */
const newPassword = z.string({ error: "auth.errors.passwordRequired" }).check(
  z.minLength(1, { error: "auth.errors.passwordRequired" }),
  z.superRefine((p, ctx) => {
    const issue = passwordIssue(p);
    if (issue) ctx.addIssue({ code: "custom", message: issue, input: p });
  }),
);

const redirectField = z.optional(z.string().check(z.maxLength(512)));

/** A person's name (DECISIONS: 1-80 characters, no control characters). */
const nameField = z
  .string({ error: required })
  .check(
    z.trim(),
    z.maxLength(L.nameMax, tooLong(TOO_LONG.name)),
    z.minLength(L.nameMin, { error: required }),
    noControl(control),
  );

/**
 * Who logs in and the password: the log-in form's two fields, and the whole body POST /auth/authenticate
 * reads (SPEC §7).
 */
export const credentialsSchema = z.object({
  login: z
    .string({ error: "auth.errors.fillAll" })
    .check(
      z.trim(),
      z.minLength(1, { error: "auth.errors.fillAll" }),
      z.maxLength(L.emailMax, tooLong(TOO_LONG.email)),
      noControl(control),
    ),
  password: z
    .string({ error: "auth.errors.fillAll" })
    .check(z.minLength(1, { error: "auth.errors.fillAll" }), z.maxLength(L.passwordMax, tooLong(TOO_LONG.password))),
});

/** The log-in form: the credentials, and where to go afterwards. */
export const loginSchema = z.extend(credentialsSchema, { redirect: redirectField });

export const signupSchema = z
  .object({
    name: nameField,
    email: emailField,
    password: newPassword,
    terms: z.literal("on", { error: "auth.errors.termsRequired" }),
    redirect: redirectField,
  })
  .check(
    // Runs once every field is valid: the password must not contain the e-mail.
    z.superRefine((v, ctx) => {
      const issue = passwordIssue(v.password, v.email);
      if (issue) ctx.addIssue({ code: "custom", path: ["password"], message: issue, input: v.password });
    }),
  );

/** Whether a login looks like an e-mail address (something@domain.tld, within the length limit). */
export const looksLikeEmail = (login: string) => login.length <= L.emailMax && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(login);

/** One e-mail address: resending a verification link, asking for a password link. */
export const emailFormSchema = z.object({ email: emailField });

/** The new password and its repetition must match (checked once both are filled in). */
const sameNewPasswords = z.superRefine((v: { password: string; confirm: string }, ctx) => {
  if (v.password !== v.confirm)
    ctx.addIssue({ code: "custom", path: ["confirm"], message: "auth.errors.passwordsDiffer", input: v.confirm });
});

/** The new password twice; the e-mail rule and "not one of the last two" are checked by the service. */
export const changePasswordSchema = z
  .object({
    hash: z.string().check(z.maxLength(200)),
    password: newPassword,
    confirm: z.string({ error: required }).check(z.minLength(1, { error: required })),
  })
  .check(sameNewPasswords);

/** Name and username (DECISIONS: 3-30 of a-z 0-9 _ . -; any case is taken as lowercase). */
export const profileSchema = z.object({
  intent: z.literal("profile"),
  name: nameField,
  username: z.string({ error: required }).check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: required }),
    z.superRefine((u, ctx) => {
      if (!new RegExp(`^[a-z0-9_.-]{${L.usernameMin},${L.usernameMax}}$`).test(u))
        ctx.addIssue({ code: "custom", message: "auth.errors.usernameFormat", input: u });
    }),
  ),
});

/** The current password, then the new one twice (e-mail, common and reuse rules: the service). */
export const passwordUpdateSchema = z
  .object({
    intent: z.literal("password"),
    current: z
      .string({ error: "auth.errors.passwordRequired" })
      .check(
        z.minLength(1, { error: "auth.errors.passwordRequired" }),
        z.maxLength(L.passwordMax, tooLong(TOO_LONG.password)),
      ),
    password: newPassword,
    confirm: z.string({ error: required }).check(z.minLength(1, { error: required })),
  })
  .check(sameNewPasswords);

/** Deleting the account: the password confirms it. */
/** A new e-mail address, proven by the current password (the change waits for the link to the new address). */
export const emailChangeSchema = z.object({
  intent: z.literal("email"),
  email: emailField,
  current: z
    .string({ error: "auth.errors.passwordRequired" })
    .check(
      z.minLength(1, { error: "auth.errors.passwordRequired" }),
      z.maxLength(L.passwordMax, tooLong(TOO_LONG.password)),
    ),
});

export const deleteAccountSchema = z.object({
  intent: z.literal("delete"),
  password: z
    .string({ error: "auth.errors.passwordRequired" })
    .check(
      z.minLength(1, { error: "auth.errors.passwordRequired" }),
      z.maxLength(L.passwordMax, tooLong(TOO_LONG.password)),
    ),
});

export type SignupInput = z.infer<typeof signupSchema>;

/** The interests form of the profile (SPEC §5 'requiredInterests'): tag ids, at least one. */
export const interestsSchema = z.object({
  tagIds: z
    .array(
      z.pipe(
        z.string().check(z.regex(/^\d{1,10}$/, { error: "account.interests.errors.unknownTag" })),
        z.transform(Number),
      ),
      { error: "account.interests.errors.required" },
    )
    .check(z.minLength(1, { error: "account.interests.errors.required" })),
});
