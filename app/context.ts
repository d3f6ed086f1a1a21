import { createContext } from "react-router";
import type { Locale } from "#config/constants.ts";
import type { AccountContext, AccountView } from "#modules/accounts/service.ts";
import type { FileContext } from "#modules/files/service.ts";
import type { ServiceContext } from "#modules/shared/context.ts";
import type { Services } from "#server/services.server.ts";

/** What the Hono server hands to every loader and action. */
export type AppLoadContext = {
  services: Services;
  /** Absolute origin for canonical URLs, e.g. https://slidenest.example. */
  origin: string;
  requestId: string;
  nonce: string;
  /** Builds the service context for a locale. */
  serviceContext(locale: Locale): ServiceContext;
  fileContext(): FileContext;
  /** Service context with mail, for account services. */
  accountContext(locale: Locale): AccountContext;
  /** The signed-in account, or null for a guest. */
  viewer: AccountView | null;
  /** Where mail goes: the embedded outbox (listed at /outbox) or SMTP. */
  mailKind: "outbox" | "smtp";
  /** Takes one log-in or sign-up attempt from this client's budget; answers seconds to wait when spent. */
  limitAuthAttempt(): number | null;
  /** Starts a session for an account; answers the Set-Cookie values to send. */
  startSession(accountId: number): Promise<string[]>;
};

export const appContext = createContext<AppLoadContext>();
