/**
 * Favourites, server half: which of some templates the member keeps (a fetcher's load) and a favourite
 * set on or off (a fetcher's submission, answered in place; a plain form without scripts is sent back to
 * its page, a guest to the log-in page with the way back). Only ever the caller's own favourites.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { favoriteIdsInput, setFavoriteInput } from "#modules/favorites/schemas.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import type { FavoriteAnswer, FavoriteIdsAnswer } from "./answers.ts";
import { formFields, fromFetcher, refererPath, textAnswer } from "./form.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const BAD_REQUEST = "account.favorites.errors.badRequest";
const LOGIN_REQUIRED = "account.favorites.errors.loginRequired";
const RATE_LIMITED = "account.favorites.errors.rateLimited";

/** GET /favorites?ids=1,2,3 (up to 100): which of these the signed-in visitor keeps. */
export async function favoriteIdsLoader({ request, context }: Args) {
  const app = context.get(appContext);
  const t = serverT(app.scope.locale);
  const viewer = app.request.viewer;
  if (!viewer)
    return data<FavoriteIdsAnswer>({ ok: false, code: LOGIN_REQUIRED, message: t(LOGIN_REQUIRED) }, { status: 401 });
  const ids = favoriteIdsInput.safeParse(new URL(request.url).searchParams.get("ids") ?? "");
  if (!ids.success)
    return data<FavoriteIdsAnswer>({ ok: false, code: BAD_REQUEST, message: t(BAD_REQUEST) }, { status: 400 });
  const kept = await app.services.favorites.favoriteIds(app.scope, viewer.account.id, ids.data);
  return data<FavoriteIdsAnswer>({ ok: true, ids: [...kept] });
}

/** POST /favorites { templateId, favorite: true|false }. */
export async function favoriteAction({ request, context }: Args) {
  const app = context.get(appContext);
  const locale = app.scope.locale;
  const t = serverT(locale);
  const fetcher = fromFetcher(request);
  const back = refererPath(request, app.origin) ?? localePath(locale, "/");
  const headers = new Headers();
  const refuse = (status: 400 | 401 | 404 | 429, code: string, message: string) => {
    if (fetcher) return data<FavoriteAnswer>({ ok: false, code, message }, { status, headers });
    if (status === 401)
      return redirect(`${localePath(locale, "/login")}?redirect=${encodeURIComponent(back)}`, { status: 303 });
    return textAnswer(message, status, headers);
  };
  const viewer = app.request.viewer;
  if (!viewer) return refuse(401, LOGIN_REQUIRED, t(LOGIN_REQUIRED));
  const wait = await app.limitFavoriteChange();
  if (wait !== null) {
    headers.set("Retry-After", String(wait));
    return refuse(429, RATE_LIMITED, t(RATE_LIMITED, { seconds: wait }));
  }
  const input = setFavoriteInput.safeParse(await formFields(request));
  if (!input.success) return refuse(400, BAD_REQUEST, t(BAD_REQUEST));
  const result = await app.services.favorites.setFavorite(app.scope, {
    accountId: viewer.account.id,
    templateId: input.data.templateId,
    favorite: input.data.favorite,
  });
  if (!result.ok) return refuse(404, result.code, t(result.code));
  if (!fetcher) return redirect(back, 303);
  return data<FavoriteAnswer>({
    ok: true,
    favorite: result.value,
    message: t(result.value ? "account.favorites.added" : "account.favorites.removed"),
  });
}
