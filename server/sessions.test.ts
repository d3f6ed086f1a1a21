import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import type { Clock } from "#modules/shared/context.ts";
import { httpClient, Jar, notices, visible } from "#tests/http.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * The account settings' list of sessions over HTTP (issue 19, item 4): plain form posts as a browser
 * without JavaScript sends them, behind one trusted proxy that names the client's address.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock: Clock = { now: () => new Date() };
const PASSWORD = "Sl1des!rock";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

beforeAll(async () => {
  srv = await createTestServer({ env: { TRUST_PROXY: "1" } });
});
afterAll(() => srv?.cleanup());

const http = () => httpClient((p, i) => srv.request(p, i));
let seq = 0;
const account = async () => {
  seq++;
  const email = `sessions${seq}-${process.pid}@example.com`;
  await createVerifiedAccount(
    { db: srv.database.db, clock },
    { email, username: `sessions${seq}-${process.pid}`.slice(0, 30), name: "Sessions", password: PASSWORD },
  );
  return email;
};
/** Logs in through the log-in form from a browser (User-Agent) at an address (forwarded by the proxy). */
const device = async (email: string, userAgent: string, address: string) => {
  const jar = new Jar();
  const res = jar.take(
    await http().post("/login", { login: email, password: PASSWORD }, undefined, {
      "user-agent": userAgent,
      "x-forwarded-for": address,
    }),
  );
  expect(res.status).toBe(302);
  return jar;
};
const settings = async (jar: Jar, path = "/profile/settings") => {
  const res = await http().get(path, jar);
  expect(res.status).toBe(200);
  return visible(await res.text());
};
/** The ids the page's "Sign out" buttons post, in the order shown. */
const sessionIds = (html: string) =>
  [...html.matchAll(/<button\b[^>]*>/g)]
    .filter((m) => m[0].includes('name="end"'))
    .map((m) => /value="([\w-]{16,64})"/.exec(m[0])?.[1])
    .filter((id): id is string => Boolean(id));
const post = async (jar: Jar, fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const res = jar.take(await http().post("/profile/settings", { intent: "sessions", ...fields }, jar, headers));
  return { res, html: res.status === 200 ? await res.text() : "" };
};
const signedIn = async (jar: Jar) => (await http().get("/profile", jar)).status === 200;

describe("account settings: where you're signed in", () => {
  it("lists each device with its browser, OS, times and network (never the full address), this one marked, in both languages", async () => {
    const email = await account();
    const phone = await device(email, ANDROID_CHROME, "203.0.113.57");
    await device(email, MAC_SAFARI, "2001:db8:85a3:8d3:1319:8a2e:370:7348");
    const page = await settings(phone);
    expect(page).toContain("Where you&#x27;re signed in");
    expect(page).toContain("Chrome on Android");
    expect(page).toContain("Safari on macOS");
    expect(page.match(/This device/g)).toHaveLength(1);
    expect(page.indexOf("This device")).toBeGreaterThan(page.indexOf("Chrome on Android"));
    expect(page.indexOf("This device")).toBeLessThan(page.indexOf("Safari on macOS"));
    expect(page).toContain("Network 203.0.113.x");
    expect(page).toContain("Network 2001:db8:85a3:8d3::/64");
    expect(page).not.toContain("203.0.113.57");
    expect(page).not.toContain("8a2e");
    expect(page).toMatch(/Last active \w+ \d{1,2}, \d{4}/);
    expect(page).toContain("Sign out of all other sessions");
    // Only the other device has its own "Sign out".
    expect(sessionIds(page)).toHaveLength(1);
    const es = await settings(phone, "/es/profile/settings");
    expect(es).toContain("Dónde tienes la sesión iniciada");
    expect(es).toContain("Chrome en Android");
    expect(es).toContain("Este dispositivo");
    expect(es).toContain("Red 203.0.113.x");
    expect(es).toContain("Cerrar las demás sesiones");
  });

  it("signs one session out: the member's own only; another account's id, garbage and a foreign page are refused", async () => {
    const email = await account();
    const here = await device(email, ANDROID_CHROME, "203.0.113.10");
    const there = await device(email, MAC_SAFARI, "198.51.100.10");
    const [thereId] = sessionIds(await settings(here));
    // Another account with two devices: the id of its other session is listed to its owner only.
    const twoEmail = await account();
    const victim = await device(twoEmail, WINDOWS_FIREFOX, "192.0.2.20");
    const victimOther = await device(twoEmail, MAC_SAFARI, "192.0.2.21");
    const [victimOtherId] = sessionIds(await settings(victim));
    expect(victimOtherId).toBeTruthy();

    const foreign = await post(here, { end: victimOtherId });
    expect(foreign.res.status).toBe(200);
    expect(notices(foreign.html)).toContain("That session was not found: it may have ended already.");
    expect(await signedIn(victimOther)).toBe(true);

    for (const end of ["", "nope", "x".repeat(20_000), "others-and-more", "'; drop table auth_session; --"]) {
      const bad = await post(here, { end });
      expect(bad.res.status).toBe(200);
      expect(notices(bad.html)).toContain("That session was not found");
    }
    const none = await post(here, {});
    expect(none.res.status).toBe(200);
    expect(notices(none.html)).toContain("That session was not found");

    // From another site: refused before anything changes.
    const forged = await post(here, { end: thereId }, { origin: "https://evil.example" });
    expect(forged.res.status).toBe(403);
    expect(await signedIn(there)).toBe(true);

    const es = await http().post("/es/profile/settings", { intent: "sessions", end: victimOtherId }, here);
    expect(notices(await es.text())).toContain("No encontramos esa sesión");

    const done = await post(here, { end: thereId });
    expect(notices(done.html)).toContain("That session has been signed out.");
    expect(await signedIn(there)).toBe(false);
    expect(await signedIn(here)).toBe(true);
    expect(sessionIds(done.html)).toEqual([]);
    expect(done.html).toContain("No other device is signed in.");
  });

  it("refuses to sign the current session out from the list, and signs out every other one at once", async () => {
    const email = await account();
    const here = await device(email, ANDROID_CHROME, "203.0.113.30");
    const others = [
      await device(email, MAC_SAFARI, "198.51.100.30"),
      await device(email, WINDOWS_FIREFOX, "198.51.100.31"),
    ];
    const stranger = await device(await account(), WINDOWS_FIREFOX, "192.0.2.30");
    const mine = await settings(here);
    expect(sessionIds(mine)).toHaveLength(2);

    // The current session's id (from another of the member's devices' page) names this device.
    const [currentId] = sessionIds(await settings(others[0])).filter((id) => !sessionIds(mine).includes(id));
    const current = await post(here, { end: currentId });
    expect(notices(current.html)).toContain("This is the device you're using");
    expect(await signedIn(here)).toBe(true);

    const all = await post(here, { end: "others" });
    expect(notices(all.html)).toContain("Other sessions signed out: 2.");
    for (const jar of others) expect(await signedIn(jar)).toBe(false);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(stranger)).toBe(true);
  });
});
