import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { appContext } from "./context.ts";
import { finishPage } from "./lib/page-head.server.ts";

export { appContext };

export const streamTimeout = 5_000;

/**
 * What a loader or an action threw goes to the server's log with the request's id (server/pages.ts),
 * which also answers 503 with Retry-After when the database was away. An aborted request is no failure.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.get(appContext).reportError(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(appContext).nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The whole page is rendered before anything is sent (no part of it streams later): its head then
    // carries the CSS rules its body uses, and its scripts' preloads wait for the first paint's
    // resources (lib/page-head.server.ts).
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(
              new Response(finishPage(Buffer.concat(chunks).toString("utf8"), nonce), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
