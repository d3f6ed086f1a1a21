import { describe, expect, it } from "vitest";
import { formatCardNumber, formatExpiry } from "./card-fields.tsx";

describe("card fields as they are typed", () => {
  it("group a card number in fours, digits only, 19 at most", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-4242 42")).toBe("4242 4242 42");
    expect(formatCardNumber("4242 ")).toBe("4242");
    expect(formatCardNumber("12345678901234567890123")).toBe("1234 5678 9012 3456 789");
  });

  it("write an expiry as MM/YY, adding the slash, and leave it off while deleting", () => {
    expect(formatExpiry("1228", false)).toBe("12/28");
    expect(formatExpiry("12", false)).toBe("12/");
    expect(formatExpiry("12", true)).toBe("12");
    expect(formatExpiry("4", false)).toBe("04/");
    expect(formatExpiry("1", false)).toBe("1");
    expect(formatExpiry("12/2028", false)).toBe("12/2028");
    expect(formatExpiry("12/20289", false)).toBe("12/2028");
  });
});
