import { describe, expect, it } from "vitest";
import { emailDomain, scrubEmails } from "#modules/shared/redact.ts";
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

  it("replaces e-mail addresses in error text by their domain, and names only the domain of a recipient", () => {
    const smtp = new Error(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <Ana.P+x@Mail.Example.co.uk>: User unknown",
    );
    const line = JSON.stringify(describeError(smtp));
    expect(line).not.toMatch(/ana\.p/i);
    expect(line).toContain("550 5.1.1 <[address at mail.example.co.uk]>: User unknown");
    expect(scrubEmails("from node_modules/@hono/node-server@2.1.8 and pg-boss@10.1.2")).toBe(
      "from node_modules/@hono/node-server@2.1.8 and pg-boss@10.1.2",
    );
    expect(emailDomain("Ana@Example.COM")).toBe("example.com");
    expect(emailDomain("no address")).toBe("unknown");
  });
});
