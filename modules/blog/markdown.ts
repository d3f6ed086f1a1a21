/**
 * Articles from Markdown to the HTML a page shows (rendered once, when the article is imported).
 * marked (GitHub-flavoured) turns Markdown into HTML with raw HTML escaped, never passed through; then
 * sanitize-html keeps only an allow-list of tags and attributes and decides on links and images from
 * their decoded values, so entity tricks (`&#106;avascript:`) meet the same rule as plain ones.
 */
import { Marked, type Token, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { BLOG } from "#config/constants.ts";
import { slugify } from "./slug.ts";

export type ResolvedImage = { url: string; width: number; height: number };

export type RenderOptions = {
  /** The stored image a relative `src` of the Markdown names, or null (the image is then left out). */
  resolveImage(src: string): ResolvedImage | null;
};

export type ArticleHeading = { level: 2 | 3 | 4; text: string; id: string };

export type RenderedArticle = {
  html: string;
  /** The body as plain text (no markup): the article's search document. */
  text: string;
  words: number;
  readingMinutes: number;
  /** Headings in order, with the ids the HTML gives them (a table of contents). */
  headings: ArticleHeading[];
};

const ALIGN = ["left", "center", "right"];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "pre",
    "code",
    "em",
    "strong",
    "del",
    "hr",
    "br",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    ol: ["start"],
    img: ["src", "alt", "width", "height", "loading", "decoding"],
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    th: [{ name: "align", values: ALIGN }],
    td: [{ name: "align", values: ALIGN }],
  },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: "discard",
  // Whatever these hold is not text to show.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
    "svg",
    "math",
    "template",
    "title",
    "select",
    "xmp",
    "noembed",
    "noframes",
  ],
  parseStyleAttributes: false,
  transformTags: {
    // Values here are decoded (entities resolved). A link we do not allow loses its address, and the
    // filter below then drops the tag and keeps its text. (Renaming the tag instead trips a bug of
    // sanitize-html 2.18: a later closing tag at the same depth takes the new name.)
    a: (tagName, attribs) => {
      const href = linkTarget(attribs.href ?? "");
      if (href === null) return { tagName, attribs: {} };
      const out: sanitizeHtml.Attributes = { href };
      if (attribs.title) out.title = attribs.title;
      if (/^https?:/i.test(href)) out.rel = "noopener noreferrer";
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = attribs.src ?? "";
      return { tagName, attribs: isSiteRelative(src) || /^https?:\/\/[^/]/i.test(src) ? attribs : {} };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    return frame.tag === "img" && !frame.attribs.src;
  },
};

/** The allow-list applied to rendered articles (exported for tests: it also holds on HTML marked did not make). */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE).trim();
}

/** Characters a browser ignores or strips inside a URL, which could hide a scheme. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what we remove
const URL_NOISE = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;

function isSiteRelative(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
}

/**
 * The address a link may point at, or null: http(s) and mailto addresses, site paths ("/..."), and
 * anchors in the page ("#..."); never another scheme (javascript:, data:, vbscript:) or "//host".
 */
export function linkTarget(raw: string): string | null {
  const href = raw.trim();
  const probe = href.replace(URL_NOISE, "").replace(/\\/g, "/");
  if (probe === "") return null;
  if (probe.startsWith("#")) return href;
  if (probe.startsWith("/")) return probe.startsWith("//") ? null : href;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(probe)?.[1]?.toLowerCase();
  if (scheme === "mailto") return href;
  if ((scheme === "http" || scheme === "https") && /^https?:\/\/[^/]/i.test(probe)) return href;
  return null;
}

/** Whether an image path of the Markdown names a file next to it (not an address or an absolute path). */
export function isRelativeImagePath(src: string): boolean {
  const s = src.trim();
  return s !== "" && !s.startsWith("/") && !s.startsWith("\\") && !/^[a-z][a-z0-9+.-]*:/i.test(s);
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] as string,
  );

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  colon: ":",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  laquo: "«",
  raquo: "»",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
};

/** Character references in Markdown text, resolved for plain text (the common named ones and all numeric ones). */
function decodeEntities(s: string): string {
  return s.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (all, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "";
    }
    return NAMED[ref.toLowerCase()] ?? all;
  });
}

const BLOCKS = new Set(["paragraph", "heading", "code", "blockquote", "list", "list_item", "table", "hr", "space"]);

/** The text of tokens, without markup: raw HTML and link targets left out, images by their alt text. */
function tokensText(tokens: readonly Token[] | undefined): string {
  if (!tokens) return "";
  let out = "";
  for (const t of tokens) {
    let part = "";
    switch (t.type) {
      case "html":
      case "def":
      case "checkbox":
      case "hr":
      case "space":
        break;
      case "br":
        part = "\n";
        break;
      case "code":
      case "codespan":
        part = (t as Tokens.Code).text;
        break;
      case "escape":
        part = (t as Tokens.Escape).text;
        break;
      case "list":
        part = (t as Tokens.List).items.map((item) => tokensText(item.tokens)).join("\n");
        break;
      case "table": {
        const table = t as Tokens.Table;
        part = [table.header, ...table.rows]
          .map((row) => row.map((cell) => tokensText(cell.tokens)).join(" "))
          .join("\n");
        break;
      }
      default: {
        const inner = (t as Tokens.Generic).tokens;
        part = inner ? tokensText(inner) : decodeEntities(String((t as Tokens.Generic).text ?? ""));
      }
    }
    out += BLOCKS.has(t.type) && out && part ? `\n\n${part}` : part;
  }
  return out;
}

/** The words of a text: runs of letters or digits (with inner apostrophes or hyphens). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / BLOG.wordsPerMinute));
}

/** The body of an article as plain text, without markup (the article's search document). */
export function plainText(markdown: string): string {
  const marked = new Marked({ gfm: true });
  return normalizeSpace(tokensText(marked.lexer(markdown)));
}

const normalizeSpace = (s: string) =>
  s
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/** Renders an article's Markdown to sanitised HTML, with its plain text, word count, reading time and headings. */
export function renderArticle(markdown: string, options: RenderOptions): RenderedArticle {
  const headings: ArticleHeading[] = [];
  const ids = new Set<string>();
  const uniqueId = (text: string) => {
    const base = slugify(text) || "section";
    let id = base;
    for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
    ids.add(id);
    return id;
  };
  const marked = new Marked({ gfm: true, breaks: false });
  marked.use({
    renderer: {
      // Raw HTML is shown as text (comments are dropped): nothing an author types becomes markup.
      html(token) {
        const raw = token.text;
        if (/^\s*<!--[\s\S]*-->\s*$/.test(raw)) return "";
        return token.block ? `<p>${escapeHtml(raw.trim())}</p>\n` : escapeHtml(raw);
      },
      heading(token) {
        const level = Math.min(4, Math.max(2, token.depth)) as 2 | 3 | 4;
        const text = normalizeSpace(tokensText(token.tokens));
        const id = uniqueId(text);
        headings.push({ level, text, id });
        return `<h${level} id="${id}">${this.parser.parseInline(token.tokens)}</h${level}>\n`;
      },
      image(token) {
        const alt = normalizeSpace(tokensText(token.tokens) || token.text);
        if (!isRelativeImagePath(token.href)) return "";
        const image = options.resolveImage(token.href.trim());
        if (!image) return "";
        const w = Math.round(image.width);
        const h = Math.round(image.height);
        return `<img src="${escapeHtml(image.url)}" alt="${escapeHtml(alt)}" width="${w}" height="${h}" loading="lazy" decoding="async">`;
      },
      checkbox(token) {
        return token.checked ? "☑ " : "☐ ";
      },
    },
  });
  const tokens = marked.lexer(markdown);
  const text = normalizeSpace(tokensText(tokens));
  const raw = marked.parser(tokens);
  const html = sanitizeArticleHtml(raw);
  const words = countWords(text);
  return { html, text, words, readingMinutes: readingMinutes(words), headings };
}

/** Every image source a Markdown body names, once each (the import checks and stores them before rendering). */
export function imageSources(markdown: string): string[] {
  const marked = new Marked({ gfm: true });
  const found = new Set<string>();
  marked.walkTokens(marked.lexer(markdown), (t) => {
    if (t.type === "image") found.add((t as Tokens.Image).href.trim());
  });
  return [...found];
}
