import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "#db/seed/index.ts";
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

  it("sends a guest's catalogue page only the chrome's words, and the sign-in page its own", async () => {
    const list = await (await srv.request("/business")).text();
    expect(list).not.toContain("auth.signup.title");
    expect(list).not.toContain("account.settings.title");
    const login = await (await srv.request("/login")).text();
    expect(login).toContain("auth.login.heading");
  });
});
