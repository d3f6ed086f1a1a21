import { describe, expect, it } from "vitest";
import { matchedRanges } from "./search-suggestions.tsx";

const marked = (label: string, typed: string) => matchedRanges(label, typed).map(([a, b]) => label.slice(a, b));

describe("the search box's highlight", () => {
  it("marks what was typed where a word starts with it, accents and case ignored", () => {
    expect(marked("Plantilla de presentación", "presentacion")).toEqual(["presentación"]);
    expect(marked("Presentación de ventas", "PRESENTACIO")).toEqual(["Presentació"]);
    expect(marked("Geometric Biology Lesson Plan", "biology l")).toEqual(["Biology L"]);
    expect(marked("Infografías", "infografi")).toEqual(["Infografí"]);
  });

  it("marks each typed word when the whole text is not found, never inside a word", () => {
    expect(marked("Marketing plan for startups", "plan marketing")).toEqual(["Marketing", "plan"]);
    expect(marked("Roadmap", "map")).toEqual([]);
    expect(marked("Business", "negoc")).toEqual([]);
    expect(marked("Anything", "  ")).toEqual([]);
  });

  it("keeps the label's own characters, whatever their decomposition", () => {
    const label = "Diseño ŒUVRE ﬁnance";
    for (const [a, b] of matchedRanges(label, "diseno")) expect(label.slice(a, b)).toBe("Diseño");
    expect(marked("Ąčęń test", "acen")).toEqual(["Ąčęń"]);
  });
});
