import { describe, expect, it } from "vitest";
import { VIEW_COUNTS } from "#config/constants.ts";
import type { TemplateView } from "#modules/catalog/service.ts";
import { ViewCounter } from "./views.ts";

const silent = { info() {}, warn() {}, error() {} };

describe("view counts between two writes", () => {
  it("are kept once per client and template, within their bytes, and written in one batch", async () => {
    const written: TemplateView[][] = [];
    const views = new ViewCounter(async (batch) => void written.push(batch), silent, 0);
    views.count("en:a", "1.2.3.4");
    views.count("en:a", "1.2.3.4");
    views.count("es:a", "1.2.3.4");
    await views.flush();
    expect(written).toEqual([
      [
        { client: "1.2.3.4", key: "en:a" },
        { client: "1.2.3.4", key: "es:a" },
      ],
    ]);
    // A flood of made-up clients with long slugs: what waits stays within the byte bound.
    const slug = "x".repeat(120);
    for (let i = 0; i < 200_000; i++) views.count(`en:${slug}`, `2001:db8:${i.toString(16)}::/64`);
    await views.flush();
    const kept = written[1].length;
    expect(kept).toBeGreaterThan(1000);
    expect(kept * (96 + (slug.length + 30) * 4)).toBeLessThanOrEqual(VIEW_COUNTS.maxBytes * 1.1);
    await views.stop();
  });
});
