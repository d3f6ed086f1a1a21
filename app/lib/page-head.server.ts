import css from "../app.css?inline";
import { inlineStyle, usedCss } from "./used-css.ts";

const sheet = usedCss(css);
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;
/** React Router's module script (its imports: the page's route modules, then the client entry). */
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/g;

/**
 * A rendered page made ready for a slow link (ADR 0034):
 * - the CSS rules its markup uses are inlined at the end of its head, under the render's nonce (the page
 *   cache's mark for a cached page, replaced per answer as the scripts' nonce is); the whole stylesheet
 *   is linked at the end of the body (root.tsx), so nothing in the head blocks the first paint;
 * - the scripts (their preloads and React Router's module script) are fetched at low priority:
 *   hydration needs them, the first paint does not, and on a slow link they would share it with the
 *   page and its first image.
 */
export function finishPage(html: string, nonce: string | undefined): string {
  const at = html.indexOf("</head>");
  if (at < 0) return html;
  const head = html.slice(0, at).replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
  const body = html.slice(at).replace(MODULE_SCRIPT, '<script$1 type="module" async="" fetchpriority="low">');
  return `${head}${inlineStyle(sheet.for(html), nonce ?? "")}${body}`;
}
