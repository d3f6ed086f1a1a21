import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { systemClock } from "#modules/shared/context.ts";
import type { createTestServer } from "./server.ts";

type Server = Awaited<ReturnType<typeof createTestServer>>;

/** Cookies from Set-Cookie headers, as one Cookie header (a cleared cookie is dropped). */
export function cookiesOf(...responses: Response[]): string {
  const jar = new Map<string, string>();
  for (const res of responses)
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      if (/Max-Age=0/i.test(line) || eq === pair.length - 1) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** The visible notices of a page (role alert), not the message catalogue it also carries. */
export const alerts = (html: string) =>
  [...html.matchAll(/<div role="alert"[^>]*>([\s\S]*?)<\/div>/g)].map((m) => m[1].replace(/<[^>]+>/g, "")).join(" | ");

/**
 * The accounts a social sign-in must not take over: a verified one with the provider's "owner" address
 * (password Owner-pass-1!) and a blocked one at blocked@example.org.
 */
export async function existingAccounts(srv: Server, ownerEmail: string) {
  const ctx = { db: srv.database.db, clock: systemClock };
  await createVerifiedAccount(ctx, { email: ownerEmail, username: "owner", name: "Owner", password: "Owner-pass-1!" });
  await createVerifiedAccount(ctx, {
    email: "blocked@example.org",
    username: "blocked",
    name: "Blocked",
    password: "Blocked-pass-1!",
    blocked: true,
  });
}

/** Starts a redirect sign-in (`/auth/google`, `/auth/facebook`): the 302 and where it goes. */
export async function startSignIn(srv: Server, path: string, query = "") {
  const start = await srv.request(`${path}${query}`, { redirect: "manual" });
  if (start.status !== 302) throw new Error(`${path} answered ${start.status}`);
  return { start, location: start.headers.get("location") as string };
}
