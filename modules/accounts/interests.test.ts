import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMIT_TAGS } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { verifiedMember } from "#tests/members.ts";
import { interestOptions, interestSections, listInterests, updateInterests } from "./interests.ts";
import { interestsSchema } from "./schemas.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock: Clock = { now: () => new Date("2026-11-20T10:00:00Z") };
const silent = { info() {}, warn() {}, error() {} };
const ctx = (locale: "en" | "es" = "en"): ServiceContext => ({ db: database.db, locale, clock, log: silent });
let tags: Record<string, number>;
let ana: number;
let ben: number;

beforeAll(async () => {
  database = await createTestDatabase({ demo: { now: new Date("2026-11-01T00:00:00Z"), count: 60 } });
  const rows = await queryRows<{ id: number; slug: string }>(database.db, sql`select id, slug from tag`);
  tags = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
  const mk = (u: string) => verifiedMember(database.db, clock, u);
  ana = await mk("ana");
  ben = await mk("ben");
});
afterAll(async () => {
  await database.cleanup();
});

describe("interests", () => {
  it("offer categories and tags, never service tags, at most limitTags", async () => {
    const options = await interestOptions(ctx("es"));
    expect(options.length).toBeGreaterThan(5);
    expect(options.length).toBeLessThanOrEqual(LIMIT_TAGS);
    expect(new Set(options.map((o) => o.type))).toEqual(new Set(["category", "tag"]));
    expect(options.find((o) => o.slug === "education")?.content.name).toBe("Educación");
  });

  it("start empty, are saved in the order chosen, duplicates dropped", async () => {
    expect(await listInterests(ctx(), ana)).toEqual([]);
    const r = await updateInterests(ctx(), {
      accountId: ana,
      tagIds: [tags.education, tags.marketing, tags.education],
    });
    expect(r).toEqual({ ok: true, value: [tags.education, tags.marketing] });
    expect(await listInterests(ctx(), ana)).toEqual([tags.education, tags.marketing]);
  });

  it("never let the last one go: none is refused with the SPEC's message and nothing changes", async () => {
    expect(await updateInterests(ctx(), { accountId: ana, tagIds: [] })).toEqual({
      ok: false,
      code: "account.interests.errors.required",
    });
    expect(await listInterests(ctx(), ana)).toEqual([tags.education, tags.marketing]);
    // Removing one of two keeps the other.
    expect(await updateInterests(ctx(), { accountId: ana, tagIds: [tags.marketing] })).toEqual({
      ok: true,
      value: [tags.marketing],
    });
  });

  it("refuse service tags, unknown ids and too many, changing nothing", async () => {
    const before = await listInterests(ctx(), ana);
    for (const tagIds of [[tags.trending], [999_999], [tags.business, 0], [1.5]])
      expect(await updateInterests(ctx(), { accountId: ana, tagIds })).toEqual({
        ok: false,
        code: "account.interests.errors.unknownTag",
      });
    expect(
      await updateInterests(ctx(), { accountId: ana, tagIds: Array.from({ length: LIMIT_TAGS + 1 }, (_, i) => i + 1) }),
    ).toEqual({ ok: false, code: "account.interests.errors.tooMany" });
    expect(await listInterests(ctx(), ana)).toEqual(before);
  });

  it("are each account's own; two saves at once leave one of them whole", async () => {
    await updateInterests(ctx(), { accountId: ben, tagIds: [tags.business] });
    expect(await listInterests(ctx(), ana)).toEqual([tags.marketing]);
    const a = [tags.education, tags.infographics];
    const b = [tags["multi-purpose"]];
    await Promise.all([
      updateInterests(ctx(), { accountId: ben, tagIds: a }),
      updateInterests(ctx(), { accountId: ben, tagIds: b }),
    ]);
    const after = await listInterests(ctx(), ben);
    expect([a, b]).toContainEqual(after);
  });

  it("lead the home page: a section per interest, in the order chosen, with templates of that tag", async () => {
    await updateInterests(ctx(), { accountId: ana, tagIds: [tags.infographics, tags.education] });
    const sections = await interestSections(ctx(), { accountId: ana, perList: 4 });
    expect(sections.map((s) => s.tag.slug)).toEqual(["infographics", "education"]);
    for (const s of sections) {
      expect(s.templates.length).toBeGreaterThan(0);
      expect(s.templates.length).toBeLessThanOrEqual(4);
      const ids = s.templates.map((c) => c.id);
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from template where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and category_id = ${s.tag.id}`,
      );
      expect(Number(row.n)).toBe(ids.length);
    }
    // An account without interests has no such sections.
    const carl = await verifiedMember(database.db, clock, "carl");
    expect(await interestSections(ctx(), { accountId: carl, perList: 4 })).toEqual([]);
  });

  it("are checked by the profile form's schema", () => {
    expect(interestsSchema.safeParse({ tagIds: [] }).error?.issues[0]?.message).toBe(
      "account.interests.errors.required",
    );
    expect(interestsSchema.safeParse({}).error?.issues[0]?.message).toBe("account.interests.errors.required");
    expect(interestsSchema.safeParse({ tagIds: ["3", "x"] }).success).toBe(false);
    expect(interestsSchema.safeParse({ tagIds: ["3", "4"] }).data).toEqual({ tagIds: [3, 4] });
  });
});
