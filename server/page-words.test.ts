import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deferredLinks } from "#app/lib/scripts-after-paint.server.ts";
import { seedDemo } from "#modules/demo/seed.ts";
import type { Clock } from "#modules/shared/context.ts";
import { httpClient, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * Every page sends its words with it: the root sends only what every page's chrome uses, each area adds
 * its own. A word missing from what a page was sent shows as its key ("auth.login.title"): no page in
 * either language may show one, to a guest or to a member.
 */

let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock: Clock = { now: () => new Date() };
let member: Awaited<ReturnType<typeof signedInMember>>;
let templatePath = "";

beforeAll(async () => {
  srv = await createTestServer();
  await seedDemo(srv.database.db, { now: new Date(Date.now() - 86_400_000), count: 12 });
  member = await signedInMember(srv, clock, "words");
  const home = await (await srv.request("/templates")).text();
  templatePath = /href="(\/template\/[a-z0-9-]+)"/.exec(home)?.[1] ?? "";
});
afterAll(async () => {
  await srv?.cleanup();
});

const NAMESPACES = "common|catalog|template|downloads|search|auth|account|billing|blog|contact";
/** A translation key in text or an attribute: `auth.login.title`, not a path or a file name. */
const KEY = new RegExp(`(?<![\\w/.-])(?:${NAMESPACES})\\.[a-z][A-Za-z]*(?:\\.[A-Za-z_]+)+(?![\\w/-])`, "g");

function keysShown(html: string): string[] {
  return [...new Set(visible(html).match(KEY) ?? [])];
}

const GUEST_PAGES = [
  "/",
  "/templates",
  "/business",
  "/search?q=plan",
  "/search?q=zzqxv",
  "/business?page=99",
  "/template/no-such-template",
  "/no-such-page",
  "/pricing",
  "/faq",
  "/license",
  "/contact-us",
  "/login",
  "/signup",
  "/forgot-password",
  "/change-password?hash=nothing",
  "/outbox",
  "/blog",
];
const MEMBER_PAGES = [
  "/",
  "/profile",
  "/profile/favorites",
  "/profile/downloads",
  "/profile/licences",
  "/profile/settings",
  "/profile/billing",
  "/profile/payments",
  "/profile/invoices",
  "/payment/personal",
  "/contact-us",
];

describe("the words each page is sent", () => {
  for (const prefix of ["", "/es"]) {
    it(`a guest sees no translation key on any page (${prefix || "/"})`, async () => {
      const http = httpClient((p, i) => srv.request(p, i));
      for (const path of [...GUEST_PAGES, templatePath]) {
        const res = await http.get(`${prefix}${path === "/" && prefix ? "" : path}`);
        expect(keysShown(await res.text()), `${prefix}${path}`).toEqual([]);
      }
    });

    it(`a member sees no translation key on any page (${prefix || "/"})`, async () => {
      const http = httpClient((p, i) => srv.request(p, i));
      for (const path of [...MEMBER_PAGES, templatePath]) {
        const res = await http.get(`${prefix}${path === "/" && prefix ? "" : path}`, member.jar);
        expect(keysShown(await res.text()), `${prefix}${path}`).toEqual([]);
      }
    });
  }

  /**
   * The sets of words a page references, loaded as the browser does: the page's loader adds them after the
   * first paint from the list its inert module script carries (ADR 0037).
   */
  const wordsOf = async (path: string) => {
    const html = await (await srv.request(path)).text();
    const hrefs = deferredLinks(html).words;
    const sets = await Promise.all(
      hrefs.map(async (href) => {
        const res = await srv.request(href);
        expect(res.status, href).toBe(200);
        expect(res.headers.get("cache-control"), href).toBe("public, max-age=31536000, immutable");
        return (await res.json()) as Record<string, string>;
      }),
    );
    return { html, hrefs, words: Object.assign({}, ...sets) as Record<string, string> };
  };

  it("sends a guest's catalog page only the chrome's and the list's words, the sign-in page its own", async () => {
    const list = await wordsOf("/business");
    expect(list.hrefs).toHaveLength(2);
    expect(list.words["catalog.filters.style"]).toBe("Style");
    expect(list.words["catalog.card.premium"]).toBe("Premium");
    expect(list.words["auth.signup.title"]).toBeUndefined();
    expect(list.words["account.settings.title"]).toBeUndefined();
    expect(list.words["auth.menu.profile"]).toBeUndefined();
    // The words are files of their own, not in the page.
    expect(list.html).not.toContain("catalog.filters.style");
    const login = await wordsOf("/es/login");
    expect(login.words["auth.login.heading"]).toBeTruthy();
    expect(login.words["common.captcha.working"]).toBeTruthy();
    expect(login.words["catalog.filters.style"]).toBeUndefined();
  });

  it("serves each set named by its content: kept for a year; an old name gets today's words uncached", async () => {
    const { hrefs } = await wordsOf("/es/business");
    const [root] = hrefs;
    expect(root).toMatch(/^\/i18n\/es\/root\.[0-9a-f]{10}\.json$/);
    const stale = await srv.request(root.replace(/\.[0-9a-f]{10}\.json$/, ".0123456789.json"));
    expect(stale.status).toBe(200);
    expect(stale.headers.get("cache-control")).toBe("no-cache");
    expect(await stale.json()).toEqual(await (await srv.request(root)).json());
    // A member's browser sends its session with the request: the words neither read nor renew it.
    const asMember = await srv.request(root, { headers: { cookie: member.jar.header } });
    expect(asMember.status).toBe(200);
    expect(asMember.headers.getSetCookie()).toEqual([]);
    expect(asMember.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const bad of [
      "/i18n/xx/root.0123456789.json",
      "/i18n/en/nope.0123456789.json",
      "/i18n/en/constructor.0123456789.json",
      "/i18n/en/root.json",
      "/i18n/en/%00",
    ]) {
      expect((await srv.request(bad)).status, bad).toBe(404);
    }
  });
});
