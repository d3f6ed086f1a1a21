/**
 * A download's grant, server half: the same service, viewer, budget and refusals for a fetcher (the
 * download panel and the downloads page, answered with the file's signed address and the allowance) and
 * for a plain form without scripts (sent on to the file, or back to its page with `?download=reason`).
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { downloadInput } from "#modules/downloads/schemas.ts";
import type { Allowance, Viewer } from "#modules/downloads/service.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import type { DownloadAnswer } from "./answers.ts";
import { formFields, fromFetcher, refererPath, textAnswer } from "./form.server.ts";

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** A refused grant's status, by its code. */
function refusalStatus(code: string): 403 | 404 | 409 {
  if (code === "downloads.errors.unknown") return 404;
  if (code === "downloads.errors.notAvailable" || code === "downloads.errors.broken") return 409;
  return 403;
}

export async function downloadAction({ request, context }: ActionArgs) {
  const app = context.get(appContext);
  const t = serverT(app.scope.locale);
  const fetcher = fromFetcher(request);
  const headers = new Headers();
  const refuse = (
    status: 400 | 403 | 404 | 409 | 429,
    code: string,
    extra: { allowance?: Allowance; retryAfter?: number } = {},
  ) => {
    const message = extra.retryAfter === undefined ? t(code) : t(code, { seconds: extra.retryAfter });
    if (extra.retryAfter !== undefined) headers.set("Retry-After", String(extra.retryAfter));
    if (fetcher) return data<DownloadAnswer>({ ok: false, code, message, ...extra }, { status, headers });
    const path = refererPath(request, app.origin);
    if (!path) return textAnswer(message, status, headers);
    const back = new URL(path, app.origin);
    back.searchParams.set("download", code.split(".").pop() ?? "error");
    if (extra.retryAfter !== undefined) back.searchParams.set("wait", String(extra.retryAfter));
    return redirect(back.pathname + back.search, { status: 303, headers });
  };

  const wait = await app.downloadGrant.limit();
  if (wait !== null) return refuse(429, "downloads.errors.rateLimited", { retryAfter: wait });
  const input = downloadInput.safeParse(await formFields(request));
  if (!input.success) return refuse(400, "downloads.errors.badRequest");

  // The signed-in account, else the guest of the signed cookie (a new one is set on the answer).
  const { downloads } = app.services;
  const session = app.request.viewer;
  let viewer: Viewer;
  if (session) viewer = downloads.accountViewer(session.account, app.request.clientKey);
  else {
    const guest = app.downloadGrant.guest(request);
    if (guest.setCookie) headers.append("Set-Cookie", guest.setCookie);
    viewer = { kind: "guest", guestId: guest.guestId, ip: app.request.clientKey };
  }
  const result = await downloads.requestDownload(app.scope, {
    viewer,
    templateColorId: input.data.colorId,
    format: input.data.format,
  });
  if (!result.ok) return refuse(refusalStatus(result.code), result.code, { allowance: result.allowance });
  if (!fetcher) return redirect(result.value.url, { status: 303, headers });
  const message = t(result.value.alreadyOwned ? "downloads.alreadyOwned" : "downloads.started");
  return data<DownloadAnswer>({ ok: true, ...result.value, message }, { headers });
}
