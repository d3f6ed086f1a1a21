import { GraphQLError } from "graphql";
import { GRAPHQL, type Locale } from "#config/constants.ts";
import type { AccountView, Viewer } from "#modules/accounts/view.ts";

/** The API's own messages (its clients match some of them), in both languages. */
export const MESSAGES = {
  invalidLanguage: { en: "Invalid language type.", es: "Tipo de idioma no válido." },
  invalidTimeZone: { en: "Invalid time zone.", es: "Zona horaria no válida." },
  notFound: { en: "Tag not found.", es: "Etiqueta no encontrada." },
  forbidden: { en: "You can only read your own downloads.", es: "Solo puedes consultar tus propias descargas." },
  unauthenticated: { en: "Log in first.", es: "Inicia sesión primero." },
} as const;

/** Where no request language is known yet (Yoga's masked errors). */
export const UNAVAILABLE_MESSAGE = "SlideNest is briefly unavailable. Please try again in a few seconds.";

/** A database outage: 503 with Retry-After, never "Unexpected error". */
export function unavailable(message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: "SERVICE_UNAVAILABLE", http: { status: 503, headers: { "Retry-After": "5" } } },
  });
}

export function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });
}

/** The signed-in account, or 401 UNAUTHENTICATED. */
export function signedIn(ctx: { scope: { viewer: Viewer; locale: Locale } }): AccountView {
  const account = ctx.scope.viewer?.account;
  if (!account)
    throw new GraphQLError(MESSAGES.unauthenticated[ctx.scope.locale], {
      extensions: { code: "UNAUTHENTICATED", http: { status: 401 } },
    });
  return account;
}

/** skip and limit of a list, within their bounds (limit 50 unless asked). */
export function checkPaging(skip: number | null | undefined, limit: number | null | undefined) {
  const s = skip ?? 0;
  const l = limit ?? 50;
  if (s < 0 || s > 100_000) throw badInput("skip must be between 0 and 100000.");
  if (l < 0 || l > GRAPHQL.maxListLimit) throw badInput(`limit must be between 0 and ${GRAPHQL.maxListLimit}.`);
  return { skip: s, limit: l };
}

/** A page number, 1 to 10000 (1 unless asked). */
export function checkPage(page: number | null | undefined) {
  const p = page ?? 1;
  if (p < 1 || p > 10_000) throw badInput("page must be between 1 and 10000.");
  return p;
}
