import { generate } from "otplib";
import type { Database } from "#db/client.server.ts";
import { setRole } from "#modules/accounts/operator.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import type { Clock } from "#modules/shared/context.ts";
import { httpClient, Jar } from "./http.ts";

let seq = 0;

/**
 * A new verified FREE account, logged in through the log-in form of an in-process server: its cookie
 * jar and id. Each call makes another (`prefix` + a number, unique in the process).
 */
export async function signedInMember(
  srv: { database: Pick<Database, "db">; request(path: string, init?: RequestInit): Response | Promise<Response> },
  clock: Clock,
  prefix = "member",
): Promise<{ jar: Jar; id: number; email: string }> {
  seq++;
  const email = `${prefix}${seq}-${process.pid}@example.com`;
  const password = "Sl1des!rock";
  const id = await createVerifiedAccount(
    { db: srv.database.db, clock },
    { email, username: `${prefix}${seq}-${process.pid}`.slice(0, 30), name: `${prefix} ${seq}`, password },
  );
  const jar = new Jar();
  const res = jar.take(await httpClient((p, i) => srv.request(p, i)).post("/login", { login: email, password }));
  if (res.status !== 302) throw new Error(`log-in of ${email} answered ${res.status}`);
  return { jar, id, email };
}

/** A verified FREE account made straight in the database: `username`@example.com, password "Sl1des!rock". */
export function verifiedMember(db: Database["db"], clock: Clock, username: string): Promise<number> {
  return createVerifiedAccount(
    { db, clock },
    { email: `${username}@example.com`, username, name: username, password: "Sl1des!rock" },
  );
}

/**
 * A new operator with the second factor on, signed in through the log-in form and the enrolment page of
 * an in-process server (the TOTP code computed from the key the page shows): its cookie jar and id.
 */
export async function signedInOperator(
  srv: { database: Pick<Database, "db">; request(path: string, init?: RequestInit): Response | Promise<Response> },
  clock: Clock,
  username: string,
): Promise<{ jar: Jar; id: number; email: string }> {
  const password = "Sl1des!rock";
  const email = `${username}@example.com`;
  const id = await createVerifiedAccount({ db: srv.database.db, clock }, { email, username, name: username, password });
  await setRole({ db: srv.database.db, clock }, username, "operator", { kind: "command", label: "test" });
  const http = httpClient((p, i) => srv.request(p, i));
  const jar = new Jar();
  jar.take(await http.post("/login", { login: username, password }, jar));
  const start = await http.post("/operator/enrol", { intent: "secondFactor", step: "start", password }, jar);
  const key = /data-testid="totp-key"[^>]*>([A-Z2-7 ]+)</.exec(await start.text())?.[1] ?? "";
  const code = await generate({ secret: key.replace(/\s/g, ""), epoch: Math.floor(clock.now().getTime() / 1000) });
  const done = jar.take(await http.post("/operator/enrol", { intent: "secondFactor", step: "confirm", code }, jar));
  if (done.status >= 400) throw new Error(`enrolment of ${username} answered ${done.status}`);
  return { jar, id, email };
}
