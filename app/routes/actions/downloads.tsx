import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/downloads";
import { type DownloadAnswer, orNoAnswer } from "./answers.ts";
import { downloadAction } from "./downloads.server.ts";
import { retryAfterHeader } from "./form.server.ts";

/** Route policy (server/route-policy.ts): a grant is the visitor's own: kept by no cache. */
export const handle: PolicyHandle = { policy: { cache: "personal" } };

/** POST /downloads (and /es/downloads): a download's grant (downloads.server.ts). No page. */
export const action = (args: Route.ActionArgs) => downloadAction(args);

export const headers: Route.HeadersFunction = retryAfterHeader;

/** A fetcher's grant: the server's answer, or a `NoAnswer` the panel shows when the connection failed. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => orNoAnswer<DownloadAnswer>(serverAction);
