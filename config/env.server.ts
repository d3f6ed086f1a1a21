import path from "node:path";
import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  PUBLIC_URL: z.url("must be an absolute URL such as https://slidenest.example").optional(),
  SIGNING_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SEED_DEMO: z.enum(["auto", "never"]).default("auto"),
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("SlideNest <no-reply@slidenest.example>"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z
    .url("must be an absolute URL such as https://accounts.google.com")
    .default("https://accounts.google.com"),
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(100_000).default(1),
  DEMO_MODE: z.enum(["on", "off", "auto"]).default("auto"),
});

export type Env = z.infer<typeof schema> & {
  dataDir: string;
  publicUrl: string;
  /**
   * Demo mode (DECISIONS: Operations): sandbox payments with the test cards. On by default only while
   * PUBLIC_URL is unset or on loopback and no DATABASE_URL is given; DEMO_MODE=on|off states it.
   */
  demoMode: boolean;
};

/** Whether an origin is this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1";
}

let cached: Env | undefined;

/** Parses process.env once; a bad value stops the process with a message that names the variable. */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached && source === process.env) return cached;
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET))
    throw new Error(
      "Invalid environment configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither",
    );
  const result: Env = {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    demoMode:
      env.DEMO_MODE === "auto"
        ? !env.DATABASE_URL && (!env.PUBLIC_URL || isLoopbackUrl(env.PUBLIC_URL))
        : env.DEMO_MODE === "on",
  };
  if (source === process.env) cached = result;
  return result;
}
