import { describe, expect, it } from "vitest";
import { CARD_MAX_DOTS, cardDots } from "./card-dots.ts";

describe("a card's color dots on one line", () => {
  const colours = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);

  it("shows every dot up to the limit, with no count", () => {
    expect(cardDots(colours(0))).toEqual({ shown: [], more: 0 });
    expect(cardDots(colours(2))).toEqual({ shown: ["c0", "c1"], more: 0 });
    expect(cardDots(colours(CARD_MAX_DOTS))).toEqual({ shown: colours(CARD_MAX_DOTS), more: 0 });
  });

  it("counts the rest as +k past the limit", () => {
    expect(cardDots(colours(CARD_MAX_DOTS + 1))).toEqual({ shown: colours(CARD_MAX_DOTS), more: 1 });
    expect(cardDots(colours(9), 3)).toEqual({ shown: ["c0", "c1", "c2"], more: 6 });
    expect(cardDots(colours(3), 0)).toEqual({ shown: ["c0"], more: 2 });
  });
});
