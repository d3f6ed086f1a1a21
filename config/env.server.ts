import path from "node:path";
import { z } from "zod";
import { DECK_PREVIEWS } from "./constants.ts";

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
  FACEBOOK_APP_ID: z
    .string()
    .regex(/^\d{1,32}$/, "must be the numeric app id from the Meta for Developers dashboard")
    .optional(),
  FACEBOOK_APP_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9]{8,128}$/, "must be the app secret from the Meta for Developers dashboard")
    .optional(),
  /** Facebook's OAuth dialog and Graph API (with their version); only tests point them elsewhere. */
  FACEBOOK_DIALOG_URL: z
    .url("must be an absolute URL such as https://www.facebook.com/v23.0/dialog/oauth")
    .default("https://www.facebook.com/v23.0/dialog/oauth"),
  FACEBOOK_GRAPH_URL: z
    .url("must be an absolute URL such as https://graph.facebook.com/v23.0")
    .default("https://graph.facebook.com/v23.0"),
  /** reCAPTCHA v2 (invisible) instead of the embedded proof of work: set both keys, or neither. */
  RECAPTCHA_SITE_KEY: z
    .string()
    .regex(/^[\w-]{10,100}$/, "must be a reCAPTCHA site key (letters, digits, - and _)")
    .optional(),
  RECAPTCHA_SECRET_KEY: z
    .string()
    .regex(/^[\w-]{10,100}$/, "must be a reCAPTCHA secret key (letters, digits, - and _)")
    .optional(),
  /** Where reCAPTCHA tokens are checked (https; plain http only on loopback): only tests set it, to a double. */
  RECAPTCHA_VERIFY_URL: z
    .url("must be an absolute URL such as https://www.google.com/recaptcha/api/siteverify")
    .default("https://www.google.com/recaptcha/api/siteverify"),
  /** Bearer key of the content API (GET /api/tags); unset, that API does not exist. */
  CONTENT_API_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{24,256}$/, "must be 24 to 256 printable characters without spaces (say, openssl rand -hex 24)")
    .optional(),
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(100_000).default(1),
  /** Deck conversions (LibreOffice) one process runs at once; more need more cores and memory. */
  PREVIEW_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(DECK_PREVIEWS.concurrency),
  DEMO_MODE: z.enum(["on", "off", "auto"]).default("auto"),
  /** Proxies trusted to forward the client's address: a hop count, or addresses and CIDR ranges. */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|[0-9a-fA-F.:/,\s]{1,2000})$/, "must be a hop count or a list of IP addresses and CIDR ranges")
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, "must be a Stripe secret key (sk_live_… or sk_test_…)")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_\w+$/, "must be a Stripe publishable key (pk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a webhook signing secret (whsec_…)")
    .optional(),
  STRIPE_PRICE_PERSONAL_MONTHLY: z
    .string()
    .regex(/^price_\w+$/, "must be a Stripe price id (price_…)")
    .optional(),
  STRIPE_PRICE_PERSONAL_YEARLY: z
    .string()
    .regex(/^price_\w+$/, "must be a Stripe price id (price_…)")
    .optional(),
  STRIPE_PRICE_COMMERCIAL_MONTHLY: z
    .string()
    .regex(/^price_\w+$/, "must be a Stripe price id (price_…)")
    .optional(),
  STRIPE_PRICE_COMMERCIAL_YEARLY: z
    .string()
    .regex(/^price_\w+$/, "must be a Stripe price id (price_…)")
    .optional(),
  /** Another Stripe API address; only tests set it (a loopback double). */
  STRIPE_API_URL: z.url().optional(),
  /** S3-compatible storage for generated files; without S3_BUCKET they stay in DATA_DIR/files. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name (3 to 63 lowercase letters, digits, dots and dashes)",
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, "must be a region such as eu-west-1 (or auto)")
    .default("us-east-1"),
  /** The store's address when it is not AWS (MinIO, R2, Backblaze, Ceph…). */
  S3_ENDPOINT: z.url("must be an absolute URL such as https://s3.example.com").optional(),
  /** Without these two, the AWS SDK's usual sources apply (AWS_* variables, an instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Addresses as endpoint/bucket/key instead of bucket.endpoint/key (most self-hosted stores). */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  /** A folder inside the bucket, such as slidenest/ (empty: the bucket's root). */
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9_.-]*\/)*$/, "must be lowercase folder names each ending with /, such as slidenest/")
    .default(""),
});

const STRIPE_REQUIRED = [
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_PERSONAL_MONTHLY",
  "STRIPE_PRICE_PERSONAL_YEARLY",
  "STRIPE_PRICE_COMMERCIAL_MONTHLY",
  "STRIPE_PRICE_COMMERCIAL_YEARLY",
] as const;

export type Env = z.infer<typeof schema> & {
  dataDir: string;
  publicUrl: string;
  /**
   * Demo mode (DECISIONS: Operations): sandbox payments with the test cards. On by default only while
   * PUBLIC_URL is unset or on loopback and no DATABASE_URL is given; DEMO_MODE=on|off states it.
   */
  demoMode: boolean;
  /** Stripe, when STRIPE_SECRET_KEY is set (then every STRIPE_* but STRIPE_API_URL is required). */
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    prices: Record<"PERSONAL_MONTHLY" | "PERSONAL_YEARLY" | "COMMERCIAL_MONTHLY" | "COMMERCIAL_YEARLY", string>;
    apiUrl?: string;
  } | null;
  /** S3-compatible file storage, when S3_BUCKET is set. */
  s3: S3Settings | null;
  /** Facebook sign-in, when FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set. */
  facebook: FacebookSettings | null;
  /** reCAPTCHA v2 when both keys are set; otherwise forms use the embedded proof of work (ALTCHA). */
  recaptcha: { siteKey: string; secretKey: string; verifyUrl: string } | null;
};

export type FacebookSettings = { appId: string; appSecret: string; dialogUrl: string; graphUrl: string };

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  prefix: string;
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
  if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET))
    throw new Error(
      "Invalid environment configuration:\n  FACEBOOK_APP_ID and FACEBOOK_APP_SECRET: set both to enable Facebook sign-in, or neither",
    );
  // The app's secrets (Facebook's app secret, reCAPTCHA's secret key) travel in these requests: plain
  // http only to this machine (tests' loopback doubles).
  const plain = (["FACEBOOK_DIALOG_URL", "FACEBOOK_GRAPH_URL", "RECAPTCHA_VERIFY_URL"] as const).filter(
    (k) => !env[k].startsWith("https://") && !(env[k].startsWith("http://") && isLoopbackUrl(env[k])),
  );
  if (plain.length)
    throw new Error(
      `Invalid environment configuration:\n${plain.map((k) => `  ${k}: must be an https:// address (plain http only on loopback)`).join("\n")}`,
    );
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    throw new Error(
      "Invalid environment configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (then the AWS SDK's own sources apply)",
    );
  if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET_KEY))
    throw new Error(
      "Invalid environment configuration:\n  RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY: set both to use reCAPTCHA, or neither (then the embedded proof of work protects the forms)",
    );
  const missingStripe = env.STRIPE_SECRET_KEY ? STRIPE_REQUIRED.filter((k) => !env[k]) : [];
  if (missingStripe.length)
    throw new Error(
      `Invalid environment configuration:\n${missingStripe.map((k) => `  ${k}: required with STRIPE_SECRET_KEY`).join("\n")}`,
    );
  const result: Env = {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    demoMode:
      env.DEMO_MODE === "auto"
        ? !env.DATABASE_URL && (!env.PUBLIC_URL || isLoopbackUrl(env.PUBLIC_URL))
        : env.DEMO_MODE === "on",
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY as string,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
          prices: {
            PERSONAL_MONTHLY: env.STRIPE_PRICE_PERSONAL_MONTHLY as string,
            PERSONAL_YEARLY: env.STRIPE_PRICE_PERSONAL_YEARLY as string,
            COMMERCIAL_MONTHLY: env.STRIPE_PRICE_COMMERCIAL_MONTHLY as string,
            COMMERCIAL_YEARLY: env.STRIPE_PRICE_COMMERCIAL_YEARLY as string,
          },
          apiUrl: env.STRIPE_API_URL,
        }
      : null,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          // Self-hosted stores rarely have a name per bucket: path style whenever an endpoint is given.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === "true" : Boolean(env.S3_ENDPOINT),
          prefix: env.S3_PREFIX,
        }
      : null,
    facebook:
      env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
        ? {
            appId: env.FACEBOOK_APP_ID,
            appSecret: env.FACEBOOK_APP_SECRET,
            dialogUrl: env.FACEBOOK_DIALOG_URL,
            graphUrl: env.FACEBOOK_GRAPH_URL.replace(/\/+$/, ""),
          }
        : null,
    recaptcha:
      env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
        ? { siteKey: env.RECAPTCHA_SITE_KEY, secretKey: env.RECAPTCHA_SECRET_KEY, verifyUrl: env.RECAPTCHA_VERIFY_URL }
        : null,
  };
  if (source === process.env) cached = result;
  return result;
}
