import { describe, expect, it } from "vitest";
import { getKit, KIT_KEYS } from "./kits.ts";
import { TOPICS } from "./topics.ts";

describe("content kits", () => {
  it("are complete and well-formed", () => {
    const general = getKit("general");
    for (const key of KIT_KEYS) {
      const kit = getKit(key);
      const where = (what: string) => `${key}: ${what}`;
      expect(kit.titles.length, where("titles")).toBeGreaterThan(0);
      // Title slides pair titles[i] with subtitles[i].
      expect(kit.subtitles.length, where("subtitles")).toBe(kit.titles.length);
      expect(kit.agenda.length, where("agenda")).toBeGreaterThanOrEqual(4);
      for (const a of kit.agenda) expect(a.title && a.text, where("agenda item")).toBeTruthy();
      for (const b of kit.bullets) {
        expect(b.bullets.length, where(b.title)).toBeGreaterThanOrEqual(3);
        expect(b.bullets.length, where(b.title)).toBeLessThanOrEqual(5);
      }
      for (const c of kit.columns)
        expect(
          c.columns.every((x) => x.heading && x.text),
          where(c.title),
        ).toBe(true);
      for (const i of kit.images) expect(i.kicker && i.title && i.text && i.caption, where(i.title)).toBeTruthy();
      for (const s of kit.stats) expect(s.stats.length, where(s.title)).toBeGreaterThanOrEqual(2);
      for (const b of kit.bars) {
        expect(b.labels.length, where(b.title)).toBeGreaterThanOrEqual(3);
        expect(b.labels.length, where(b.title)).toBeLessThanOrEqual(7);
        expect(
          Number.isFinite(b.from) && Number.isFinite(b.to) && b.from !== b.to && Math.min(b.from, b.to) > 0,
          where(b.title),
        ).toBe(true);
      }
      for (const p of kit.pies) {
        expect(p.labels.length, where(p.title)).toBeGreaterThanOrEqual(2);
        expect(p.labels.length, where(p.title)).toBeLessThanOrEqual(6);
      }
      for (const t of kit.timelines)
        expect(
          t.events.every((e) => e.date && e.title && e.text),
          where(t.title),
        ).toBe(true);
      for (const p of kit.processes)
        expect(
          p.steps.every((s) => s.title && s.text),
          where(p.title),
        ).toBe(true);
      for (const q of kit.quotes) expect(q.quote && q.author && q.role, where(q.quote)).toBeTruthy();
      for (const t of kit.teams) expect(t.roles.length, where(t.title)).toBeGreaterThanOrEqual(3);
      for (const t of kit.tables) {
        for (const r of t.rows) expect(r.values.length, where(`${t.title} / ${r.label}`)).toBe(t.columns.length - 1);
      }
    }
    for (const field of [
      "bullets",
      "columns",
      "images",
      "stats",
      "bars",
      "pies",
      "timelines",
      "processes",
      "quotes",
      "teams",
      "tables",
      "thanks",
    ] as const) {
      expect(general[field].length, `general.${field}`).toBeGreaterThan(0);
    }
  });

  it("back every topic", () => {
    for (const t of TOPICS) expect(KIT_KEYS, t.key).toContain(t.kit);
    expect(new Set(TOPICS.map((t) => t.key)).size).toBe(TOPICS.length);
  });
});
