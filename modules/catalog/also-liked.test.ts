import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "#modules/scope.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy, createTemplate, type Taxonomy } from "#tests/factories.ts";
import * as catalog from "./service.ts";

/**
 * "You may also like" is the template's own: what its downloaders also downloaded, then other
 * categories' templates in its styles and colours, then what is trending. Two template pages never share
 * the one trending list any more (issue 22).
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let tax: Taxonomy;
const now = new Date("2026-11-20T12:00:00Z");
const ctx = (): ServiceContext => ({
  db: database.db,
  locale: "en",
  clock: { now: () => now },
  log: { info() {}, warn() {}, error() {} },
});
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  tax = await createTaxonomy(database.db);
  const make = async (key: string, spec: Parameters<typeof createTemplate>[2]) => {
    ids[key] = (await createTemplate(database.db, tax, { publishedAt: new Date("2026-10-01T00:00:00Z"), ...spec })).id;
  };
  // Two marketing decks, and education decks in their styles and colours, and a trending one in neither.
  await make("pitch", { title: "Pitch", category: "marketing", styles: ["minimalist"], colors: ["blue"] });
  await make("launch", { title: "Launch", category: "marketing", styles: ["playful"], colors: ["red"] });
  await make("thesisBlue", { title: "Thesis Blue", category: "education", styles: ["corporate"], colors: ["blue"] });
  await make("lessonMinimal", {
    title: "Lesson Minimal",
    category: "education",
    styles: ["minimalist"],
    colors: ["blue"],
  });
  await make("quizPlayful", { title: "Quiz Playful", category: "education", styles: ["playful"], colors: ["red"] });
  await make("hot", { title: "Hot", category: "education", styles: ["corporate"], colors: ["green"], trending: 99 });
  await make("together", { title: "Together", category: "marketing", styles: ["corporate"], colors: ["green"] });
  // Three people who downloaded "Pitch" also downloaded "Together" (two members and a guest).
  for (const [account, fingerprint] of [
    [9001, null],
    [9002, null],
    [null, "guest-x"],
  ] as const)
    for (const t of [ids.pitch, ids.together])
      await database.db.execute(sql`insert into download (template_id, format, license, account_id, fingerprint, period, created_at)
        values (${t}, 'PP', 'free', ${account}, ${fingerprint}, '2026-11', ${now})`);
  await catalog.refreshTrending({ db: database.db, clock: { now: () => now } });
});
afterAll(() => database?.cleanup());

async function alsoLiked(key: string, exclude: string[] = []) {
  const found = await catalog.getTemplateBySlug(ctx(), key.replace(/([A-Z])/g, "-$1").toLowerCase());
  if (found.kind !== "found") throw new Error(`no ${key}`);
  const cards = await catalog.listRecommended(
    ctx(),
    found.template,
    exclude.map((k) => ids[k]),
    4,
  );
  return cards.map((c) => Object.entries(ids).find(([, id]) => id === c.id)?.[0]);
}

describe("you may also like", () => {
  it("leads with what the template's downloaders also downloaded, then its styles and colors elsewhere", async () => {
    const pitch = await alsoLiked("pitch");
    expect(pitch[0]).toBe("together");
    // Then the education decks sharing its style and colour (minimalist and blue), most shared first.
    expect(pitch.slice(1, 3)).toEqual(["lessonMinimal", "thesisBlue"]);
    expect(pitch).not.toContain("pitch");
  });

  it("differs from one template to the next, and never repeats what the page already shows", async () => {
    const launch = await alsoLiked("launch");
    expect(launch[0]).toBe("quizPlayful");
    expect(launch).not.toEqual(await alsoLiked("pitch"));
    // Nothing of its own category without co-downloads ("Related templates" shows those).
    expect(launch).not.toContain("pitch");
    expect(await alsoLiked("pitch", ["together"])).not.toContain("together");
  });

  it("is topped up with what is trending when the template has too little in common with others", async () => {
    const hot = await alsoLiked("hot", []);
    expect(hot).toHaveLength(4);
    expect(new Set(hot).size).toBe(4);
    expect(hot).not.toContain("hot");
  });
});
