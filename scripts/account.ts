/**
 * What an operator does to an account (DECISIONS: Accounts, Operations). LOGIN is the e-mail or the username.
 *
 *   npm run account -- block LOGIN [REASON…] | unblock LOGIN [REASON…]
 *   npm run account -- plan LOGIN PLAN
 *   npm run account -- role LOGIN operator|member
 *   npm run account -- second-factor-off LOGIN
 *
 * Every change goes to the operator audit log (with the shell user who ran it), as the desk's do: the
 * command and /operator/members share one service per action (modules/accounts/operator.ts). It works on the database the
 * server uses: DATABASE_URL, else the embedded one in DATA_DIR. The embedded database takes one process
 * at a time: while the server (or another command) has it open, the command says so and changes nothing.
 */
import path from "node:path";
import { getEnv } from "#config/env.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { setBlocked, setPlan, setRole, turnOffSecondFactor } from "#modules/accounts/operator.ts";
import { systemClock } from "#modules/shared/context.ts";
import { embeddedDatabaseHeld } from "./embedded-database.ts";
import { runAsMain, shellUser } from "./folder-command.ts";

const USAGE = [
  "usage: npm run account -- block LOGIN [REASON…] | unblock LOGIN [REASON…] | plan LOGIN PLAN | role LOGIN operator|member | second-factor-off LOGIN",
  "  LOGIN is the account's e-mail address or username; a REASON (the rest of the line) is kept in the audit log",
].join("\n");

export async function runAccountCommand(args: string[], env = getEnv()): Promise<{ code: number; out: string }> {
  const [verb, login, value] = args;
  const blocking = (verb === "block" || verb === "unblock") && login && args.length >= 2;
  const single = verb === "second-factor-off" && login && args.length === 2;
  const paired = (verb === "plan" || verb === "role") && login && value && args.length === 3;
  if (!blocking && !single && !paired) return { code: 2, out: USAGE };
  const held = embeddedDatabaseHeld(env, "Nothing was changed.");
  if (held) return { code: 1, out: held };
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL, poolMax: 2 } : { dataDir: path.join(env.dataDir, "db") },
  );
  try {
    await database.migrate();
    const ctx = { db: database.db, clock: systemClock };
    const actor = { kind: "command" as const, label: shellUser() };
    const r =
      verb === "plan"
        ? await setPlan(ctx, login, value, { actor })
        : verb === "role"
          ? await setRole(ctx, login, value, actor)
          : verb === "second-factor-off"
            ? await turnOffSecondFactor(ctx, login, { actor })
            : await setBlocked(ctx, login, verb === "block", { actor, reason: args.slice(2).join(" ") || null });
    return r.ok ? { code: 0, out: r.value.message } : { code: 1, out: r.detail };
  } finally {
    await database.close();
  }
}

await runAsMain(import.meta.url, (args) => runAccountCommand(args));
