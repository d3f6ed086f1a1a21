import type { Logger } from "#modules/shared/context.ts";
import { scrubEmails } from "#modules/shared/redact.ts";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

/** Structured JSON logs, one object per line on stdout (errors on stderr). */
export function createLogger(
  level: LogLevel = "info",
  base: Record<string, unknown> = {},
): Logger & { child(fields: Record<string, unknown>): Logger; debug(msg: string, f?: Record<string, unknown>): void } {
  const min = LEVELS[level];
  const write = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (LEVELS[lvl] < min) return;
    // No e-mail address is written, whichever field or error text carries one (an SMTP refusal names it).
    const line = scrubEmails(
      JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...base, ...serialize(fields) }),
    );
    if (lvl === "error") process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  };
}

function serialize(fields?: Record<string, unknown>) {
  if (!fields) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = v instanceof Error ? describeError(v) : v;
  return out;
}

/**
 * An error as a log line may carry it: its class, its code (a PostgreSQL SQLSTATE, a Node error code),
 * the same for its cause, and where it was thrown. Never the values of a failed query (e-mails,
 * password hashes): database errors name them in their message, so the message is cut before them.
 */
export function describeError(error: Error, depth = 0): Record<string, unknown> {
  const e = error as Error & { code?: unknown; cause?: unknown };
  const message = scrub(e.message);
  const frames = (e.stack ?? "")
    .split("\n")
    .filter((l) => l.trimStart().startsWith("at "))
    .slice(0, 8);
  return {
    name: e.name,
    ...(typeof e.code === "string" || typeof e.code === "number" ? { code: e.code } : {}),
    ...(message ? { message } : {}),
    ...(frames.length ? { stack: frames.map((f) => f.trim()) } : {}),
    ...(e.cause instanceof Error && depth < 3 ? { cause: describeError(e.cause, depth + 1) } : {}),
  };
}

/**
 * A message without what a failed query was given (Drizzle's "params: …", PostgreSQL's "Key (email)=(…)")
 * and without e-mail addresses.
 */
function scrub(message: string): string {
  return scrubEmails(message)
    .replace(/params:[\s\S]*$/i, "params: [withheld]")
    .replace(/\(([^()]*)\)=\([^)]*\)/g, "($1)=([withheld])")
    .slice(0, 500);
}
