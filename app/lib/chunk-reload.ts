import { UI } from "#config/browser.ts";

const KEY = "slidenest:chunk-reload-at";

export function isChunkLoadError(error: unknown): boolean {
  const msg = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    msg,
  );
}

/** Reloads the page when a page chunk failed to load, at most once per guard period (SPEC §9). */
export function reloadOnceForChunkError(error: unknown, now = Date.now()): boolean {
  if (typeof window === "undefined" || !isChunkLoadError(error)) return false;
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(KEY) ?? 0);
    if (now - last < UI.chunkReloadGuardMs) return false;
    window.sessionStorage.setItem(KEY, String(now));
  } catch {
    /* storage may be unavailable: reload anyway, the guard is best effort there */
  }
  window.location.reload();
  return true;
}
