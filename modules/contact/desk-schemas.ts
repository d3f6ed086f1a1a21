import { z } from "zod/mini";
import { DESK_MESSAGES } from "#config/constants.ts";
import { MESSAGE_CONTROL, tidy, visibleLength } from "./schemas.ts";

/**
 * The operator's desk forms for a contact message (issue 23): a reply (saved as a draft or sent) and a
 * change of state (close, reopen). One schema each, for the page's action and the desk's services;
 * messages are translation keys of the "deskMessages" namespace (`max` is DESK_MESSAGES.replyMax).
 */
export const DESK_MESSAGE_ERRORS = {
  /** The form was not one of the desk's (a hand-made post). */
  invalid: "deskMessages.errors.invalid",
  empty: "deskMessages.errors.empty",
  tooLong: "deskMessages.errors.tooLong",
  control: "deskMessages.errors.control",
  notFound: "deskMessages.errors.notFound",
  replyNotFound: "deskMessages.errors.replyNotFound",
  alreadySent: "deskMessages.errors.alreadySent",
  inProgress: "deskMessages.errors.inProgress",
  sendFailed: "deskMessages.errors.sendFailed",
} as const;
const E = DESK_MESSAGE_ERRORS;

/** A row id as a form posts it: digits only, a safe size. */
const idField = z.pipe(
  z.string({ error: E.invalid }).check(z.regex(/^[1-9]\d{0,8}$/, { error: E.replyNotFound })),
  z.transform(Number),
);

/** Words of a reply: line breaks as \n, composed, trimmed; 1 to DESK_MESSAGES.replyMax characters, no control characters. */
export const replyBodyField = z.string({ error: E.empty }).check(
  z.overwrite(tidy),
  z.trim(),
  z.minLength(1, { error: E.empty, abort: true }),
  z.refine((v) => visibleLength(v) <= DESK_MESSAGES.replyMax, { error: E.tooLong, abort: true }),
  z.refine((v) => !MESSAGE_CONTROL.test(v), { error: E.control }),
);

/** The reply form: its words, and the reply it continues (the message's draft, or one that failed). */
export const replySchema = z.object({
  replyId: z.optional(idField),
  body: replyBodyField,
});
export type ReplyInput = z.infer<typeof replySchema>;

/** Closing or reopening a message. */
export const stateSchema = z.object({ state: z.enum(["closed", "open"], { error: E.invalid }) });

/** The inbox's tabs: where a message stands on the desk. */
export const DESK_STATES = ["open", "answered", "closed"] as const;
export type DeskState = (typeof DESK_STATES)[number];
