/**
 * Licence codes: 100 random bits as 20 characters of Crockford's base 32 (no I, L, O or U, so a code read
 * aloud or copied by hand survives), shown in groups of four: `7K3Q-M9XD-2C8F-VN4T-H6RB`.
 */
import { randomBytes } from "node:crypto";
import { LICENCES } from "#config/constants.ts";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new code: 20 characters, 5 random bits each (13 random bytes, 4 bits unused). */
export function newLicenceCode(): string {
  const bytes = randomBytes(13);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < LICENCES.codeLength) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/**
 * The code a person typed or a link carried, as stored: case, spaces and dashes do not matter, and the
 * letters people confuse with digits (O, I, L) read as them. Null when it cannot be a code (wrong length,
 * other characters, NUL, ten thousand characters): nothing that long is even looked at.
 */
export function normaliseLicenceCode(input: string): string | null {
  if (input.length > LICENCES.codeLength * 3) return null;
  const code = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== LICENCES.codeLength) return null;
  for (const ch of code) if (!ALPHABET.includes(ch)) return null;
  return code;
}

/** A stored code as people read it: groups of four joined by dashes. */
export function formatLicenceCode(code: string): string {
  return code.match(new RegExp(`.{1,${LICENCES.groupSize}}`, "g"))?.join("-") ?? code;
}
