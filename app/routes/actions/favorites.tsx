import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/favorites";
import { type FavoriteAnswer, type FavoriteIdsAnswer, orNoAnswer } from "./answers.ts";
import { favoriteAction, favoriteIdsLoader } from "./favorites.server.ts";
import { retryAfterHeader } from "./form.server.ts";

/** Route policy (server/route-policy.ts): a member's own favourites: kept by no cache. */
export const handle: PolicyHandle = { policy: { cache: "personal" } };

/** GET /favorites?ids= (and /es/favorites): which of these templates the member keeps. No page. */
export const loader = (args: Route.LoaderArgs) => favoriteIdsLoader(args);

/** POST /favorites: a favourite set on or off (favorites.server.ts). */
export const action = (args: Route.ActionArgs) => favoriteAction(args);

export const headers: Route.HeadersFunction = retryAfterHeader;

/**
 * The hearts' question is answered once per batch (app/components/favorites/favorites-context.tsx): a
 * page's revalidation after another action (a download, a collection) does not ask it again.
 */
export const shouldRevalidate = () => false;

/** The hearts' state and changes: the server's answer, or a `NoAnswer` when the connection failed. */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => orNoAnswer<FavoriteIdsAnswer>(serverLoader);
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => orNoAnswer<FavoriteAnswer>(serverAction);
