import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "#config/env.server.ts";
import type { Logger } from "#modules/shared/context.ts";

export const MISSING_SECRET =
  "Invalid environment configuration:\n  SIGNING_SECRET: required with DATABASE_URL (16+ characters; every process must use the same one)";

/**
 * The secret that signs guest cookies and download addresses: SIGNING_SECRET when set, else one made
 * on first start and kept in DATA_DIR (fine for one process; several processes need SIGNING_SECRET).
 */
export function loadSigningSecret(env: Env, _log: Logger): string {
  if (env.SIGNING_SECRET) return env.SIGNING_SECRET;
  // With PostgreSQL there may be several processes: each must sign with the same secret.
  if (env.DATABASE_URL) throw new Error(MISSING_SECRET);
  const file = path.join(env.dataDir, "signing-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* first start */
  }
  const secret = randomBytes(32).toString("hex");
  fs.mkdirSync(env.dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
