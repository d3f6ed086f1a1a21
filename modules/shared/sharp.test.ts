import { expect, it } from "vitest";
import sharp from "./sharp.ts";

/** libvips keeps no operation (issue 24, memory: sharp's default cache held 25 MB from the start on). */
it("turns libvips' operation cache off", async () => {
  await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
    .webp()
    .toBuffer();
  const cache = sharp.cache();
  expect(cache.items).toMatchObject({ current: 0, max: 0 });
  expect(cache.memory.max).toBe(0);
});
