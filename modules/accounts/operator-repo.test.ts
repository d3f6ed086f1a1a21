import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/db.ts";
import { operatorAccount } from "./operator-repo.ts";
import { createVerifiedAccount } from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock = { now: () => new Date("2026-11-20T10:00:00Z") };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.cleanup();
});

describe("accounts repo", () => {
  it("finds an account for an operator by e-mail or username, any case, with its state", async () => {
    const id = await createVerifiedAccount(
      { db: database.db, clock },
      { email: "Repo.Op@example.com", username: "RepoOp", name: "Op", password: "Sl1des!rock", blocked: true },
    );
    const expected = {
      id,
      email: "Repo.Op@example.com",
      plan: "FREE",
      role: "member",
      locale: "en",
      blocked: true,
      blockedAt: expect.any(Date),
      blockedReason: null,
      verified: true,
      deleted: false,
      live: false,
    };
    expect(await operatorAccount(database.db, "repo.op@EXAMPLE.com")).toEqual(expected);
    expect(await operatorAccount(database.db, "repoop")).toEqual(expected);
    expect(await operatorAccount(database.db, id)).toEqual(expected);
    expect(await operatorAccount(database.db, "nobody")).toBeUndefined();
    expect(await operatorAccount(database.db, 2_000_000_000)).toBeUndefined();
  });
});
