import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#modules/shared/sql.ts";
import { submitFetcher } from "#tests/fetcher.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * The member's profile and download history show this month's credits and the favourites' count as they
 * are after each change: the credits come from the session's own read of the request (no statement of
 * their own), the count from a count (not a page of cards).
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock = { now: () => new Date() };

beforeAll(async () => {
  srv = await createTestServer({ demo: { now: new Date(Date.now() - 86_400_000), count: 6 } });
});
afterAll(() => srv?.cleanup());

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("the profile page", () => {
  it("shows the credits used and the favourites kept after each download and heart, in both languages", async () => {
    const { jar } = await signedInMember(srv, clock, "profile");
    const page = async (p: string) => text(await srv.request(p, { headers: { cookie: jar.header } }));
    expect(await page("/profile")).toContain("0 of 10 used");
    expect(await page("/profile")).toContain("0 templates");

    const [free] = await queryRows<{ template_id: number; color_id: number }>(
      srv.database.db,
      sql`select t.id as template_id, c.id as color_id from template t join template_color c on c.template_id = t.id
          where not t.is_premium and t.published_at <= now() order by t.id limit 1`,
    );
    const grant = await submitFetcher<{ ok: boolean }>(
      srv.request,
      "/downloads",
      { colorId: String(free.color_id), format: "PP" },
      { headers: { cookie: jar.header } },
    );
    expect(grant.data.ok).toBe(true);
    const heart = await submitFetcher<{ ok: boolean }>(
      srv.request,
      "/favorites",
      { templateId: String(free.template_id), favorite: "true" },
      { headers: { cookie: jar.header } },
    );
    expect(heart.data.ok).toBe(true);

    const en = await page("/profile");
    expect(en).toContain("1 of 10 used");
    expect(en).toContain("1 template");
    const es = await page("/es/profile");
    expect(es).toContain("1 de 10 usadas");
    expect(es).toContain("1 plantilla");
    expect(await page("/profile/downloads")).toContain("1 of 10");
  });
});
