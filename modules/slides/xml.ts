/**
 * A small, strict XML parser for the parts of an Office package (ADR 0018). It builds a plain tree,
 * knows only the five predefined entities and character references, and refuses any DOCTYPE, so no
 * entity is ever declared, expanded or fetched (OOXML parts never carry a DTD). Ill-formed input
 * (unbalanced tags, stray "<" or "&", text outside the root) throws an XmlError.
 */

export type XmlElement = {
  /** Qualified name as written ("p:sldId"). */
  name: string;
  /** Name without its prefix ("sldId"). */
  local: string;
  attrs: Record<string, string>;
  children: XmlNode[];
};
export type XmlNode = XmlElement | string;

export class XmlError extends Error {}

const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decode(s: string, at: number): string {
  if (!s.includes("&")) return s;
  return s.replace(/&([^;&<\s]{0,12});|&/g, (m, ref: string | undefined) => {
    if (ref === undefined) throw new XmlError(`bare & near ${at}`);
    if (ref in PREDEFINED) return PREDEFINED[ref];
    const num = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(ref);
    if (num) {
      const code = num[1] !== undefined ? Number.parseInt(num[1], 16) : Number(num[2]);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || code === 0) throw new XmlError(`bad character ${m}`);
      return String.fromCodePoint(code);
    }
    throw new XmlError(`unknown entity ${m}`);
  });
}

const localName = (q: string) => q.slice(q.indexOf(":") + 1);
/** Office parts nest a few dozen levels; the tree walkers recurse, so depth is bounded. */
const MAX_DEPTH = 256;
const NAME = /^[A-Za-z_][\w.:-]*$/;
const ATTR = /\s*([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;

export function parseXml(text: string): XmlElement {
  let s = text;
  if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const lt = s.indexOf("<", i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i) {
      const raw = s.slice(i, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.children.push(decode(raw, i));
      else if (raw.trim()) throw new XmlError(`text outside the root near ${i}`);
    }
    if (lt < 0) break;
    if (s.startsWith("<?", lt)) {
      const end = s.indexOf("?>", lt + 2);
      if (end < 0) throw new XmlError("unclosed processing instruction");
      i = end + 2;
    } else if (s.startsWith("<!--", lt)) {
      const end = s.indexOf("-->", lt + 4);
      if (end < 0) throw new XmlError("unclosed comment");
      i = end + 3;
    } else if (s.startsWith("<![CDATA[", lt)) {
      const end = s.indexOf("]]>", lt + 9);
      const top = stack[stack.length - 1];
      if (end < 0 || !top) throw new XmlError("bad CDATA section");
      top.children.push(s.slice(lt + 9, end));
      i = end + 3;
    } else if (s.startsWith("<!", lt)) {
      throw new XmlError("DOCTYPE and declarations are not allowed");
    } else if (s.startsWith("</", lt)) {
      const end = s.indexOf(">", lt + 2);
      if (end < 0) throw new XmlError("unclosed end tag");
      const name = s.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new XmlError(`</${name}> does not close <${open?.name ?? ""}>`);
      i = end + 1;
    } else {
      let j = lt + 1;
      while (j < n && !/[\s/>]/.test(s[j])) j++;
      const name = s.slice(lt + 1, j);
      if (!NAME.test(name)) throw new XmlError(`bad element name near ${lt}`);
      const attrs: Record<string, string> = {};
      let selfClosing = false;
      for (;;) {
        ATTR.lastIndex = j;
        const m = ATTR.exec(s);
        if (m) {
          if (m[1] in attrs) throw new XmlError(`attribute ${m[1]} twice on <${name}>`);
          attrs[m[1]] = decode(m[2] ?? m[3], j);
          j = ATTR.lastIndex;
          continue;
        }
        while (j < n && /\s/.test(s[j])) j++;
        if (s.startsWith("/>", j)) {
          selfClosing = true;
          j += 2;
          break;
        }
        if (s[j] === ">") {
          j += 1;
          break;
        }
        throw new XmlError(`bad tag <${name}> near ${j}`);
      }
      const el: XmlElement = { name, local: localName(name), attrs, children: [] };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else if (root) throw new XmlError("more than one root element");
      else root = el;
      if (!selfClosing) stack.push(el);
      if (stack.length > MAX_DEPTH) throw new XmlError("elements nested too deep");
      i = j;
    }
  }
  if (stack.length) throw new XmlError(`<${stack[stack.length - 1].name}> is never closed`);
  if (!root) throw new XmlError("no root element");
  return root;
}

export const isElement = (n: XmlNode): n is XmlElement => typeof n !== "string";

/** Child elements with this local name. */
export function children(el: XmlElement, local: string): XmlElement[] {
  return el.children.filter((c): c is XmlElement => isElement(c) && c.local === local);
}

export function child(el: XmlElement, local: string): XmlElement | undefined {
  return el.children.find((c): c is XmlElement => isElement(c) && c.local === local);
}

/** Every descendant element with one of these local names, in document order, not looking inside `skip`. */
export function descendants(el: XmlElement, locals: readonly string[], skip: readonly string[] = []): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (!isElement(c) || skip.includes(c.local)) continue;
      if (locals.includes(c.local)) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/** An attribute by local name (the prefix of "r:id" varies between writers). */
export function attr(el: XmlElement, local: string): string | undefined {
  if (local in el.attrs) return el.attrs[local];
  for (const [k, v] of Object.entries(el.attrs)) if (localName(k) === local && k.includes(":")) return v;
  return undefined;
}

/** The text of an element (its string children and those of its descendants). */
export function textOf(el: XmlElement): string {
  return el.children.map((c) => (isElement(c) ? textOf(c) : c)).join("");
}

/** Escapes text for an attribute value or element content. */
export function escapeXmlText(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" }[c]};`);
}
