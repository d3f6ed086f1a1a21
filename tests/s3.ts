import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "#config/env.server.ts";

/**
 * A real S3-compatible server (s3rver) on loopback with one empty bucket, for the S3 storage adapter and
 * servers configured with S3_*. `env` holds the settings as the variables a deployment would set.
 */
export async function startS3(bucket = "slidenest-test") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's well-known key pair.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const settings: S3Settings = { bucket, region: "us-east-1", endpoint, credentials, forcePathStyle: true, prefix: "" };
  return {
    endpoint,
    bucket,
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    /** Where s3rver keeps the bucket's objects (to see what was written). */
    dir,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
