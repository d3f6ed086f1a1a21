import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "#config/env.server.ts";
import { assertKey, type Storage } from "./storage.ts";

const CONTENT_TYPES: Record<string, string> = {
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  webp: "image/webp",
  png: "image/png",
  pdf: "application/pdf",
};

const isMissing = (e: unknown) =>
  e instanceof NoSuchKey ||
  e instanceof NotFound ||
  (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, Backblaze…), shared by every process. Objects
 * are written whole (PutObject is atomic: readers see the old object or the new one, never half).
 * Checksums are sent only where an operation requires them, which every S3-compatible store accepts.
 */
export function s3Storage(settings: S3Settings, client = s3Client(settings)): Storage & { check(): Promise<void> } {
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => {
    assertKey(key);
    return `${prefix}${key}`;
  };
  return {
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async put(key, body) {
      await client.send(
        new PutObjectCommand({
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
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: body,
          ContentLength: size,
          ContentType: CONTENT_TYPES[key.split(".").pop() ?? ""] ?? "application/octet-stream",
        }),
      );
    },
    async copy(from, to) {
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: objectKey(to),
          CopySource: `${bucket}/${objectKey(from).split("/").map(encodeURIComponent).join("/")}`,
        }),
      );
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (e) {
        if (isMissing(e)) return false;
        throw e;
      }
    },
    async delete(key) {
      // S3 answers success for a key that is not there.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    /** Answers when the bucket is there and ours to use; throws otherwise (checked at start-up). */
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

export function s3Client(settings: S3Settings): S3Client {
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
