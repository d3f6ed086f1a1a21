import type { Executor } from "#db/client.server.ts";
import type { Scope } from "#modules/scope.ts";
import { serverT } from "#modules/shared/messages.server.ts";

const silent = { info() {}, warn() {}, error() {} };
const missing = (port: string) => () => {
  throw new Error(`this test's scope has no ${port}`);
};

/**
 * A request scope for a test (modules/scope.ts): the given database, English, a guest, the real clock and
 * messages; ports a test does not give throw when used, so a test never reaches one by accident.
 */
export function testScope(db: Executor, parts: Partial<Scope> = {}): Scope {
  return {
    db,
    clock: { now: () => new Date() },
    locale: "en",
    log: silent,
    viewer: null,
    secret: "test-secret-test-secret-test-secret",
    origin: "http://localhost:3000",
    translate: serverT,
    mailer: { kind: "outbox", send: missing("mailer") },
    storage: new Proxy({} as Scope["storage"], { get: (_t, name) => missing(`storage.${String(name)}`) }),
    payments: null,
    captcha: missing("captcha"),
    inflight: new Map(),
    ...parts,
  };
}
