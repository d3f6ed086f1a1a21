import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PAGE_CACHE } from "#config/constants.ts";
import { getCatalogVersion } from "#modules/catalog/service.ts";
import { seedDemo } from "#modules/demo/seed.ts";
import type { Clock } from "#modules/shared/context.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";
import { deflateParts, gzipWith, joinWith, splitAt } from "./page-cache.ts";
import { chosenEncoding, pooledNonce, withPageHits } from "./pages.ts";

/**
 * ADR 0033: a page cache hit answered by the node request listener before Hono answers what the app
 * answers (headers, body, compression, the view counted), and everything in doubt is left to the app.
 */
const clock: Clock = { now: () => new Date() };
let srv: Awaited<ReturnType<typeof createTestServer>>;
let http: Server;
let base: string;
/** How many requests reached the Hono app (the rest were answered before it). */
let appCalls = 0;

beforeAll(async () => {
  srv = await createTestServer();
  await seedDemo(srv.database.db, { now: new Date(), count: 6 });
  const app = getRequestListener(srv.app.fetch, { overrideGlobalObjects: false });
  http = createServer(
    withPageHits(srv.answerHit, (req, res) => {
      appCalls++;
      return app(req, res);
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await srv?.cleanup();
});

/** A GET through the socket (no compression unless asked: fetch asks for gzip by itself); `via` says whether the app answered it. */
async function get(path: string, headers: Record<string, string> = {}) {
  const before = appCalls;
  const res = await fetch(`${base}${path}`, {
    headers: { "accept-encoding": "identity", ...headers },
    redirect: "manual",
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body, via: appCalls > before ? "app" : "listener" };
}

const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
/** The headers that differ per answer (the date, the request id, the nonce) left out. */
const stable = (res: Response) =>
  [...res.headers]
    .filter(([name]) => !["date", "x-request-id", "connection", "keep-alive"].includes(name))
    .map(([name, value]) => [name, value.replace(nonceOf(res), "NONCE")]);

describe("page cache hits before Hono", () => {
  it("answer as the app does: the same headers, the same body but for the nonce, a new nonce each time", async () => {
    for (const path of ["/business", "/es/business", "/", "/business.data"]) {
      const miss = await get(path);
      expect(miss.res.headers.get("x-page-cache"), path).toBe("MISS");
      const hit = await get(path);
      expect(hit.via, path).toBe("listener");
      expect(hit.res.status, path).toBe(200);
      // The app's own answer of the same hit (through Hono, as the tests' in-process requests go).
      const viaApp = await srv.request(path, { headers: { "accept-encoding": "identity" } });
      expect(viaApp.headers.get("x-page-cache"), path).toBe("HIT");
      const appBody = Buffer.from(await viaApp.arrayBuffer());
      expect(stable(hit.res), path).toEqual(stable(viaApp));
      // A nonce is 16 bytes in base64 (a page's data carries it too, with no policy to read it from).
      const unNonced = (body: Buffer) => body.toString().replace(/[A-Za-z0-9+/]{22}==/g, "NONCE");
      expect(unNonced(hit.body), path).toBe(unNonced(appBody));
      if (!path.includes(".data")) expect(nonceOf(hit.res)).not.toBe(nonceOf(miss.res));
      expect(hit.res.headers.get("x-request-id")).toBeTruthy();
      expect(hit.res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    // `/` says it varies by language (the browser's language chooses it), and by encoding.
    expect((await get("/")).res.headers.get("vary")).toBe("Accept-Language, Accept-Encoding");
    // Made-up parameters are the same page (pageCacheKey), as through the app.
    const withQuery = await get("/business?cb=9&utm_source=x");
    expect([withQuery.via, withQuery.res.headers.get("x-page-cache")]).toEqual(["listener", "HIT"]);
    // A caller's request id is kept, cleaned, as the app keeps it.
    expect((await get("/business", { "x-request-id": "abc<>def" })).res.headers.get("x-request-id")).toBe("abcdef");
  });

  it("gzip as the app negotiates it, compressed once and sent with this answer's nonce", async () => {
    await get("/business");
    const hit = await get("/business", { "accept-encoding": "gzip, deflate, br" });
    expect(hit.via).toBe("listener");
    // fetch decompresses: the length said is the compressed one, the text the page's.
    expect(hit.res.headers.get("content-encoding")).toBe("gzip");
    expect(Number(hit.res.headers.get("content-length"))).toBeLessThan(hit.body.length / 2);
    expect(hit.body.toString()).toContain(`nonce="${nonceOf(hit.res)}"`);
    const viaApp = await srv.request("/business", { headers: { "accept-encoding": "gzip" } });
    expect(viaApp.headers.get("content-encoding")).toBe("gzip");
    expect(stable(hit.res).filter(([n]) => n !== "content-length")).toEqual(
      stable(viaApp).filter(([n]) => n !== "content-length"),
    );
    // Identity when gzip is refused; deflate alone is left to the app's middleware.
    const plain = await get("/business", { "accept-encoding": "gzip;q=0, identity" });
    expect(plain.via).toBe("listener");
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    const deflate = await get("/business", { "accept-encoding": "deflate" });
    expect(deflate.via).toBe("app");
    expect(deflate.res.headers.get("content-encoding")).toBe("deflate");
  });

  it("leave to the app whatever a hit could not answer: a member, a token, a Spanish browser at /, search, odd paths", async () => {
    await get("/business");
    await get("/");
    const { jar } = await signedInMember(srv, clock, "hits");
    const member = await get("/business", { cookie: jar.header });
    expect(member.via).toBe("app");
    expect(member.res.headers.get("cache-control")).toBe("private, no-store");
    expect(member.res.headers.get("x-page-cache")).toBeNull();
    expect((await get("/business", { authorization: "Bearer x" })).via).toBe("app");
    const spanish = await get("/", { "accept-language": "es-ES,es;q=0.9" });
    expect(spanish.via).toBe("app");
    expect(spanish.res.status).toBe(302);
    expect(spanish.res.headers.get("location")).toBe("/es");
    expect((await get("/search?q=business")).via).toBe("app");
    expect((await get("/%62usiness")).via).toBe("app");
    expect((await get("/profile")).via).toBe("app");
    // A guest cookie is no session: still a hit.
    expect((await get("/business", { cookie: "sn_guest=abc" })).via).toBe("listener");
    // A page past its time: the app answers it stale and has it rendered again, then hits are the listener's.
    const version = await getCatalogVersion({ db: srv.database.db });
    const kept = srv.pageCache.lookup("/business", version)?.page;
    if (kept) kept.at -= PAGE_CACHE.ttlMs + 1000;
    const stale = await get("/business");
    expect([stale.via, stale.res.headers.get("x-page-cache")]).toEqual(["app", "STALE"]);
    await vi.waitFor(() => expect(srv.pageCache.lookup("/business", version)?.stale).toBe(false));
    expect((await get("/business")).via).toBe("listener");
  });

  it("answer HEAD with a GET's headers and no body", async () => {
    const get_ = await get("/business");
    const before = appCalls;
    const head = await fetch(`${base}/business`, { method: "HEAD", headers: { "accept-encoding": "identity" } });
    expect(appCalls).toBe(before);
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("HIT");
    expect(head.headers.get("content-length")).toBe(get_.res.headers.get("content-length"));
    expect(stable(head)).toEqual(stable(get_.res));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // A page the cache lacks is still the app's, which renders it.
    const miss = await fetch(`${base}/business?color=teal`, { method: "HEAD" });
    expect([miss.status, appCalls]).toEqual([200, before + 1]);
  });

  it("counts a template's view before the cache, as the app does", async () => {
    const html = (await get("/business")).body.toString();
    const slug = /href="\/template\/([a-z0-9-]+)"/.exec(html)?.[1] ?? "";
    expect(slug).not.toBe("");
    await get(`/template/${slug}`);
    const counted: string[] = [];
    const count = srv.views.count.bind(srv.views);
    srv.views.count = (key, client) => {
      counted.push(`${client}|${key}`);
      count(key, client);
    };
    try {
      const hit = await get(`/template/${slug}`, { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" });
      expect(hit.via).toBe("listener");
      expect(counted).toEqual([`127.0.0.1|en:${slug}`]);
      // Robots and prefetches are not counted.
      await get(`/template/${slug}`, { "user-agent": "Googlebot/2.1" });
      await get(`/template/${slug}`, { "user-agent": "Mozilla/5.0 Firefox/140.0", purpose: "prefetch" });
      expect(counted).toHaveLength(1);
    } finally {
      srv.views.count = count;
    }
  });
});

describe("a hit's parts", () => {
  it("gzip: the deflated parts with each nonce stored between them are the page with that nonce", () => {
    const MARK = "__MARK__";
    const filler = "x".repeat(3000);
    for (const page of [
      `<script nonce="${MARK}">a</script><p>é 🙂 ñ</p>${filler}<script nonce="${MARK}">b</script>`,
      `${MARK}starts and ends${MARK}`,
      "no mark at all: señal 🙂",
      `${MARK}${MARK}`,
      "",
    ]) {
      const parts = splitAt(new TextEncoder().encode(page), MARK);
      const size = parts.reduce((n, p) => n + p.length, 0);
      const nonce = pooledNonce();
      const { chunks, length } = gzipWith({ parts, size, deflated: deflateParts(parts) }, nonce);
      const gz = Buffer.concat(chunks);
      expect(gz.length).toBe(length);
      // gunzip checks the trailer's CRC-32 and length.
      expect(zlib.gunzipSync(gz).toString()).toBe(page.replaceAll(MARK, nonce));
      expect(Buffer.from(joinWith({ parts, size }, nonce)).equals(zlib.gunzipSync(gz))).toBe(true);
    }
  });

  it("nonces: 16 random bytes in base64, never the same twice", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(pooledNonce());
    expect(seen.size).toBe(2000);
    for (const n of seen) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });

  it("chooses the encoding as hono/compress does", () => {
    expect(chosenEncoding(undefined)).toBeNull();
    expect(chosenEncoding("")).toBeNull();
    expect(chosenEncoding("gzip, deflate, br, zstd")).toBe("gzip");
    expect(chosenEncoding("br")).toBeNull();
    expect(chosenEncoding("deflate")).toBe("deflate");
    expect(chosenEncoding("gzip;q=0.5, deflate;q=0.8")).toBe("deflate");
    expect(chosenEncoding("*")).toBe("gzip");
    expect(chosenEncoding("gzip;q=0")).toBeNull();
  });
});
