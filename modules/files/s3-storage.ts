import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "#config/env.server.ts";
import { assertKey, type Storage } from "./storage.ts";

const CONTENT_TYPES: Record<string, string> = {
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  webp: "image/webp",
  png: "image/png",
  pdf: "application/pdf",
};

type Sdk = typeof import("@aws-sdk/client-s3");
let sdk: Promise<Sdk> | undefined;
/** The AWS SDK (about 35 MB resident), loaded by the first use of a bucket: a process on the disk never loads it. */
const loadSdk = () => (sdk ??= import("@aws-sdk/client-s3"));

const isMissing = ({ NoSuchKey, NotFound, S3ServiceException }: Sdk, e: unknown) =>
  e instanceof NoSuchKey ||
  e instanceof NotFound ||
  (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, Backblaze…), shared by every process. Objects
 * are written whole (PutObject is atomic: readers see the old object or the new one, never half).
 * Checksums are sent only where an operation requires them, which every S3-compatible store accepts.
 */
export function s3Storage(settings: S3Settings, given?: S3Client): Storage & { check(): Promise<void> } {
  const { bucket, prefix } = settings;
  let made: Promise<S3Client> | undefined;
  // The client and the SDK, made by the first call.
  const s3 = async () => {
    made ??= given ? Promise.resolve(given) : s3Client(settings);
    return { api: await loadSdk(), client: await made };
  };
  const objectKey = (key: string) => {
    assertKey(key);
    return `${prefix}${key}`;
  };
  return {
    async get(key) {
      const { api, client } = await s3();
      try {
        const res = await client.send(new api.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (e) {
        if (isMissing(api, e)) return null;
        throw e;
      }
    },
    async put(key, body) {
      const { api, client } = await s3();
      await client.send(
        new api.PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: body,
          ContentLength: body.length,
          ContentType: CONTENT_TYPES[key.split(".").pop() ?? ""] ?? "application/octet-stream",
        }),
      );
    },
    async putStream(key, body, size) {
      // PutObject streams a body of known length; a multipart upload is not needed up to 5 GB.
      const { api, client } = await s3();
      await client.send(
        new api.PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: body,
          ContentLength: size,
          ContentType: CONTENT_TYPES[key.split(".").pop() ?? ""] ?? "application/octet-stream",
        }),
      );
    },
    async copy(from, to) {
      const { api, client } = await s3();
      await client.send(
        new api.CopyObjectCommand({
          Bucket: bucket,
          Key: objectKey(to),
          CopySource: `${bucket}/${objectKey(from).split("/").map(encodeURIComponent).join("/")}`,
        }),
      );
    },
    async exists(key) {
      const { api, client } = await s3();
      try {
        await client.send(new api.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (e) {
        if (isMissing(api, e)) return false;
        throw e;
      }
    },
    async size(key) {
      const { api, client } = await s3();
      try {
        const res = await client.send(new api.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return res.ContentLength ?? null;
      } catch (e) {
        if (isMissing(api, e)) return null;
        throw e;
      }
    },
    async delete(key) {
      // S3 answers success for a key that is not there.
      const { api, client } = await s3();
      await client.send(new api.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    /** Answers when the bucket is there and ours to use; throws otherwise (checked at start-up). */
    async check() {
      const { api, client } = await s3();
      await client.send(new api.HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

export async function s3Client(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    // A store that is gone fails a request in seconds instead of holding a download.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}
