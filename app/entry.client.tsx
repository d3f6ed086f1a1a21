import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reloadOnceForChunkError } from "./lib/chunk-reload.ts";

// A page chunk that fails to load reloads the page, at most once a minute; other failures are logged.
window.addEventListener("vite:preloadError", (event) => {
  const e = event as Event & { payload?: unknown };
  if (reloadOnceForChunkError(e.payload ?? new Error("Failed to fetch dynamically imported module")))
    e.preventDefault();
});
window.addEventListener("unhandledrejection", (event) => {
  if (!reloadOnceForChunkError(event.reason)) console.error("unhandled rejection", event.reason);
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
