import { z } from "zod";
import { SEARCH_MAX_LENGTH } from "#config/constants.ts";

/**
 * The search box's text so far (GraphQL searchAutocompletions): typing never errors: surrounding space
 * is dropped and anything over the search length is cut, as the search page does.
 */
export const suggestInput = z
  .string()
  .optional()
  .transform((q) => (q ?? "").trim().slice(0, SEARCH_MAX_LENGTH).trim());
