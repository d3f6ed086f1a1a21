import { describe, expect, it } from "vitest";
import { getEnv } from "./env.server.ts";

describe("getEnv", () => {
  it("has a default for everything", () => {
    const env = getEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.dataDir).toMatch(/data$/);
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("reads PORT, HOST, DATA_DIR and PUBLIC_URL", () => {
    const env = getEnv({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/tmp/x",
      PUBLIC_URL: "https://slidenest.example/",
    });
    expect(env.PORT).toBe(8080);
    expect(env.dataDir).toBe("/tmp/x");
    expect(env.publicUrl).toBe("https://slidenest.example");
  });

  it("fails with a message naming each bad variable", () => {
    expect(() => getEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", PUBLIC_URL: "nope" })).toThrow(
      /Invalid environment configuration:[\s\S]*PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*PUBLIC_URL/,
    );
  });
});

describe("demo mode", () => {
  it("is on by default only on loopback without DATABASE_URL, and DEMO_MODE states it", () => {
    expect(getEnv({}).demoMode).toBe(true);
    expect(getEnv({ PUBLIC_URL: "http://127.0.0.1:3111" }).demoMode).toBe(true);
    expect(getEnv({ PUBLIC_URL: "http://[::1]:3000" }).demoMode).toBe(true);
    expect(getEnv({ PUBLIC_URL: "https://slidenest.example" }).demoMode).toBe(false);
    expect(getEnv({ DATABASE_URL: "postgres://u@localhost/db" }).demoMode).toBe(false);
    expect(getEnv({ PUBLIC_URL: "https://slidenest.example", DEMO_MODE: "on" }).demoMode).toBe(true);
    expect(getEnv({ DEMO_MODE: "off" }).demoMode).toBe(false);
    expect(() => getEnv({ DEMO_MODE: "maybe" })).toThrow(/DEMO_MODE/);
  });
});

describe("Stripe settings", () => {
  it("are off without a secret key, and need every price and the webhook secret with one", () => {
    expect(getEnv({}).stripe).toBeNull();
    expect(() => getEnv({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    );
    expect(() => getEnv({ STRIPE_SECRET_KEY: "nope" })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    const env = getEnv({
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_PRICE_PERSONAL_MONTHLY: "price_pm",
      STRIPE_PRICE_PERSONAL_YEARLY: "price_py",
      STRIPE_PRICE_COMMERCIAL_MONTHLY: "price_cm",
      STRIPE_PRICE_COMMERCIAL_YEARLY: "price_cy",
    });
    expect(env.stripe?.prices.COMMERCIAL_YEARLY).toBe("price_cy");
  });
});

describe("S3 settings", () => {
  it("are off without a bucket, default the region and path style, and check what they are given", () => {
    expect(getEnv({}).s3).toBeNull();
    expect(getEnv({ S3_BUCKET: "slidenest-files" }).s3).toEqual({
      bucket: "slidenest-files",
      region: "us-east-1",
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      prefix: "",
    });
    const minio = getEnv({
      S3_BUCKET: "files",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PREFIX: "slidenest/",
    }).s3;
    expect(minio).toMatchObject({ forcePathStyle: true, prefix: "slidenest/", credentials: { accessKeyId: "id" } });
    expect(
      getEnv({ S3_BUCKET: "files", S3_ENDPOINT: "http://h:9000", S3_FORCE_PATH_STYLE: "false" }).s3?.forcePathStyle,
    ).toBe(false);
    expect(() => getEnv({ S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => getEnv({ S3_BUCKET: "files", S3_ACCESS_KEY_ID: "id" })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both/,
    );
    expect(() => getEnv({ S3_BUCKET: "files", S3_PREFIX: "../up" })).toThrow(/S3_PREFIX/);
    expect(() => getEnv({ S3_BUCKET: "files", S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});

describe("reCAPTCHA settings", () => {
  it("are off without keys (the embedded proof of work then), need both keys, and default the verify address", () => {
    expect(getEnv({}).recaptcha).toBeNull();
    expect(() => getEnv({ RECAPTCHA_SITE_KEY: "6LeIxAcTAAAAAJcZVRqyHh71" })).toThrow(
      /RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY: set both/,
    );
    expect(() => getEnv({ RECAPTCHA_SITE_KEY: "bad key!", RECAPTCHA_SECRET_KEY: "6LeIxAcTAAAAAGG" })).toThrow(
      /RECAPTCHA_SITE_KEY: must be a reCAPTCHA site key/,
    );
    expect(
      getEnv({ RECAPTCHA_SITE_KEY: "6LeIxAcTAAAAAJcZ", RECAPTCHA_SECRET_KEY: "6LeIxAcTAAAAAGG-" }).recaptcha,
    ).toEqual({
      siteKey: "6LeIxAcTAAAAAJcZ",
      secretKey: "6LeIxAcTAAAAAGG-",
      verifyUrl: "https://www.google.com/recaptcha/api/siteverify",
    });
    expect(() =>
      getEnv({
        RECAPTCHA_SITE_KEY: "6LeIxAcTAAAAAJcZ",
        RECAPTCHA_SECRET_KEY: "6LeIxAcTAAAAAGG-",
        RECAPTCHA_VERIFY_URL: "x",
      }),
    ).toThrow(/RECAPTCHA_VERIFY_URL/);
  });

  it("send the secret key only over https, or plain http to this machine (the tests' double)", () => {
    const keys = { RECAPTCHA_SITE_KEY: "6LeIxAcTAAAAAJcZ", RECAPTCHA_SECRET_KEY: "6LeIxAcTAAAAAGG-" };
    for (const url of ["http://www.google.com/recaptcha/api/siteverify", "http://10.0.0.5/siteverify", "ftp://h/x"])
      expect(() => getEnv({ ...keys, RECAPTCHA_VERIFY_URL: url }), url).toThrow(
        /RECAPTCHA_VERIFY_URL: must be an https:\/\/ address \(plain http only on loopback\)/,
      );
    for (const url of ["https://recaptcha.example/siteverify", "http://127.0.0.1:9/siteverify", "http://[::1]:9/v"])
      expect(getEnv({ ...keys, RECAPTCHA_VERIFY_URL: url }).recaptcha?.verifyUrl, url).toBe(url);
  });
});

describe("Facebook settings", () => {
  const keys = { FACEBOOK_APP_ID: "1234567890", FACEBOOK_APP_SECRET: "0123456789abcdef0123456789abcdef" };

  it("are off without an app id, need both, and default to Facebook's own addresses", () => {
    expect(getEnv({}).facebook).toBeNull();
    expect(() => getEnv({ FACEBOOK_APP_ID: "1234567890" })).toThrow(
      /FACEBOOK_APP_ID and FACEBOOK_APP_SECRET: set both/,
    );
    expect(() => getEnv({ FACEBOOK_APP_SECRET: keys.FACEBOOK_APP_SECRET })).toThrow(/set both/);
    expect(getEnv(keys).facebook).toEqual({
      appId: "1234567890",
      appSecret: "0123456789abcdef0123456789abcdef",
      dialogUrl: "https://www.facebook.com/v23.0/dialog/oauth",
      graphUrl: "https://graph.facebook.com/v23.0",
    });
  });

  it("check the app id and secret, and take other addresses only over https (plain http on loopback)", () => {
    expect(() => getEnv({ ...keys, FACEBOOK_APP_ID: "my-app" })).toThrow(/FACEBOOK_APP_ID: must be the numeric app id/);
    expect(() => getEnv({ ...keys, FACEBOOK_APP_SECRET: "a|b" })).toThrow(
      /FACEBOOK_APP_SECRET: must be the app secret/,
    );
    expect(() => getEnv({ ...keys, FACEBOOK_GRAPH_URL: "not a url" })).toThrow(/FACEBOOK_GRAPH_URL/);
    expect(() => getEnv({ ...keys, FACEBOOK_GRAPH_URL: "http://graph.example" })).toThrow(
      /FACEBOOK_GRAPH_URL: must be an https:\/\/ address/,
    );
    expect(() => getEnv({ ...keys, FACEBOOK_DIALOG_URL: "ftp://127.0.0.1/dialog" })).toThrow(/FACEBOOK_DIALOG_URL/);
    const local = getEnv({
      ...keys,
      FACEBOOK_DIALOG_URL: "http://127.0.0.1:4000/dialog/oauth",
      FACEBOOK_GRAPH_URL: "http://127.0.0.1:4000/",
    }).facebook;
    expect(local).toMatchObject({ dialogUrl: "http://127.0.0.1:4000/dialog/oauth", graphUrl: "http://127.0.0.1:4000" });
  });
});
