import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadMessages } from "#modules/shared/i18n.ts";
import { loadMemberMenu } from "./components/layout/account-menu.tsx";
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

// The page's words (root.tsx preloads them beside the scripts) are at hand before the first render, so
// hydration renders what the server did. Should one fail to load, the page stays as the server drew it.
const words = [...document.querySelectorAll<HTMLLinkElement>("link[data-messages]")].map((l) =>
  loadMessages(l.getAttribute("href") ?? ""),
);
// A member's menu is hydrated with the page (its code is fetched beside the words; should it fail, the
// menu loads again when drawn).
const menu = document.querySelector("[data-member-menu]") ? loadMemberMenu().catch(() => undefined) : undefined;
Promise.all([...words, menu]).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  (error) => console.error("the page's words did not load; it stays as the server drew it", error),
);
