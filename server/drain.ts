/**
 * Stopping the HTTP server without losing a request a client has already sent. Node's `server.close()`
 * closes at once every connection it sees as idle, and under load a kept-alive connection whose next
 * request still waits in the socket's buffer (the event loop busy with others) looks idle: a SIGTERM at
 * 16 connections cut all 16 (`wrk`: 17 read errors), and a proxy retries only what is safe to repeat.
 *
 * Here the server stops taking connections, but each connection it holds is still read for `graceMs`: a
 * request arriving on it is answered, with `Connection: close`, and the connection ends after its
 * answer. Connections still idle after the grace are closed (again every `SHUTDOWN.idleSweepMs`, for
 * answers that were already under way when the stop began and left their connection open).
 */
import type { RequestListener, Server } from "node:http";
import net from "node:net";
import { SHUTDOWN } from "#config/constants.ts";

export function drainable() {
  let closing = false;
  return {
    /** The server's request listener, wrapped: once the stop has begun, every answer closes its connection. */
    wrap: (listener: RequestListener): RequestListener =>
      ((req, res) => {
        if (closing) res.shouldKeepAlive = false;
        listener(req, res);
      }) as RequestListener,
    /**
     * Stops taking connections and waits for the held ones to end: true once all have, false at
     * `SHUTDOWN.drainMs` with some still open (the caller goes on and exits).
     */
    drain(server: Server): Promise<boolean> {
      closing = true;
      return new Promise((resolve) => {
        let sweep: NodeJS.Timeout | undefined;
        const grace = setTimeout(() => {
          server.closeIdleConnections();
          sweep = setInterval(() => server.closeIdleConnections(), SHUTDOWN.idleSweepMs);
        }, SHUTDOWN.graceMs);
        const deadline = setTimeout(() => finish(false), SHUTDOWN.drainMs);
        const finish = (all: boolean) => {
          clearTimeout(grace);
          clearTimeout(deadline);
          clearInterval(sweep);
          resolve(all);
        };
        // net.Server's own close: it stops listening and calls back once every connection has ended,
        // without http.Server's closing of the idle ones first.
        net.Server.prototype.close.call(server, () => finish(true));
      });
    },
  };
}
