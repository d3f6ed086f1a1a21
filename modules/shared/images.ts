/**
 * Every decoding and encoding of an image (slide previews, deck previews, avatars, blog covers and
 * images, slide images of an import) goes through here, to a child process that runs sharp
 * (modules/shared/images-worker.ts). libvips is native code: a fault in it (a crafted file, a bug, a
 * race among its threads) killed the whole server before; now it ends the worker alone. The jobs the
 * worker had are sent once more to a new one (another job may have been the cause), and refused with
 * `ImageWorkerError` if that one dies too; a job running past its time limit has its worker killed and
 * is refused. The server stays up and answers the rest (a preview: 503 with Retry-After).
 *
 * One worker per process, started by the first job and let go after `IMAGE_WORKER.idleMs` without one
 * (its memory, libvips' included, goes with it); at most `concurrency` jobs in it at once, the rest
 * waiting here, at most `maxQueued` of them. A job names its input, how to open it and the steps to
 * apply (ImageStep); the worker applies only those.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FailOnOptions, ResizeOptions, WebpOptions } from "sharp";
import { IMAGE_WORKER } from "#config/constants.ts";
import type { Logger } from "./context.ts";

/** How the bytes are opened (sharp's input options the project uses). */
export type ImageOptions = {
  limitInputPixels?: number;
  failOn?: FailOnOptions;
  animated?: boolean;
  density?: number;
};
export type ImageSource = { input: Uint8Array; options?: ImageOptions };
export type ImageStep =
  | { op: "rotate" }
  | { op: "resize"; options: ResizeOptions }
  | { op: "webp"; options: WebpOptions };
export type ImageJob =
  | { kind: "metadata"; source: ImageSource }
  | { kind: "encode"; source: ImageSource; steps: ImageStep[] }
  | { kind: "variants"; source: ImageSource; steps: ImageStep[]; variants: ImageStep[][] };

export type ImageMetadata = {
  format?: string;
  width?: number;
  height?: number;
  orientation?: number;
  pages?: number;
  hasAlpha?: boolean;
};
export type EncodedImage = {
  data: Buffer;
  info: { format: string; width: number; height: number; channels: number; size: number };
};

export type WorkerRequest = { id: number; job: ImageJob };
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string }
  /** Sent once, when the worker has loaded sharp: a job's time limit counts from then. */
  | { ready: true };

/**
 * The worker could not do the job (not the image's fault as far as is known): it died twice with it,
 * ran past the time limit, or too many jobs wait. Worth trying again later.
 */
export class ImageWorkerError extends Error {
  readonly code: "crashed" | "timeout" | "busy";
  constructor(code: ImageWorkerError["code"], message: string) {
    super(message);
    this.name = "ImageWorkerError";
    this.code = code;
  }
}

export const isImageWorkerError = (error: unknown): error is ImageWorkerError => error instanceof ImageWorkerError;
/**
 * Only "busy" says nothing about the image: a job that died with its worker twice, or ran past the time
 * limit, may be the image's own doing (work done for an operator reports it rather than trying forever).
 */
export const isImageWorkerBusy = (error: unknown): boolean => isImageWorkerError(error) && error.code === "busy";

export type ImagePoolOptions = {
  concurrency?: number;
  /** A job's time limit, counted once its worker is ready. */
  timeoutMs?: number;
  /** How long a worker may take to get ready (start Node, load sharp) before it is killed. */
  startMs?: number;
  idleMs?: number;
  maxQueued?: number;
  log?: Logger;
};

type Pending = {
  id: number;
  job: ImageJob;
  attempts: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

const WORKER_SCRIPT = fileURLToPath(new URL("./images-worker.ts", import.meta.url));

/** A worker process and the jobs given to it; `ready` once it has said so (sharp loaded). */
type Worker = {
  child: ChildProcess;
  running: Map<number, Pending>;
  timedOut: Set<number>;
  ready: boolean;
  startTimer?: NodeJS.Timeout;
};

export function createImagePool(options: ImagePoolOptions = {}) {
  const concurrency = options.concurrency ?? IMAGE_WORKER.concurrency;
  const timeoutMs = options.timeoutMs ?? IMAGE_WORKER.timeoutMs;
  const startMs = options.startMs ?? IMAGE_WORKER.startMs;
  const idleMs = options.idleMs ?? IMAGE_WORKER.idleMs;
  const maxQueued = options.maxQueued ?? IMAGE_WORKER.maxQueued;
  let log = options.log ?? stderrLog;
  const queue: Pending[] = [];
  let worker: Worker | null = null;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let started = 0;
  let sent = 0;

  function spawn(): Worker {
    started += 1;
    const child = fork(WORKER_SCRIPT, [], {
      // None of the parent's flags (memory limits, preloaded probes, a test runner's loaders).
      execArgv: [],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const w: Worker = { child, running: new Map(), timedOut: new Set(), ready: false };
    // A worker that never gets ready (a hung start) is ended; its jobs go again in another, or are refused.
    w.startTimer = setTimeout(() => child.kill("SIGKILL"), startMs);
    w.startTimer.unref();
    child.on("message", (reply: WorkerReply) => {
      if ("ready" in reply) {
        // The jobs sent while it started are timed from now: a slow start (a busy machine) is not theirs.
        w.ready = true;
        clearTimeout(w.startTimer);
        for (const p of w.running.values()) arm(w, p);
        return;
      }
      const p = w.running.get(reply.id);
      if (!p) return;
      clearTimeout(p.timer);
      w.running.delete(reply.id);
      if (reply.ok) p.resolve(reply.value);
      // A drawing that failed is tried again as one that died with its worker: librsvg once answered
      // "SVG rendering failed ... rendering error" under load for a demo preview that draws every other time
      // (the E2E run, session 28). One that fails again is the image's own doing.
      else if (p.attempts <= IMAGE_WORKER.retries) queue.unshift(p);
      else p.reject(new Error(reply.message));
      pump();
    });
    child.on("error", (error) => {
      log.error("image worker failed", { error });
      // Never started (no process to exit): its jobs go as if it had ended.
      if (child.pid === undefined) gone(w, null, null);
    });
    child.on("exit", (code, signal) => gone(w, code, signal));
    return w;
  }

  /** The worker ended: on purpose when idle, or by a fault or a kill; its jobs go again or are refused. */
  function gone(w: Worker, code: number | null, signal: NodeJS.Signals | null) {
    if (worker === w) worker = null;
    clearTimeout(w.startTimer);
    const lost = [...w.running.values()];
    w.running.clear();
    if (lost.length || (code !== 0 && !closed))
      log.error("image worker ended", { code, signal, pid: w.child.pid, jobs: lost.length });
    for (const p of lost.reverse()) {
      clearTimeout(p.timer);
      if (w.timedOut.has(p.id))
        p.reject(new ImageWorkerError("timeout", `an image job ran past ${timeoutMs} ms and its worker was stopped`));
      else if (closed) p.reject(new ImageWorkerError("crashed", "the image worker was closed"));
      else if (p.attempts > IMAGE_WORKER.retries)
        p.reject(new ImageWorkerError("crashed", `the image worker ended (${signal ?? `exit ${code}`}) with this job`));
      else queue.unshift(p);
    }
    pump();
  }

  /** A job's time limit: past it, its worker is killed and the job refused (`gone`). */
  function arm(w: Worker, p: Pending) {
    p.timer = setTimeout(() => {
      w.timedOut.add(p.id);
      w.child.kill("SIGKILL");
    }, timeoutMs);
  }

  function pump() {
    if (closed) return;
    clearTimeout(idleTimer);
    while (queue.length && (!worker || worker.running.size < concurrency)) {
      worker ??= spawn();
      const p = queue.shift() as Pending;
      p.attempts += 1;
      sent += 1;
      const w = worker;
      w.running.set(p.id, p);
      if (w.ready) arm(w, p);
      w.child.send({ id: p.id, job: p.job } satisfies WorkerRequest, (error) => {
        // The worker is going: its exit answers for the job.
        if (error) w.child.kill("SIGKILL");
      });
    }
    // A job under way keeps the process alive (a command waits for its images); an idle worker does not.
    if (worker) {
      if (worker.running.size) {
        worker.child.ref();
        worker.child.channel?.ref();
      } else {
        worker.child.unref();
        worker.child.channel?.unref();
        const idle = worker;
        idleTimer = setTimeout(() => {
          if (worker !== idle || idle.running.size) return;
          // Let go at once: a job from now on starts another worker rather than reach this one as it leaves.
          worker = null;
          idle.child.disconnect();
        }, idleMs);
        idleTimer.unref();
      }
    }
  }

  function run<T>(job: ImageJob): Promise<T> {
    if (closed) return Promise.reject(new ImageWorkerError("crashed", "the image worker was closed"));
    if (queue.length >= maxQueued)
      return Promise.reject(new ImageWorkerError("busy", `more than ${maxQueued} image jobs are waiting`));
    return new Promise<T>((resolve, reject) => {
      queue.push({ id: nextId++, job, attempts: 0, resolve: resolve as (v: unknown) => void, reject });
      pump();
    });
  }

  const asBuffer = (image: EncodedImage): EncodedImage => ({
    data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    info: image.info,
  });

  return {
    /** The decoder's description of an image (format, size, orientation); rejects an unreadable one. */
    metadata: (source: ImageSource) => run<ImageMetadata>({ kind: "metadata", source }),
    /** The image after the steps (the last one an encoder's: webp), with what was made. */
    encode: async (source: ImageSource, steps: ImageStep[]) =>
      asBuffer(await run<EncodedImage>({ kind: "encode", source, steps })),
    /** The image after `steps`, decoded once, then each of `variants` made from it (one per width). */
    variants: async (source: ImageSource, steps: ImageStep[], variants: ImageStep[][]) =>
      (await run<EncodedImage[]>({ kind: "variants", source, steps, variants })).map(asBuffer),
    /** The worker's process id, when one runs (for diagnostics and the fault tests). */
    pid: () => worker?.child.pid,
    /** How many jobs the worker has now. */
    running: () => worker?.running.size ?? 0,
    /** How many workers were started so far. */
    started: () => started,
    /** How many times jobs were given to a worker so far (a job tried again counts again). */
    sent: () => sent,
    /** Where the pool's faults are written. */
    setLog: (next: Logger) => {
      log = next;
    },
    /** Refuses what waits, and ends the worker. */
    close: async () => {
      closed = true;
      clearTimeout(idleTimer);
      for (const p of queue.splice(0)) p.reject(new ImageWorkerError("crashed", "the image worker was closed"));
      const w = worker;
      if (!w) return;
      await new Promise<void>((resolve) => {
        w.child.once("exit", () => resolve());
        // Held until it has gone (an idle worker does not keep the process alive).
        w.child.ref();
        w.child.kill("SIGTERM");
      });
    },
  };
}

export type ImagePool = ReturnType<typeof createImagePool>;

const stderrLog: Logger = {
  info: () => {},
  warn: (msg, fields) => process.stderr.write(`${JSON.stringify({ level: "warn", msg, ...fields })}\n`),
  error: (msg, fields) =>
    process.stderr.write(`${JSON.stringify({ level: "error", msg, ...fields, error: String(fields?.error ?? "") })}\n`),
};

const KEY = Symbol.for("slidenest.images");

/**
 * The process's image pool (made on first use). Kept on `globalThis`, so every copy of this module in
 * the process (a bundled one beside the sources) shares one worker.
 */
export function images(): ImagePool {
  const holder = globalThis as { [KEY]?: ImagePool };
  holder[KEY] ??= createImagePool();
  return holder[KEY];
}
