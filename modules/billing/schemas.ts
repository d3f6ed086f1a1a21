import { z } from "zod/mini";
import { ACCOUNT_LIMITS, BILLING, BILLING_FIELDS } from "#config/constants.ts";
import { TOO_LONG } from "#modules/accounts/schemas.ts";
import { noControl as noControlCheck } from "#modules/shared/checks.ts";

/**
 * The billing forms, shared by the browser (Conform) and the server (actions, GraphQL). Messages are
 * translation keys. Written with zod/mini like the account forms.
 */
const required = "auth.errors.required";
/** Each field's refusal names its own limit (modules/accounts/schemas.ts LIMIT_PARAMS fills it in). */
const tooLong = (key: (typeof TOO_LONG)[keyof typeof TOO_LONG]) => ({ error: key });

/** Countries we bill, with the shape of their postal codes; `null`: the country has none (optional). */
export const COUNTRY_ZIPS: Record<string, RegExp | null> = {
  AR: /^([A-Z]\d{4}[A-Z]{3}|\d{4})$/i,
  AT: /^\d{4}$/,
  AU: /^\d{4}$/,
  BE: /^\d{4}$/,
  BO: null,
  BR: /^\d{5}-?\d{3}$/,
  CA: /^[A-Z]\d[A-Z][ -]?\d[A-Z]\d$/i,
  CH: /^\d{4}$/,
  CL: /^\d{7}$/,
  CO: /^\d{6}$/,
  CR: /^\d{5}$/,
  DE: /^\d{5}$/,
  DK: /^\d{4}$/,
  DO: /^\d{5}$/,
  EC: /^\d{6}$/,
  ES: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  FI: /^\d{5}$/,
  FR: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  GT: /^\d{5}$/,
  IE: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/i,
  IN: /^\d{6}$/,
  IT: /^\d{5}$/,
  JP: /^\d{3}-?\d{4}$/,
  MX: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  NO: /^\d{4}$/,
  NZ: /^\d{4}$/,
  PA: null,
  PE: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
  PR: /^\d{5}(-\d{4})?$/,
  PT: /^\d{4}-\d{3}$/,
  PY: /^\d{4}$/,
  SE: /^\d{3} ?\d{2}$/,
  US: /^\d{5}(-\d{4})?$/,
  UY: /^\d{5}$/,
  VE: /^\d{4}$/,
};
export const COUNTRIES = Object.keys(COUNTRY_ZIPS);

/** One of the countries we bill (own keys only: "constructor" is not a country). */
export function isCountry(code: string): boolean {
  return Object.hasOwn(COUNTRY_ZIPS, code);
}

/** Whether a postal code fits its country (countries without postal codes take none or anything short). */
export function zipFits(country: string, zip: string): boolean {
  if (!isCountry(country)) return false;
  const pattern = COUNTRY_ZIPS[country];
  if (pattern === null) return zip.length <= 10;
  return pattern.test(zip);
}

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Control characters (NUL, tabs, line breaks) have no place in a one-line field, and PostgreSQL refuses NUL. */
const noControl = noControlCheck("billing.errors.control");
const text = (max: number, key: (typeof TOO_LONG)[keyof typeof TOO_LONG]) =>
  z
    .string({ error: required })
    .check(z.trim(), z.maxLength(max, tooLong(key)), z.minLength(1, { error: required }), noControl);

export const billingDetailsShape = {
  billingName: text(ACCOUNT_LIMITS.nameMax, TOO_LONG.name),
  billingEmail: z.pipe(
    z
      .string({ error: "auth.errors.emailRequired" })
      .check(
        z.trim(),
        z.maxLength(ACCOUNT_LIMITS.emailMax, tooLong(TOO_LONG.email)),
        z.minLength(1, { error: "auth.errors.emailRequired" }),
      ),
    z.email({ error: "auth.errors.emailFormat" }),
  ),
  address: text(BILLING_FIELDS.addressMax, TOO_LONG.address),
  country: z.string({ error: required }).check(z.refine(isCountry, { error: "billing.errors.country" })),
  city: text(BILLING_FIELDS.cityMax, TOO_LONG.city),
  zip: z.optional(z.string().check(z.trim(), z.maxLength(12, { error: "billing.errors.zip" }), noControl)),
};

/** Card fields of the sandbox provider; a real provider takes the card in its own element. */
/** A card's expiry: the month (01-12), an optional separator, the year in two or four digits. */
const EXPIRY = /^\s*(0[1-9]|1[0-2])\s*[/\-.\s]?\s*(\d{2}|\d{4})\s*$/;

export const cardShape = {
  cardNumber: z.pipe(
    z
      .string({ error: required })
      .check(z.maxLength(40, { error: "billing.errors.cardNumber" }), z.minLength(1, { error: required })),
    z.transform((v) => v.replace(/[\s-]/g, "")),
  ),
  // Month and year as people type them: 12/28, 12 / 2028, 12-28, 1228 or 122028; kept as MM/YY or MM/YYYY.
  cardExpiry: z.pipe(
    z
      .string({ error: required })
      .check(z.minLength(1, { error: required }), z.regex(EXPIRY, { error: "billing.errors.cardExpiry" })),
    z.transform((v) => {
      const [, month, year] = EXPIRY.exec(v) ?? [];
      return `${month}/${year}`;
    }),
  ),
  cardCvc: z
    .string({ error: required })
    .check(z.minLength(1, { error: required }), z.regex(/^\d{3,4}$/, { error: "billing.errors.cardCvc" })),
};

const checkCard = (v: { cardNumber: string }, ctx: z.core.$RefinementCtx<unknown>) => {
  if (!/^\d{12,19}$/.test(v.cardNumber) || !luhnValid(v.cardNumber))
    ctx.addIssue({ code: "custom", path: ["cardNumber"], message: "billing.errors.cardNumber", input: v.cardNumber });
};

const checkZip = (v: { country: string; zip?: string }, ctx: z.core.$RefinementCtx<unknown>) => {
  const zip = v.zip ?? "";
  if (!isCountry(v.country)) return;
  if (COUNTRY_ZIPS[v.country] !== null && zip === "")
    ctx.addIssue({ code: "custom", path: ["zip"], message: required, input: zip });
  else if (!zipFits(v.country, zip))
    ctx.addIssue({ code: "custom", path: ["zip"], message: "billing.errors.zip", input: zip });
};

/** The amount the page showed, in cents: a charge above it is refused and shown again. */
const expectedField = z.optional(z.string().check(z.regex(/^\d{1,7}$/, { error: "billing.errors.amountChanged" })));

export const PLAN_TYPES = ["personal", "commercial"] as const;
export const PERIODS = ["monthly", "yearly"] as const;

/** The payment page: billing details, card, plan and period, and the attempt key that stops double charges. */
export const paymentSchema = z
  .object({
    ...billingDetailsShape,
    ...cardShape,
    type: z.enum(PLAN_TYPES, { error: "billing.errors.plan" }),
    period: z.enum(PERIODS, { error: "billing.errors.plan" }),
    attempt: z.string({ error: "billing.errors.attempt" }).check(z.regex(/^[\w-]{8,64}$/, "billing.errors.attempt")),
    expected: expectedField,
  })
  .check(
    z.superRefine((v, ctx) => {
      checkZip(v, ctx);
      checkCard(v, ctx);
    }),
  );
export type PaymentInput = z.infer<typeof paymentSchema>;

/** A new card for the subscription (billing page). */
export const cardSchema = z.object({ ...cardShape }).check(z.superRefine((v, ctx) => checkCard(v, ctx)));
export type CardFormInput = z.infer<typeof cardSchema>;

/** An upgrade paid with the card on file. */
export const upgradeSchema = z.object({
  type: z.enum(PLAN_TYPES, { error: "billing.errors.plan" }),
  period: z.enum(PERIODS, { error: "billing.errors.plan" }),
  attempt: z.string({ error: "billing.errors.attempt" }).check(z.regex(/^[\w-]{8,64}$/, "billing.errors.attempt")),
  expected: expectedField,
});

/** Control characters other than tabs and line breaks (a pasted NUL, which PostgreSQL refuses too). */
const CONTROL_IN_TEXT = /(?![\t\n\r])\p{Cc}/u;

/**
 * A cancellation: one of the reasons and, for "Something else", the member's own words (optional, up to
 * BILLING.cancelNoteMax characters); they are kept with the reason.
 */
export const cancelSchema = z.object({
  reason: z.enum(BILLING.cancelReasons, { error: "billing.cancel.reasonRequired" }),
  note: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(BILLING.cancelNoteMax, { error: "billing.cancel.noteTooLong" }),
      z.refine((v) => !CONTROL_IN_TEXT.test(v), { error: "billing.cancel.noteControl" }),
    ),
  ),
});

/** The words kept with a cancellation: only for "Something else", and none when empty. */
export function cancelNoteOf(reason: string, note: string | undefined | null): string | null {
  const text = reason === "other" ? (note ?? "").trim() : "";
  return text ? text : null;
}

/** "MM/YY" or "MM/YYYY" as month and four-digit year. */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const [m, y] = expiry.replace(/\s/g, "").split("/");
  const year = Number(y.length === 2 ? `20${y}` : y);
  return { month: Number(m), year };
}

/** A card made by the provider's own element in the browser (Stripe.js): only its token reaches us. */
const cardTokenField = z
  .string({ error: "billing.errors.cardToken" })
  .check(z.regex(/^pm_\w{1,200}$/, { error: "billing.errors.cardToken" }));

/** The payment page with a provider's card element instead of card fields. */
export const tokenPaymentSchema = z
  .object({
    ...billingDetailsShape,
    cardToken: cardTokenField,
    type: z.enum(PLAN_TYPES, { error: "billing.errors.plan" }),
    period: z.enum(PERIODS, { error: "billing.errors.plan" }),
    attempt: z.string({ error: "billing.errors.attempt" }).check(z.regex(/^[\w-]{8,64}$/, "billing.errors.attempt")),
    expected: expectedField,
  })
  .check(z.superRefine((v, ctx) => checkZip(v, ctx)));

/** A new card from the provider's element (billing page). */
export const tokenCardSchema = z.object({ cardToken: cardTokenField });
