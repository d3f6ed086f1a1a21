import { describe, expect, it } from "vitest";
import { BLOG } from "#config/constants.ts";
import { linkTarget, plainText, readingMinutes, renderArticle, sanitizeArticleHtml } from "./markdown.ts";

const images: Record<string, { url: string; width: number; height: number }> = {
  "images/chart.png": { url: "/files/blog/images/0123456789abcdef0123456789abcdef.webp", width: 1600, height: 900 },
};
const render = (md: string) => renderArticle(md, { resolveImage: (src) => images[src] ?? null });
const html = (md: string) => render(md).html;

/** Every tag name and attribute name in the HTML. */
function markup(out: string) {
  const tags = [...out.matchAll(/<([a-z0-9]+)([^>]*)>/gi)];
  return {
    tags: new Set(tags.map((m) => m[1].toLowerCase())),
    attributes: new Set(tags.flatMap((m) => [...m[2].matchAll(/\s([a-z-]+)=/gi)].map((a) => a[1].toLowerCase()))),
  };
}

function expectInert(out: string) {
  const { tags, attributes } = markup(out);
  for (const bad of ["script", "iframe", "object", "embed", "svg", "form", "input", "style", "div", "span", "math"])
    expect(tags.has(bad), `<${bad}> in ${out}`).toBe(false);
  for (const a of attributes)
    expect([
      "href",
      "title",
      "rel",
      "start",
      "src",
      "alt",
      "width",
      "height",
      "loading",
      "decoding",
      "id",
      "align",
    ]).toContain(a);
  expect(out).not.toMatch(/<[^>]+\son[a-z]+=/i);
  expect(out).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
}

describe("renderArticle: raw HTML and scripts", () => {
  it.each([
    ["a script block", "<script>alert(1)</script>"],
    ["a script inline", "Hello <script>alert(1)</script> there"],
    ["an image with onerror", '<img src="x" onerror="alert(1)">'],
    ["an onclick attribute", '<a href="/x" onclick="alert(1)">x</a>'],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["a style attribute", '<p style="position:fixed;top:0">cover</p>'],
    ["a style element", "<style>body{display:none}</style>"],
    ["a form", '<form action="https://evil.example"><input name="password"></form>'],
    ["an svg", '<svg onload="alert(1)"><circle r="5"/></svg>'],
    ["an object", '<object data="evil.swf"></object>'],
    ["a raw HTML block", '<div class="hero" onmouseover="alert(1)">\n\n**bold**\n\n</div>'],
  ])("%s is shown as text, never as markup", (_name, md) => {
    const out = html(md);
    expectInert(out);
    // What the author typed stays visible as text.
    expect(out).toContain("&lt;");
  });

  it("drops HTML comments", () => {
    expect(html("Before\n\n<!-- a note for editors -->\n\nAfter")).not.toContain("note");
  });

  it("escapes HTML in code and keeps the code", () => {
    const out = html("```html\n<script>alert(1)</script>\n```\n\nand `<b>`");
    expect(out).toContain("<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("<code>&lt;b&gt;</code>");
    expect(out).not.toContain("class=");
    expectInert(out);
  });

  it("strips what the sanitiser meets even when marked did not make it", () => {
    const out = sanitizeArticleHtml(
      '<h1 class="x" style="color:red">T</h1><p onclick="x()">p</p><a href="javascript:alert(1)">j</a><a href="&#106;avascript:alert(1)">e</a><img src="x" onerror="alert(1)"><iframe src="//evil"></iframe><svg><script>alert(1)</script></svg>',
    );
    expectInert(out);
    expect(out).toBe("T<p>p</p>je");
  });
});

describe("renderArticle: links", () => {
  it.each([
    ["javascript:", "[x](javascript:alert(1))"],
    ["mixed case", "[x](JaVaScRiPt:alert(1))"],
    ["entity-encoded", "[x](&#106;avascript:alert(1))"],
    ["hex entity-encoded", "[x](&#x6A;avascript&#x3A;alert(1))"],
    ["named-entity colon", "[x](javascript&colon;alert(1))"],
    ["a tab inside the scheme", "[x](<java\tscript:alert(1)>)"],
    ["data:", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["vbscript:", "[x](vbscript:msgbox(1))"],
    ["protocol-relative", "[x](//evil.example/path)"],
    ["protocol-relative behind an entity", "[x](/&#47;evil.example)"],
    ["file:", "[x](file:///etc/passwd)"],
    ["a relative path", "[x](other-article)"],
    ["reference-style", "[x][evil]\n\n[evil]: javascript:alert(1)"],
    ["an autolink", "<javascript:alert(1)>"],
  ])("%s loses its link and keeps its text", (_name, md) => {
    const out = html(md);
    expectInert(out);
    expect(out).not.toContain("<a");
    expect(out).toMatch(/x|alert/);
  });

  it("keeps http, https, mailto, site paths and anchors; external links get rel", () => {
    const out = html(
      '[a](https://example.com/a?b=1&c=2) [b](http://example.com) [c](mailto:team@example.com) [d](/es/blog) [e](#balance) [f][ref]\n\n[ref]: https://example.com/ref "Ref"',
    );
    expect(out).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">a</a>');
    expect(out).toContain('<a href="http://example.com" rel="noopener noreferrer">b</a>');
    expect(out).toContain('<a href="mailto:team@example.com">c</a>');
    expect(out).toContain('<a href="/es/blog">d</a>');
    expect(out).toContain('<a href="#balance">e</a>');
    expect(out).toContain('<a href="https://example.com/ref" title="Ref" rel="noopener noreferrer">f</a>');
  });

  it("keeps a backslash after the slash inside our site (marked encodes it), and the sanitiser refuses a raw one", () => {
    expect(html("[x](/\\evil.example)")).toContain('href="/%5Cevil.example"');
    expect(sanitizeArticleHtml('<a href="/\\evil.example">x</a>')).toBe("x");
  });

  it("does not let a link hide inside link text or an image", () => {
    const out = html("[[inner](javascript:alert(1))](https://example.com) ![x](javascript:alert(1))");
    expectInert(out);
    expect(out).not.toContain("javascript");
  });

  it("linkTarget decides on decoded addresses", () => {
    expect(linkTarget(" https://example.com ")).toBe("https://example.com");
    expect(linkTarget("https:/example.com")).toBeNull();
    expect(linkTarget("\u0000javascript:alert(1)")).toBeNull();
    expect(linkTarget("/\t/evil.example")).toBeNull();
    expect(linkTarget("")).toBeNull();
  });
});

describe("renderArticle: images", () => {
  it("gives resolved images their stored address, size and lazy loading", () => {
    const out = html('![A chart "with" quotes](images/chart.png "Title")');
    expect(out).toContain(
      '<img src="/files/blog/images/0123456789abcdef0123456789abcdef.webp" alt="A chart &quot;with&quot; quotes" width="1600" height="900" loading="lazy" decoding="async" />',
    );
  });

  it("drops images it cannot resolve: missing files, addresses, absolute paths, data: URLs", () => {
    for (const md of [
      "![gone](images/missing.png)",
      "![remote](https://example.com/a.png)",
      "![abs](/etc/passwd)",
      "![data](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)",
      "![rel](//evil.example/a.png)",
    ]) {
      const out = html(md);
      expect(out, md).not.toContain("<img");
    }
  });

  it("asks resolveImage only about relative paths", () => {
    const asked: string[] = [];
    renderArticle("![a](images/a.png) ![b](https://x.example/b.png) ![c](/c.png) ![d](./d.svg)", {
      resolveImage: (src) => {
        asked.push(src);
        return null;
      },
    });
    expect(asked).toEqual(["images/a.png", "./d.svg"]);
  });
});

describe("renderArticle: structure", () => {
  it("turns an h1 into an h2, keeps h2-h4, folds h5 and h6 into h4, with unique ids", () => {
    const r = render(
      "# Intro\n\n## Intro\n\n### Colour & contrast\n\n#### Año 2026\n\n##### Deep\n\n## Intro\n\n## ¿?",
    );
    expect(r.html).toContain('<h2 id="intro">Intro</h2>');
    expect(r.html).toContain('<h2 id="intro-2">Intro</h2>');
    expect(r.html).toContain('<h3 id="colour-contrast">Colour &amp; contrast</h3>');
    expect(r.html).toContain('<h4 id="ano-2026">Año 2026</h4>');
    expect(r.html).toContain('<h4 id="deep">Deep</h4>');
    expect(r.html).toContain('<h2 id="intro-3">Intro</h2>');
    expect(r.html).toContain('<h2 id="section">¿?</h2>');
    expect(r.html).not.toMatch(/<h[156]/);
    expect(new Set(r.headings.map((h) => h.id)).size).toBe(r.headings.length);
    expect(r.headings[2]).toEqual({ level: 3, text: "Colour & contrast", id: "colour-contrast" });
  });

  it("renders lists, quotes, tables, emphasis and rules from the allow-list", () => {
    const out = html(
      "3. three\n4. four\n\n- a\n- [x] done\n\n> quoted\n\n| L | C | R |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n\n*em* **strong** ~~del~~\n\n---\n\nline  \nbreak",
    );
    expect(out).toContain('<ol start="3">');
    expect(out).toContain("<li>☑ done</li>");
    expect(out).toContain("<blockquote>");
    expect(out).toContain('<th align="left">L</th>');
    expect(out).toContain('<td align="right">3</td>');
    expect(out).toContain("<em>em</em> <strong>strong</strong> <del>del</del>");
    expect(out).toContain("<hr />");
    expect(out).toContain("<br />");
    expectInert(out);
  });
});

describe("reading time and plain text", () => {
  it("counts words and rounds reading time up, at least one minute", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(BLOG.wordsPerMinute)).toBe(1);
    expect(readingMinutes(BLOG.wordsPerMinute + 1)).toBe(2);
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(" ");
    const r = render(`# Title\n\n${words}\n\n![alt](images/chart.png)`);
    expect(r.words).toBe(450 + 1 + 1);
    expect(r.readingMinutes).toBe(3);
  });

  it("gives the body without markup, link targets or raw HTML", () => {
    const text = plainText(
      "## Plantillas & diseño\n\nUsa [nuestras plantillas](https://example.com/secret-target) con **contraste**.\n\n<span>hidden markup</span>\n\n- uno\n- dos\n\n`code` &amp; more",
    );
    expect(text).toContain("Plantillas & diseño");
    expect(text).toContain("Usa nuestras plantillas con contraste.");
    expect(text).toContain("uno\ndos");
    expect(text).toContain("code & more");
    expect(text).not.toContain("secret-target");
    expect(text).not.toContain("<");
    expect(text).not.toContain("**");
  });
});
