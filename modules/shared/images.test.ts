import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { IMAGE_WORKER } from "#config/constants.ts";
import { createImagePool, type ImagePool, ImageWorkerError } from "./images.ts";

// Images made elsewhere: a PNG drawn for an article, a WebP slide exported by a designer.
const png = fs.readFileSync(
  path.join(import.meta.dirname, "../blog/fixtures/blog/posts/colour-basics/images/wheel.png"),
);
const webp = fs.readFileSync(
  path.join(import.meta.dirname, "../../content/templates/startup-pitch-deck/previews/purple/01.webp"),
);
const svg = (n: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#${(n % 4096).toString(16).padStart(3, "0")}"/><text x="80" y="200" font-size="96">Slide ${n}</text></svg>`,
  );

const silent = { info() {}, warn() {}, error() {} };
const pools: ImagePool[] = [];
const pool = (options: Parameters<typeof createImagePool>[0] = {}) => {
  const p = createImagePool({ log: silent, ...options });
  pools.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe("the image worker", () => {
  it("describes, encodes and makes variants of images made elsewhere, in a process of its own", async () => {
    const images = pool();
    expect(await images.metadata({ input: png })).toMatchObject({ format: "png", width: expect.any(Number) });
    const pid = images.pid() as number;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);

    const out = await images.encode({ input: webp }, [
      { op: "resize", options: { width: 320 } },
      { op: "webp", options: { quality: 78 } },
    ]);
    expect(Buffer.isBuffer(out.data)).toBe(true);
    expect(out.data.toString("latin1", 8, 12)).toBe("WEBP");
    expect(out.info).toMatchObject({ format: "webp", width: 320 });
    expect((await images.metadata({ input: out.data })).width).toBe(320);

    const sizes = await images.variants(
      { input: svg(1), options: { density: 144 } },
      [{ op: "resize", options: { width: 1280 } }],
      [640, 320].map((width) => [
        { op: "resize", options: { width } },
        { op: "webp", options: { quality: 80 } },
      ]),
    );
    expect(sizes.map((s) => s.info.width)).toEqual([640, 320]);
    expect(images.pid()).toBe(pid);
    expect(images.started()).toBe(1);
  });

  it("refuses a file that is not an image with the decoder's reason, and the worker stays", async () => {
    const images = pool();
    await images.metadata({ input: png });
    const pid = images.pid();
    for (const input of [Buffer.alloc(0), Buffer.from("not an image"), png.subarray(0, 200)]) {
      const error = await images.encode({ input, options: { failOn: "error" } }, [{ op: "webp", options: {} }]).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ImageWorkerError);
    }
    // Each was tried twice (a drawing can fail once under load and draw the next time) before its refusal.
    expect(images.sent()).toBe(1 + 3 * (1 + IMAGE_WORKER.retries));
    await expect(images.metadata({ input: png, options: { limitInputPixels: 10 } })).rejects.toThrow(/pixel limit/i);
    expect(images.pid()).toBe(pid);
    expect(images.started()).toBe(1);
  });

  it("sends the jobs of a worker that died of a native fault to a new one, and they succeed", async () => {
    const images = pool();
    await images.metadata({ input: png });
    const first = images.pid() as number;
    const jobs = Array.from({ length: 6 }, (_, i) =>
      images.encode({ input: svg(i), options: { density: 144 } }, [{ op: "webp", options: { effort: 4 } }]),
    );
    process.kill(first, "SIGSEGV");
    const done = await Promise.all(jobs);
    expect(done.every((d) => d.info.format === "webp" && d.info.width === 3200)).toBe(true);
    expect(images.started()).toBe(2);
    expect(images.pid()).not.toBe(first);
    expect(alive(first)).toBe(false);
  });

  it("refuses a job whose worker dies again, and the next job is done by a new worker", async () => {
    const errors: unknown[] = [];
    const images = pool({ log: { ...silent, error: (_msg, fields) => errors.push(fields) } });
    const job = images.encode({ input: svg(7), options: { density: 288 } }, [{ op: "webp", options: { effort: 6 } }]);
    const killed = new Set<number>();
    let settled = false;
    job
      .finally(() => {
        settled = true;
      })
      .catch(() => {});
    // Each worker this job reaches dies of a fault before it answers.
    while (!settled) {
      const pid = images.pid();
      if (pid && !killed.has(pid)) {
        killed.add(pid);
        process.kill(pid, "SIGSEGV");
      }
      await new Promise((r) => setTimeout(r, 1));
    }
    const error = await job.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageWorkerError);
    expect((error as ImageWorkerError).code).toBe("crashed");
    expect(killed.size).toBe(2);
    expect(errors).toContainEqual(expect.objectContaining({ signal: "SIGSEGV", jobs: 1 }));
    expect((await images.metadata({ input: webp })).format).toBe("webp");
    expect(images.started()).toBe(3);
  });

  it("stops a worker that hangs past the time limit: that job is refused, the others go on", async () => {
    const images = pool({ timeoutMs: 1_500 });
    await images.metadata({ input: png });
    const hung = images.pid() as number;
    process.kill(hung, "SIGSTOP");
    const job = images.metadata({ input: webp });
    const error = await job.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageWorkerError);
    expect((error as ImageWorkerError).code).toBe("timeout");
    await until(() => !alive(hung));
    expect((await images.metadata({ input: webp })).format).toBe("webp");
    expect(images.pid()).not.toBe(hung);
  });

  it("times a job from its worker's readiness: a slow start is not the job's", async () => {
    const images = pool({ timeoutMs: 500 });
    const job = images.metadata({ input: webp });
    // Held before it has loaded sharp (Node alone takes longer than this to start), for three time limits.
    const starting = images.pid() as number;
    process.kill(starting, "SIGSTOP");
    await new Promise((r) => setTimeout(r, 1_500));
    process.kill(starting, "SIGCONT");
    expect((await job).format).toBe("webp");
    expect(images.started()).toBe(1);
  });

  it("ends a worker that is not ready in time and runs its job in another", async () => {
    // Allowance enough for the second worker's start on a busy machine (a Node start took 2-3 s in CI).
    const images = pool({ startMs: 10_000 });
    const job = images.metadata({ input: png });
    const stuck = images.pid() as number;
    process.kill(stuck, "SIGSTOP");
    expect((await job).format).toBe("png");
    expect(images.started()).toBe(2);
    await until(() => !alive(stuck));
  });

  it("keeps at most `maxQueued` jobs waiting and refuses more as busy", async () => {
    const images = pool({ concurrency: 1, maxQueued: 2 });
    const first = images.metadata({ input: png });
    const waiting = [images.metadata({ input: webp }), images.metadata({ input: webp })];
    const error = await images.metadata({ input: png }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageWorkerError);
    expect((error as ImageWorkerError).code).toBe("busy");
    expect((await first).format).toBe("png");
    expect((await Promise.all(waiting)).map((m) => m.format)).toEqual(["webp", "webp"]);
  });

  it("lets an idle worker go and starts another for the next job", async () => {
    const images = pool({ idleMs: 50 });
    await images.metadata({ input: png });
    const first = images.pid() as number;
    await until(() => images.pid() === undefined && !alive(first));
    expect((await images.metadata({ input: webp })).format).toBe("webp");
    expect(images.started()).toBe(2);
  });

  it("when closed, refuses what waits and ends its worker", async () => {
    const images = pool({ concurrency: 1 });
    const running = images
      .encode({ input: svg(3), options: { density: 288 } }, [{ op: "webp", options: {} }])
      .catch((e: unknown) => e);
    const waiting = images.metadata({ input: png }).catch((e: unknown) => e);
    await until(() => images.pid() !== undefined);
    const pid = images.pid() as number;
    await images.close();
    expect(await waiting).toBeInstanceOf(ImageWorkerError);
    expect(await running).toBeInstanceOf(ImageWorkerError);
    expect(alive(pid)).toBe(false);
    await expect(images.metadata({ input: png })).rejects.toBeInstanceOf(ImageWorkerError);
  });
});
