import { createContext } from "react-router";
import type { Viewer } from "#modules/accounts/view.ts";
import type { AppLoadContext } from "#server/load-context.ts";

export type { AppLoadContext };

/** The server's load context (server/load-context.ts), read by every loader and action. */
export const appContext = createContext<AppLoadContext>();

/** The signed-in member of a page behind `requireMember` (app/lib/require-member.server.ts). */
export const memberContext = createContext<NonNullable<Viewer>>();
