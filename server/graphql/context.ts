import type { YogaInitialContext } from "graphql-yoga";
import type { Locale } from "#config/constants.ts";
import type { AccountView } from "#modules/accounts/service.ts";
import type { BillingContext } from "#modules/billing/service.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { RequestContext } from "#server/context.ts";
import { badInput, MESSAGES } from "./errors.ts";
import { resolveTimeZone } from "./time-zone.ts";

/** What every resolver receives for one request. */
export type GraphqlContext = {
  service: ServiceContext;
  billing: BillingContext;
  /** Messages of the request's locale, for coded results. */
  t: (key: string, params?: Record<string, string | number>) => string;
  /** Takes one payment attempt from the caller's budget (each billing mutation field, aliases too). */
  limitPayment: () => Promise<number | null>;
  /** Takes an operation's cost from the caller's GraphQL budget; answers seconds to wait when spent. */
  takeCost: (cost: number) => Promise<number | null>;
  timeZone: string;
  skip404: boolean;
  guestId: string | null;
  /** The client's address key (guests' allowance also counts per address). */
  clientKey: string;
  accountId: number | null;
  account: AccountView | null;
};

/** What the server hands GraphQL for one request: its context and the budgets to draw from. */
export type EdgeContext = {
  requestContext?: RequestContext;
  limitPayment?: () => Promise<number | null>;
  takeCost?: (cost: number) => Promise<number | null>;
};

/** The server's side of the context: services for a language, messages, the guest cookie. */
export type ContextOptions = {
  serviceContext: (locale: Locale) => ServiceContext;
  /** Billing for a request's client (the sandbox only where demo mode answers it). */
  billingContext: (locale: Locale, request: RequestContext | undefined) => BillingContext;
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
    limitPayment,
    takeCost,
  }: YogaInitialContext & EdgeContext): Promise<GraphqlContext> => {
    // The language is the request context's; a locale header that names none is a bad input here.
    const rawLocale = request.headers.get("locale");
    if (rawLocale !== null && rawLocale !== "en" && rawLocale !== "es") {
      throw badInput(MESSAGES.invalidLanguage.en);
    }
    const lang: Locale = requestContext?.locale ?? (rawLocale === "es" ? "es" : "en");
    const account = requestContext?.viewer?.account ?? null;
    const zone = resolveTimeZone(request.headers.get("time-zone"));
    if (!zone) throw badInput(MESSAGES.invalidTimeZone[lang]);
    const skip404 = Boolean((params.variables as Record<string, unknown> | undefined)?.skip404);
    return {
      service: opts.serviceContext(lang),
      billing: opts.billingContext(lang, requestContext),
      t: opts.translate(lang),
      limitPayment: limitPayment ?? (async () => null),
      takeCost: takeCost ?? (async () => null),
      timeZone: zone,
      skip404,
      guestId: opts.guestIdOf?.(request) ?? null,
      clientKey: requestContext?.clientKey ?? "",
      accountId: account?.id ?? null,
      account: account ?? null,
    };
  };
}
