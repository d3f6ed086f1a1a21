/**
 * The image worker: a child process that does every decoding and encoding of images (sharp, that is
 * libvips) for the process that started it (modules/shared/images.ts). A native fault in libvips, or an
 * image that makes it spin, ends this process and not the server: the parent answers the jobs it had
 * here again in a new worker, or refuses them, and goes on.
 *
 * It reads only what the parent sends (a job: an image, how to open it, the steps to apply, what to
 * answer) and applies only the steps named in `STEPS`. It ends when its parent goes (the IPC channel
 * closes). Started by `node` itself: plain TypeScript that Node's type stripping runs, no project imports.
 */
import type { Metadata, OutputInfo, Sharp, SharpOptions } from "sharp";
import type { ImageJob, ImageMetadata, ImageStep, WorkerReply, WorkerRequest } from "./images.ts";

// The parent may send before sharp is loaded: the listener below is in place from the start.
const loading = import("sharp").then(({ default: sharp }) => {
  // Nothing is read twice here (each job brings its bytes): libvips' operation cache only holds memory.
  sharp.cache(false);
  return sharp;
});
type SharpFn = Awaited<typeof loading>;

/** The steps a job may name, and how each is applied. */
const STEPS: { [K in ImageStep["op"]]: (image: Sharp, step: Extract<ImageStep, { op: K }>) => Sharp } = {
  rotate: (image) => image.rotate(),
  resize: (image, step) => image.resize(step.options),
  webp: (image, step) => image.webp(step.options),
};

function apply(image: Sharp, steps: readonly ImageStep[]): Sharp {
  let out = image;
  for (const step of steps) {
    const fn = STEPS[step.op] as ((image: Sharp, step: ImageStep) => Sharp) | undefined;
    if (!fn) throw new Error(`unknown image step: ${String(step.op)}`);
    out = fn(out, step);
  }
  return out;
}

/** What the parent needs of a decoder's description (no embedded profiles or EXIF blocks sent back). */
function metadataOf(meta: Metadata): ImageMetadata {
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    orientation: meta.orientation,
    pages: meta.pages,
    hasAlpha: meta.hasAlpha,
  };
}

const encoded = (data: Buffer, info: OutputInfo) => ({
  data,
  info: { format: info.format, width: info.width, height: info.height, channels: info.channels, size: info.size },
});

async function run(job: ImageJob) {
  const sharp: SharpFn = await loading;
  const open = () => sharp(job.source.input, job.source.options as SharpOptions);
  switch (job.kind) {
    case "metadata":
      return metadataOf(await open().metadata());
    case "encode": {
      const { data, info } = await apply(open(), job.steps).toBuffer({ resolveWithObject: true });
      return encoded(data, info);
    }
    case "variants": {
      // Decoded (and prepared) once, kept as pixels, then each variant made from those.
      const base = await apply(open(), job.steps).raw().toBuffer({ resolveWithObject: true });
      const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
      return Promise.all(
        job.variants.map(async (steps) => {
          const { data, info } = await apply(sharp(base.data, { raw }), steps).toBuffer({ resolveWithObject: true });
          return encoded(data, info);
        }),
      );
    }
    default:
      throw new Error(`unknown image job: ${String((job as { kind: unknown }).kind)}`);
  }
}

process.on("message", (message: WorkerRequest) => {
  run(message.job).then(
    (value) => process.send?.({ id: message.id, ok: true, value } satisfies WorkerReply),
    (error: unknown) =>
      process.send?.({
        id: message.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies WorkerReply),
  );
});
// Ready: the parent times each job from here, not from this process's start. Also when sharp failed to
// load: each job then answers with that failure.
const ready = () => process.send?.({ ready: true } satisfies WorkerReply);
loading.then(ready, ready);
// The parent went (or let this worker go when idle): nothing more will come.
process.on("disconnect", () => process.exit(0));
