import { afterEach, describe, expect, it, vi } from "vitest";
import { isChunkLoadError, reloadOnceForChunkError } from "./chunk-reload.ts";

function fakeWindow() {
  const store = new Map<string, string>();
  const reload = vi.fn();
  vi.stubGlobal("window", {
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    },
    location: { reload },
  });
  return reload;
}

afterEach(() => vi.unstubAllGlobals());

describe("chunk reload", () => {
  it("recognises failed page chunks and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });

  it("reloads at most once a minute", () => {
    const reload = fakeWindow();
    const err = new TypeError("Failed to fetch dynamically imported module");
    expect(reloadOnceForChunkError(err, 1_000_000)).toBe(true);
    expect(reloadOnceForChunkError(err, 1_030_000)).toBe(false);
    expect(reloadOnceForChunkError(new Error("other"), 1_100_000)).toBe(false);
    expect(reloadOnceForChunkError(err, 1_061_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
