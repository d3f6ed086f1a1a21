/**
 * Whether a file storage error is the machine's or the provider's for a while (a full or read-only disk,
 * too many open files, S3 unreachable, slow or failing with a 5xx), not the file's: work that met one is
 * tried again later instead of being marked failed.
 */
const PASSING_CODES = new Set([
  "ENOSPC",
  "EDQUOT",
  "EROFS",
  "EIO",
  "EMFILE",
  "ENFILE",
  "EAGAIN",
  "EBUSY",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

export function isStorageUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const e = error as Error & { code?: unknown; $retryable?: unknown; $metadata?: { httpStatusCode?: number } };
  if (PASSING_CODES.has(String(e.code ?? ""))) return true;
  if (e.name === "TimeoutError" || e.$retryable) return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  return isStorageUnavailable(e.cause, depth + 1);
}
