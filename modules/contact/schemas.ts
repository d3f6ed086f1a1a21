import { z } from "zod/mini";
import { ACCOUNT_LIMITS, CONTACT } from "#config/constants.ts";

/**
 * The contact form (SPEC §2, §3): one schema for Conform in the browser, the page's action and the
 * contact service. Messages are translation keys of the "contact" namespace; the page translates them
 * (`max` is CONTACT.nameMax or CONTACT.messageMax). Written with zod/mini, like the account forms.
 */
export const CONTACT_ERRORS = {
  required: "contact.errors.required",
  alphabet: "contact.errors.alphabet",
  nameTooLong: "contact.errors.nameTooLong",
  emailRequired: "contact.errors.emailRequired",
  emailFormat: "contact.errors.emailFormat",
  emailTooLong: "contact.errors.emailTooLong",
  messageTooLong: "contact.errors.messageTooLong",
  control: "contact.errors.control",
} as const;
const E = CONTACT_ERRORS;

const graphemes =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
    : null;

/**
 * Length as a person sees it: grapheme clusters, so "é" written as e + accent, a flag or a family emoji
 * is one character (String.length would count 2, 2 and 11).
 */
export function visibleLength(text: string): number {
  if (!graphemes) return [...text].length;
  let n = 0;
  for (const _ of graphemes.segment(text)) n++;
  return n;
}

/**
 * Letters of any script (with their combining marks), and between two letters at most one space,
 * hyphen or apostrophe: "José María", "O'Neill", "Zoë", "Łukasz", "李". No digits, symbols, emoji or
 * control characters. Each repetition starts with a letter, so matching is linear.
 */
const NAME = /^\p{L}\p{M}*(?:[ '’-]?\p{L}\p{M}*)*$/u;

/** Control characters other than tab and line breaks (NUL cannot even be stored). */
export const MESSAGE_CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** What a person types in a text field: line breaks as \n, composed characters (NFC). */
export const tidy = (v: string) => v.replace(/\r\n?/g, "\n").normalize("NFC");

const nameField = z.string({ error: E.required }).check(
  z.overwrite(tidy),
  z.trim(),
  z.minLength(1, { error: E.required, abort: true }),
  z.refine((v) => visibleLength(v) <= CONTACT.nameMax, { error: E.nameTooLong, abort: true }),
  z.regex(NAME, { error: E.alphabet }),
);

const emailField = z.pipe(
  z
    .string({ error: E.emailRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: E.emailRequired, abort: true }),
      z.maxLength(ACCOUNT_LIMITS.emailMax, { error: E.emailTooLong, abort: true }),
    ),
  z.email({ error: E.emailFormat }),
);

const messageField = z.string({ error: E.required }).check(
  z.overwrite(tidy),
  z.trim(),
  z.minLength(1, { error: E.required, abort: true }),
  z.refine((v) => visibleLength(v) <= CONTACT.messageMax, { error: E.messageTooLong, abort: true }),
  z.refine((v) => !MESSAGE_CONTROL.test(v), { error: E.control }),
);

export const contactSchema = z.object({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  message: messageField,
});

export type ContactInput = z.infer<typeof contactSchema>;
