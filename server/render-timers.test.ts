import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestServer } from "#tests/server.ts";

/**
 * A page's render leaves no timer behind once it is written (issue 24, memory): React's abort timer
 * (app/entry.server.tsx) kept each request's render state and loader data for six seconds after the
 * answer, 13 MB of the live heap at the end of the mixed load (scripts/bench-memory.ts).
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  // Every request renders: none is answered from the page cache.
  srv = await createTestServer({ env: { PAGE_CACHE: "off" } });
});
afterAll(async () => {
  await srv?.cleanup();
});

const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

it("clears React's abort timer once a page is written", async () => {
  // The first render also starts what lives on (maintenance, counters' flushes).
  await (await srv.request("/")).text();
  await (await srv.request("/blog")).text();
  const before = timers();
  for (let i = 0; i < 8; i++) {
    const res = await srv.request(i % 2 ? "/" : "/blog");
    expect(res.status).toBe(200);
    await res.text();
  }
  await new Promise((resolve) => setImmediate(resolve));
  expect(timers() - before).toBeLessThan(3);
});
