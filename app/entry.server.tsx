import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { appContext } from "./context.ts";
import { scriptsAfterPaint } from "./lib/scripts-after-paint.server.ts";

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
    // React's abort after the longest a stream may take; cleared as soon as the page is written, so the
    // pending timer does not keep the request's render state and loader data alive until then.
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    // The whole page before anything is sent, for every client (as for bots): a part that loads when
    // first needed (the error page's content) is in the HTML, not a hidden segment that only a script shows.
    // The loaders have all answered by now, so only such parts are waited for.
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const status = responseStatusCode;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Held whole (it is ready) so that the scripts can be started after the first paint (ADR 0037).
          const chunks: Buffer[] = [];
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, done) {
                chunks.push(chunk);
                done();
              },
              final(done) {
                clearTimeout(abortTimer);
                const page = scriptsAfterPaint(Buffer.concat(chunks));
                resolve(new Response(page, { headers: responseHeaders, status }));
                done();
              },
            }).once("error", (error) => {
              clearTimeout(abortTimer);
              reject(error);
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}
