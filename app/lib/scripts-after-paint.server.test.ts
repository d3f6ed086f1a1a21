import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, deferredLinks, scriptsAfterPaint } from "./scripts-after-paint.server.ts";

// The page as React Router writes it (server/page-head.test.ts checks a real one over HTTP); here the
// edges of working on its bytes: text in several scripts, inline scripts before the module, pages without it.
const NONCE = "q1W2e3R4t5Y6u7I8o9P0aA==";
const head =
  '<head><meta charSet="utf-8"/><title>Diseño · Plantillas ✓ 📊</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-A1.js"/><link rel="modulepreload" href="/assets/root-B2.js"/>' +
  '<link rel="preload" as="fetch" crossorigin="anonymous" href="/i18n/es/list.abc.json" data-messages=""/>' +
  `<link nonce="${NONCE}" rel="manifest" href="/manifest.webmanifest"/></head>`;
const moduleScript = `<script nonce="${NONCE}" type="module" async="">import "/assets/entry.client-A1.js";</script>`;
const page = (body: string) => `<!DOCTYPE html><html lang="es">${head}<body>${body}</body></html>`;
const run = (html: string) => scriptsAfterPaint(Buffer.from(html)).toString("utf8");

describe("scriptsAfterPaint", () => {
  it("moves the head's scripts, words and manifest into the inert module, keeping every other byte", () => {
    const body = `<main><h1>Año nuevo — presentaciones 日本語 ✓</h1></main><script nonce="${NONCE}">window.a="<ñ>"</script>${moduleScript}<script nonce="${NONCE}">enqueue("ü")</script>`;
    const out = run(page(body));
    expect(out).not.toMatch(/<link/);
    expect(out).toContain("<title>Diseño · Plantillas ✓ 📊</title>");
    expect(out).toContain(
      `<script type="${DEFERRED_MODULE_TYPE}" data-preloads="/assets/entry.client-A1.js /assets/root-B2.js" data-words="/i18n/es/list.abc.json" data-manifest="/manifest.webmanifest">import "/assets/entry.client-A1.js";</script><script nonce="${NONCE}">(()=>{`,
    );
    // Everything between the head and the module, and after it, as it was; the inline script before the
    // module (an ordinary one with the same nonce) is not taken for it.
    expect(out).toContain(
      `<body><main><h1>Año nuevo — presentaciones 日本語 ✓</h1></main><script nonce="${NONCE}">window.a="<ñ>"</script><script type=`,
    );
    expect(out.endsWith(`</script><script nonce="${NONCE}">enqueue("ü")</script></body></html>`)).toBe(true);
  });

  it("returns a page without the module script, or without a head, as it came", () => {
    for (const html of [page("<main>Sin scripts</main>"), `<html><body>${moduleScript}</body></html>`, ""]) {
      const bytes = Buffer.from(html);
      expect(scriptsAfterPaint(bytes)).toBe(bytes);
    }
  });

  it("leaves a module script inside the head alone (it is no page of React Router's)", () => {
    const html = `<html><head>${moduleScript}</head><body><p>x</p></body></html>`;
    expect(run(html)).toBe(html);
  });

  it("keeps a module script whose tag is cut (no closing tag) as it came", () => {
    const html = page(`<p>x</p><script nonce="${NONCE}" type="module" async="">import "/a.js";`);
    expect(run(html)).toBe(html);
  });

  it("reads back what the inert module starts after the paint", () => {
    expect(deferredLinks(run(page(moduleScript)))).toEqual({
      preloads: ["/assets/entry.client-A1.js", "/assets/root-B2.js"],
      words: ["/i18n/es/list.abc.json"],
      manifest: ["/manifest.webmanifest"],
    });
    expect(deferredLinks(page(moduleScript))).toEqual({ preloads: [], words: [], manifest: [] });
  });
});
