/**
 * A parameter as an SQL literal: a safe integer as digits; text as an escape string (`E'…'`, backslashes
 * and quotes doubled), which reads the same whatever `standard_conforming_strings` says.
 */
export function literal(value: string | number): string {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer parameter: ${value}`);
    return String(value);
  }
  if (value.includes("\0")) throw new Error("a text parameter with a NUL character");
  return `E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}
