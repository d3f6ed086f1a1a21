import { describe, expect, it } from "vitest";
import { describeError } from "./logger.ts";

describe("error logging", () => {
  it("names the class and code of a failed query, never what it was given", () => {
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "account_email_lower_idx"'),
      {
        code: "23505",
        detail: "Key (lower(email))=(ana@example.com) already exists.",
      },
    );
    const drizzle = new Error(
      'Failed query: insert into "account" ("email", "password_hash") values ($1, $2)\nparams: ana@example.com,$argon2id$v=19$m=19456',
      { cause: pgError },
    );
    const line = JSON.stringify(describeError(drizzle));
    expect(line).not.toContain("ana@example.com");
    expect(line).not.toContain("argon2id");
    expect(line).toContain("23505");
    expect(line).toContain("params: [withheld]");
    const keyed = JSON.stringify(describeError(new Error("Key (email)=(ana@example.com) already exists.")));
    expect(keyed).not.toContain("ana@example.com");
  });
});
