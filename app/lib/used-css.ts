/**
 * The part of the site's stylesheet one page uses, to inline in its head (ADR 0034): the rules whose
 * selectors name only classes the page's markup carries, plus every rule that names no class (the
 * preflight, the theme's variables, element and attribute selectors), @font-face, @keyframes and
 * @property. The whole stylesheet still loads, at the end of the body (root.tsx): it styles what the
 * browser draws later (dialogs, menus, other pages) and, coming after, leaves the cascade as it was.
 *
 * No browser work: a small walker over the minified CSS Tailwind writes (blocks, strings, comments),
 * parsed once per stylesheet; a page's classes are read from its `class` attributes.
 */

/** A qualified rule (with the classes each of its comma-separated selectors needs), or a block of rules. */
type Node =
  | { kind: "rule"; text: string; needs: string[][] | null }
  | { kind: "block"; head: string; children: Node[] }
  | { kind: "raw"; text: string };

/** The index just past the block that opens at `open` (a `{`), skipping strings and comments. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(css, i);
    else if (c === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) + 1 || css.length;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return css.length;
}

function stringEnd(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

/** The next `{` or `;` at the top level of `css` from `from` (outside strings, comments, brackets). */
function nextStop(css: string, from: number): number {
  let paren = 0;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = stringEnd(css, i);
    else if (c === "\\") i++;
    else if (c === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) + 1 || css.length;
    else if (c === "(" || c === "[") paren++;
    else if (c === ")" || c === "]") paren--;
    else if (paren === 0 && (c === "{" || c === ";")) return i;
  }
  return css.length;
}

const CLASS = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F]|[-\w\u00a0-\uffff])+)/g;
const unescapeName = (name: string) =>
  name.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (ch ?? ""),
  );

/** Splits a selector list at its top-level commas. */
function selectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(list, i);
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

/** The classes each selector of a list needs; null when one of them needs none (the rule always stays). */
function classNeeds(list: string): string[][] | null {
  const needs: string[][] = [];
  for (const selector of selectors(list)) {
    // Attribute values may hold dots (`[href$=".pdf"]`): classes are read outside them.
    const bare = selector.replace(/(?<!\\)\[(?:\\.|[^\]\\])*\]/g, "[]");
    const names = [...bare.matchAll(CLASS)].map((m) => unescapeName(m[1]));
    if (names.length === 0) return null;
    needs.push(names);
  }
  return needs;
}

/** Rules inside these at-rules are filtered; any other at-rule with a block is kept whole. */
const GROUPING = /^@(?:layer|media|supports|container)\b/;

function parse(css: string): Node[] {
  const nodes: Node[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i++;
    if (i >= css.length) break;
    if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      const stop = end < 0 ? css.length : end + 2;
      // Licence comments stay.
      if (css[i + 2] === "!") nodes.push({ kind: "raw", text: css.slice(i, stop) });
      i = stop;
      continue;
    }
    const stop = nextStop(css, i);
    const head = css.slice(i, stop).trim();
    if (stop >= css.length || css[stop] === ";") {
      if (head) nodes.push({ kind: "raw", text: `${head};` });
      i = stop + 1;
      continue;
    }
    const end = blockEnd(css, stop);
    if (head.startsWith("@")) {
      if (GROUPING.test(head)) nodes.push({ kind: "block", head, children: parse(css.slice(stop + 1, end - 1)) });
      else nodes.push({ kind: "raw", text: css.slice(i, end) });
    } else {
      nodes.push({ kind: "rule", text: css.slice(i, end), needs: classNeeds(head) });
    }
    i = end;
  }
  return nodes;
}

/**
 * What a page's first paint can do without: the faces of scripts other than Latin (English and Spanish
 * text is in the Latin subset; another script's face comes with the whole stylesheet), and the
 * registrations of custom properties (`@property`), which are added back for the ones the page uses.
 */
const OTHER_SCRIPT_FACE = /^@font-face\b(?=[\s\S]*unicode-range)(?![\s\S]*U\+0000-00FF)/i;
const PROPERTY = /^@property\s+(--[\w-]+)/;

function emit(nodes: Node[], has: (name: string) => boolean, properties: string[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "raw") {
      const property = PROPERTY.exec(node.text);
      if (property) properties.push(node.text);
      else if (!OTHER_SCRIPT_FACE.test(node.text)) out += node.text;
    } else if (node.kind === "rule") {
      if (!node.needs || node.needs.some((names) => names.every(has))) out += node.text;
    } else {
      const inner = emit(node.children, has, properties);
      // `@layer a{}` still orders the layers: an emptied layer keeps its name as a statement.
      if (inner) out += `${node.head}{${inner}}`;
      else if (node.head.startsWith("@layer")) out += `${node.head};`;
    }
  }
  return out;
}

const ENTITY: Record<string, string> = { amp: "&", quot: '"', "#x27": "'", "#39": "'", lt: "<", gt: ">" };
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

/** Every class a page's markup carries (its `class` attributes, HTML entities decoded). */
export function classesOf(html: string): Set<string> {
  const found = new Set<string>();
  for (const m of html.matchAll(CLASS_ATTRIBUTE)) {
    const value = m[1].includes("&") ? m[1].replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, e: string) => ENTITY[e]) : m[1];
    for (const name of value.split(/\s+/)) if (name) found.add(name);
  }
  return found;
}

const VARIABLES_RULE = /([^{};]*\{)((?:--[\w-]+:[^;{}]*;?)+)\}/g;
const VAR_USE = /var\((--[\w-]+)/g;

/**
 * Keeps, in the rules that only set custom properties, the properties something kept reads (directly,
 * or through another kept property), and the `@property` registrations of those.
 */
function onlyReadVariables(css: string, properties: string[]): string {
  const bodies: string[] = [];
  const rest = css.replace(VARIABLES_RULE, (_, _head: string, body: string) => {
    bodies.push(body);
    return "";
  });
  const read = new Set([...rest.matchAll(VAR_USE)].map((m) => m[1]));
  const declarations = bodies.flatMap((body) =>
    body
      .split(";")
      .filter(Boolean)
      .map((d) => ({ name: d.slice(0, d.indexOf(":")), text: d })),
  );
  // Variables that read variables: follow them until nothing new is read.
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of declarations)
      if (read.has(d.name))
        for (const m of d.text.matchAll(VAR_USE))
          if (!read.has(m[1])) {
            read.add(m[1]);
            grew = true;
          }
  }
  const kept = css.replace(VARIABLES_RULE, (_, head: string, body: string) => {
    const keep = body.split(";").filter((d) => d && read.has(d.slice(0, d.indexOf(":"))));
    return keep.length ? `${head}${keep.join(";")}}` : `${head}}`;
  });
  return kept + properties.filter((p) => read.has(PROPERTY.exec(p)?.[1] ?? "")).join("");
}

/**
 * A stylesheet parsed once; `for(html)` answers the rules that page uses. Pages of one kind carry the
 * same classes: the rules are cut once (a few milliseconds) per set of classes, the last `keep` kept.
 */
export function usedCss(css: string, keep = 256): { for(html: string): string } {
  const nodes = parse(css);
  const cut = new Map<string, string>();
  return {
    for(html) {
      const classes = classesOf(html);
      const key = [...classes].sort().join(" ");
      let used = cut.get(key);
      if (used === undefined) {
        const properties: string[] = [];
        used = onlyReadVariables(
          emit(nodes, (name) => classes.has(name), properties),
          properties,
        );
        if (cut.size >= keep) cut.delete(cut.keys().next().value as string);
        cut.set(key, used);
      }
      return used;
    },
  };
}

/** `</style` cannot appear in CSS we inline (it would end the element); Tailwind never writes it. */
export function inlineStyle(css: string, nonce: string): string {
  return `<style data-used-css="" nonce="${nonce}">${css.replaceAll("</style", "<\\/style")}</style>`;
}
