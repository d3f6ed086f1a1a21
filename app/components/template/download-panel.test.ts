import { describe, expect, it } from "vitest";
import { DOWNLOAD_ALLOWANCE } from "#config/constants.ts";
import { refusalLimit } from "./download-panel.tsx";

describe("the allowance a refused download's dialog names", () => {
  it("is the one loaded, else the one the refusal implies, from the plans' allowances", () => {
    expect(refusalLimit({ limit: 10 }, "limitFree")).toBe(10);
    expect(refusalLimit({ limit: 200 }, "limitGuest")).toBe(200);
    // A plain form post came back with ?download=… before any script loaded the allowance.
    expect(refusalLimit(null, "limitGuest")).toBe(DOWNLOAD_ALLOWANCE.GUEST);
    expect(refusalLimit(null, "limitFree")).toBe(DOWNLOAD_ALLOWANCE.FREE);
    expect(refusalLimit(null, "limitExceeded")).toBe(DOWNLOAD_ALLOWANCE.PERSONAL_MONTHLY);
    expect(refusalLimit(null, null)).toBe(DOWNLOAD_ALLOWANCE.GUEST);
  });
});
