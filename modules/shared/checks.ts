import { z } from "zod/mini";

/**
 * A text field without control characters (NUL, line breaks, escapes): PostgreSQL cannot store NUL, and
 * none belongs in a name or a login. `error` is the form's translation key for the message.
 */
export const noControl = (error: string) => z.refine<string>((v) => !/\p{Cc}/u.test(v), { error });

/** Whether a string holds a control character (for inputs read outside a form schema). */
export const hasControl = (v: string) => /\p{Cc}/u.test(v);
