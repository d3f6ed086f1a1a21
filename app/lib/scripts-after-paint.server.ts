/**
 * The page paints before its scripts are fetched (ADR 0037). React Router's `<Scripts>` writes a module
 * preload per script in the head and one inline module script that imports the route modules and starts
 * the client entry. On a fast link every one of them arrives and runs before the browser has drawn a
 * frame, so a phone's first paint waits for the scripts' evaluation, and a slow link shares its first round
 * trips between the page's image, its stylesheet and 100-170 kB of JavaScript.
 *
 * Here, once the page is rendered whole, the preloads leave the head and the module script becomes inert
 * (`type="text/x-deferred-module"`, its preloads in a data attribute); a small inline script right after it
 * adds the preloads and the real module script once the browser reports the first contentful paint. The
 * page's words (fetched for hydration) and its web app manifest wait with them: neither is needed to draw
 * the page, and on a slow link each is one more request beside the stylesheet, the font and the image. The scripts then load
 * together as before (no chain of round trips), only after the page is on screen. A page in a hidden tab
 * (no frames drawn) starts them at once.
 */

import { SCRIPTS_AFTER_PAINT } from "#config/constants.ts";

/** The inert module script's type: the browser neither fetches nor runs a script of an unknown type. */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

// The element before this script is the inert module. Once the browser has reported the page's first
// contentful paint (or at once in a hidden tab, which draws no frames; or after SCRIPTS_AFTER_PAINT.maxWaitMs
// should no paint be reported), the page's words, its manifest and the scripts' preloads go into the head
// and a live copy of the module takes its place. Runs once.
const LOADER = `(()=>{const d=document,c=d.currentScript,m=c.previousElementSibling,n=c.nonce;let s=0;const add=(r,h,w)=>{const l=d.createElement("link");l.rel=r;l.href=h;if(w){l.as="fetch";l.crossOrigin="anonymous";l.setAttribute("data-messages","")}else l.nonce=n;d.head.append(l)},each=(a,f)=>{for(const h of (m.getAttribute(a)||"").split(" "))if(h)f(h)};const go=()=>{if(s++)return;each("data-words",(h)=>add("preload",h,1));each("data-manifest",(h)=>add("manifest",h));each("data-preloads",(h)=>add("modulepreload",h));const e=d.createElement("script");e.type="module";e.nonce=n;e.textContent=m.textContent;m.replaceWith(e)};if(d.visibilityState==="hidden")return go();d.addEventListener("visibilitychange",go,{once:true});setTimeout(go,${SCRIPTS_AFTER_PAINT.maxWaitMs});try{const o=new PerformanceObserver((l)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}});o.observe({type:"paint",buffered:true})}catch{}})()`;

const PRELOAD = /<link rel="modulepreload" href="([^"<>]+)"[^<>]*?\/?>/g;
// The words a page's first render needs (root.tsx's MessageLinks): entry.client reads `link[data-messages]`.
const WORDS = /<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"<>]+)" data-messages=""\/?>/g;
const MANIFEST = /<link(?: nonce="[^"<>]*")? rel="manifest" href="([^"<>]+)"\/?>/g;
const MODULE_SCRIPT = /<script nonce="([^"<>]*)" type="module" async="">/;

/**
 * The page with its scripts started after the first paint. A page without React Router's module script
 * (none of ours, but an error page written elsewhere) is returned as it came.
 */
export function scriptsAfterPaint(html: string): string {
  const headEnd = html.indexOf("</head>");
  const script = MODULE_SCRIPT.exec(html);
  if (headEnd < 0 || !script || script.index < headEnd) return html;
  const taken = { preloads: [] as string[], words: [] as string[], manifest: [] as string[] };
  const take = (list: string[]) => (_tag: string, href: string) => {
    list.push(href);
    return "";
  };
  const head = html
    .slice(0, headEnd)
    .replace(PRELOAD, take(taken.preloads))
    .replace(WORDS, take(taken.words))
    .replace(MANIFEST, take(taken.manifest));
  const close = html.indexOf("</script>", script.index);
  if (close < 0) return html;
  const nonce = script[1];
  const inert =
    `<script type="${DEFERRED_MODULE_TYPE}" data-preloads="${taken.preloads.join(" ")}"` +
    ` data-words="${taken.words.join(" ")}" data-manifest="${taken.manifest.join(" ")}">`;
  const loader = `<script nonce="${nonce}">${LOADER}</script>`;
  return (
    head +
    html.slice(headEnd, script.index) +
    inert +
    html.slice(script.index + script[0].length, close + "</script>".length) +
    loader +
    html.slice(close + "</script>".length)
  );
}
