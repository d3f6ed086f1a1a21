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
const MODULE_SCRIPT = /^<script nonce="([^"<>]*)" type="module" async="">/;

// The page is worked on as the bytes React wrote: only the head (a few kB) becomes a string. Decoding the
// whole page, editing it as a string and encoding it again cost a sixth of an uncached render.
const HEAD_END = Buffer.from("</head>");
const SCRIPT_OPEN = Buffer.from('<script nonce="');
const SCRIPT_CLOSE = Buffer.from("</script>");
/** More than an opening module script tag with its nonce takes. */
const TAG_BYTES = 256;

/** The opening tag of React Router's module script after `from`, with its position and nonce. */
function moduleScript(page: Buffer, from: number): { at: number; tag: string; nonce: string } | null {
  for (let at = page.indexOf(SCRIPT_OPEN, from); at >= 0; at = page.indexOf(SCRIPT_OPEN, at + SCRIPT_OPEN.length)) {
    const tag = MODULE_SCRIPT.exec(page.toString("utf8", at, at + TAG_BYTES));
    if (tag) return { at, tag: tag[0], nonce: tag[1] };
  }
  return null;
}

/**
 * The page (UTF-8, as rendered) with its scripts started after the first paint. A page without React
 * Router's module script after its head (none of ours, but an error page written elsewhere) is returned
 * as it came.
 */
export function scriptsAfterPaint(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = page.indexOf(HEAD_END);
  if (headEnd < 0) return page;
  const script = moduleScript(page, headEnd);
  if (!script) return page;
  const close = page.indexOf(SCRIPT_CLOSE, script.at);
  if (close < 0) return page;
  const taken = { preloads: [] as string[], words: [] as string[], manifest: [] as string[] };
  const take = (list: string[]) => (_tag: string, href: string) => {
    list.push(href);
    return "";
  };
  const head = page
    .toString("utf8", 0, headEnd)
    .replace(PRELOAD, take(taken.preloads))
    .replace(WORDS, take(taken.words))
    .replace(MANIFEST, take(taken.manifest));
  const inert =
    `<script type="${DEFERRED_MODULE_TYPE}" data-preloads="${taken.preloads.join(" ")}"` +
    ` data-words="${taken.words.join(" ")}" data-manifest="${taken.manifest.join(" ")}">`;
  const loader = `<script nonce="${script.nonce}">${LOADER}</script>`;
  const afterClose = close + SCRIPT_CLOSE.length;
  return Buffer.concat([
    Buffer.from(head),
    page.subarray(headEnd, script.at),
    Buffer.from(inert),
    page.subarray(script.at + Buffer.byteLength(script.tag), afterClose),
    Buffer.from(loader),
    page.subarray(afterClose),
  ]);
}

/** The addresses a page's inert module starts after its paint, read back from the page (tests, `npm run bench`). */
export function deferredLinks(html: string): { preloads: string[]; words: string[]; manifest: string[] } {
  const inert = new RegExp(`<script type="${DEFERRED_MODULE_TYPE}"[^>]*>`).exec(html)?.[0] ?? "";
  const list = (name: string) => (new RegExp(`${name}="([^"]*)"`).exec(inert)?.[1] ?? "").split(" ").filter(Boolean);
  return { preloads: list("data-preloads"), words: list("data-words"), manifest: list("data-manifest") };
}
