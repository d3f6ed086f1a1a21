import { hash, verify } from "@node-rs/argon2";

/** argon2id with the OWASP-recommended minimum cost (19 MiB, 2 passes). */
/** Algorithm 2 is argon2id (the package's const enum cannot be imported under verbatimModuleSyntax). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when no account matches, so both paths take the same time. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword("decoy-password-1!");
  return decoy;
}

let common: Promise<Set<string>> | undefined;

/**
 * Whether a password is one of the most used ones (zxcvbn's list of about 49,000, most frequent first,
 * which covers the top 10,000), whatever its case. Server side only: the list stays off the pages. Its
 * dictionaries (about 15 MB resident) are loaded by the first password checked, not at start.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].map((p) => p.toLowerCase())),
  );
  return (await common).has(password.toLowerCase());
}
