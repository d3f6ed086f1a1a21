import { redirect } from "react-router";
import { AVATAR_OUTCOMES, type AvatarOutcome } from "#app/lib/avatar-outcomes.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { localePath } from "#modules/shared/i18n.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/avatar";

/** Route policy (server/route-policy.ts): a picture upload: a picture's body limit, kept by no cache. */
export const handle: PolicyHandle = { policy: { cache: "personal", body: "avatar" } };

/**
 * POST /profile/avatar (multipart, up to 5 MB: the one route with a larger body limit): upload or remove
 * the picture, then back to the settings page, which says what happened. Works the same with or
 * without scripts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { app, locale } = pageContext(request, context);
  const viewer = app.request.viewer;
  if (!viewer) throw new Response(null, { status: 401 });
  const back = (outcome: AvatarOutcome, wait?: number) =>
    redirect(`${localePath(locale, "/profile/settings")}?avatar=${outcome}${wait ? `&wait=${wait}` : ""}#avatar`);
  const wait = await app.limitUpload();
  if (wait !== null) return back("rateLimited", wait);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // A body that is not a well-formed form (cut off, wrong type).
    return back("uploadFailed");
  }
  const ctx = app.scope;
  if (form.get("intent") === "remove") {
    const r = await app.services.avatar.removeAvatar(ctx, { accountId: viewer.account.id });
    return back(r.ok ? "removed" : "removeFailed");
  }
  const file = form.get("avatar");
  const bytes = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  const r = await app.services.avatar.setAvatar(ctx, { accountId: viewer.account.id, bytes });
  if (r.ok) return back("updated");
  const outcome = (Object.keys(AVATAR_OUTCOMES) as AvatarOutcome[]).find((k) => AVATAR_OUTCOMES[k] === r.code);
  return back(outcome ?? "uploadFailed");
}

export function loader() {
  throw new Response(null, { status: 404 });
}
