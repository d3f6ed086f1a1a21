/**
 * `npm run account -- block|unblock LOGIN` and `npm run account -- plan LOGIN PLAN`: what an operator
 * does to an account (DECISIONS: Accounts). LOGIN is the e-mail or the username. It works on the
 * database the server uses: DATABASE_URL, else the embedded one in DATA_DIR (stop the server first:
 * the embedded database takes one process at a time).
 */
import path from "node:path";
import { getEnv } from "#config/env.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { setBlocked, setPlan } from "#modules/accounts/operator.ts";
import { systemClock } from "#modules/shared/context.ts";

const USAGE = "usage: npm run account -- block LOGIN | unblock LOGIN | plan LOGIN PLAN";

export async function runAccountCommand(args: string[], env = getEnv()): Promise<{ code: number; out: string }> {
  const [verb, login, plan] = args;
  const known = (verb === "block" || verb === "unblock") && login && args.length === 2;
  const planned = verb === "plan" && login && plan && args.length === 3;
  if (!known && !planned) return { code: 2, out: USAGE };
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL, poolMax: 2 } : { dataDir: path.join(env.dataDir, "db") },
  );
  try {
    await database.migrate();
    const ctx = { db: database.db, clock: systemClock };
    const r = planned ? await setPlan(ctx, login, plan) : await setBlocked(ctx, login, verb === "block");
    return { code: r.ok ? 0 : 1, out: r.message };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { code, out } = await runAccountCommand(process.argv.slice(2));
    (code === 0 ? console.log : console.error)(out);
    process.exit(code);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
