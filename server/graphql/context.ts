import type { YogaInitialContext } from "graphql-yoga";
import type { Locale } from "#config/constants.ts";
import type { Scope } from "#modules/scope.ts";
import type { RequestContext } from "#server/context.ts";
import { badInput, MESSAGES } from "./errors.ts";
import { resolveTimeZone } from "./time-zone.ts";

/** What every resolver receives for one request: the request's scope, and what only GraphQL needs. */
export type GraphqlContext = {
  /** The request's scope (modules/scope.ts): each resolver hands it to one service call. */
  scope: Scope;
  /** Messages of the request's locale, for coded results. */
  t: (key: string, params?: Record<string, string | number>) => string;
  /** Takes one payment attempt from the caller's budget (each billing mutation field, aliases too). */
  limitPayment: () => Promise<number | null>;
  /** Takes an operation's cost from the caller's GraphQL budget; answers seconds to wait when spent. */
  takeCost: (cost: number) => Promise<number | null>;
  /** Takes one licence check (`licence(code)`) from the caller's budget; answers seconds to wait when spent. */
  limitLicenceCheck: () => Promise<number | null>;
  timeZone: string;
  skip404: boolean;
  guestId: string | null;
  /** The client's address key (guests' allowance also counts per address). */
  clientKey: string;
};

/** What the server hands GraphQL for one request: its context, its scope and the budgets to draw from. */
export type EdgeContext = {
  requestContext?: RequestContext;
  scope?: Scope;
  limitPayment?: () => Promise<number | null>;
  takeCost?: (cost: number) => Promise<number | null>;
  limitLicenceCheck?: () => Promise<number | null>;
};

/** The server's side of the context: the scope of a request that came without one (tests), messages, the guest cookie. */
export type ContextOptions = {
  /** The scope of a call made without the server's (a test calling the handler directly). */
  scopeFor?: (locale: Locale) => Scope;
  translate: (locale: Locale) => GraphqlContext["t"];
  /** Reads the signed guest id from a request's cookies. */
  guestIdOf?: (req: Request) => string | null;
};

/** Builds a request's context; a locale or Time-Zone header that names nothing is a bad input (400). */
export function contextBuilder(opts: ContextOptions) {
  return async ({
    request,
    params,
    requestContext,
    scope,
    limitPayment,
    takeCost,
    limitLicenceCheck,
  }: YogaInitialContext & EdgeContext): Promise<GraphqlContext> => {
    // The language is the request context's; a locale header that names none is a bad input here.
    const rawLocale = request.headers.get("locale");
    if (rawLocale !== null && rawLocale !== "en" && rawLocale !== "es") {
      throw badInput(MESSAGES.invalidLanguage.en);
    }
    const lang: Locale = scope?.locale ?? requestContext?.locale ?? (rawLocale === "es" ? "es" : "en");
    const zone = resolveTimeZone(request.headers.get("time-zone"));
    if (!zone) throw badInput(MESSAGES.invalidTimeZone[lang]);
    const scopeFor =
      opts.scopeFor ??
      (() => {
        throw new Error("no scope: the server hands GraphQL the request's scope");
      });
    const skip404 = Boolean((params.variables as Record<string, unknown> | undefined)?.skip404);
    return {
      scope: scope ?? scopeFor(lang),
      t: opts.translate(lang),
      limitPayment: limitPayment ?? (async () => null),
      takeCost: takeCost ?? (async () => null),
      limitLicenceCheck: limitLicenceCheck ?? (async () => null),
      timeZone: zone,
      skip404,
      guestId: opts.guestIdOf?.(request) ?? null,
      clientKey: requestContext?.clientKey ?? "",
    };
  };
}
