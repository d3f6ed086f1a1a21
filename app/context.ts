import { createContext } from "react-router";
import type { Locale } from "#config/constants.ts";
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
};

export const appContext = createContext<AppLoadContext>();
