import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * The member's pages are guarded once, by middleware on their layout (issue 21: requireMember instead of
 * a guard in each loader): a guest asking for any of them goes to sign-up with the way back, a guest
 * posting one of their forms goes to log in with the way back, in both languages; a member gets the page.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock = { now: () => new Date("2026-11-25T12:00:00Z") };
const http = () => httpClient((p, i) => srv.request(p, i));

beforeAll(async () => {
  srv = await createTestServer({ clock });
});
afterAll(() => srv?.cleanup());

const PAGES = [
  "/profile",
  "/profile/favorites",
  "/profile/favorites/12",
  "/profile/downloads?page=2",
  "/profile/settings",
  "/profile/billing",
  "/profile/payments",
  "/profile/invoices",
];

describe("the member's pages", () => {
  it("send a guest to sign up with the way back, in English and Spanish", async () => {
    for (const page of PAGES)
      for (const prefix of ["", "/es"]) {
        const res = await http().get(`${prefix}${page}`);
        expect([page, res.status]).toEqual([page, 302]);
        expect(res.headers.get("location")).toBe(`${prefix}/signup?redirect=${encodeURIComponent(`${prefix}${page}`)}`);
      }
  });

  it("offer a member who lands on sign-up a log-in link that keeps the way back, in English and Spanish", async () => {
    for (const prefix of ["", "/es"]) {
      const back = encodeURIComponent(`${prefix}/profile/billing`);
      const html = await (await http().get(`${prefix}/signup?redirect=${back}`)).text();
      expect(html).toContain(`href="${prefix}/login?redirect=${back}"`);
    }
  });

  it("send a guest's form to log in with the way back, and never run the action", async () => {
    const res = await http().post("/es/profile/billing", { intent: "cancel", reason: "tooExpensive" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/es/login?redirect=${encodeURIComponent("/es/profile/billing")}`);
    const fav = await http().post("/profile/favorites", { intent: "createFolder", name: "x" });
    expect(fav.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent("/profile/favorites")}`);
  });

  it("open for a member", async () => {
    const { jar } = await signedInMember(srv, clock);
    for (const page of ["/profile", "/profile/settings", "/es/profile/invoices"])
      expect([page, (await http().get(page, jar)).status]).toEqual([page, 200]);
  });
});

describe("the guest pages (requireGuest)", () => {
  it("send a signed-in member to their profile, in English and Spanish, and open for a guest", async () => {
    const { jar } = await signedInMember(srv, clock);
    for (const page of ["/login", "/signup", "/login/verify"])
      for (const prefix of ["", "/es"]) {
        const res = await http().get(`${prefix}${page}`, jar);
        expect([page, res.status, res.headers.get("location")]).toEqual([page, 302, `${prefix}/profile`]);
        expect([page, (await http().get(`${prefix}${page}`)).status]).toEqual([page, 200]);
      }
  });
});
