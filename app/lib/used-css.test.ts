import { describe, expect, it } from "vitest";
import { classesOf, inlineStyle, usedCss } from "./used-css.ts";

/** Tailwind's output in miniature: layers, escapes, media, variables, faces, registrations. */
const CSS = [
  "/*! tailwindcss v4 | MIT License */",
  "@layer properties{@supports (-webkit-hyphens:none){*,:before{--tw-shadow:0 0 #0000;--tw-rotate:initial}}}",
  "@layer theme,base,components,utilities;",
  "@layer theme{:root,:host{--color-brand:#4f46e5;--font-sans:Inter;--default-font:var(--font-sans);--unused:1px}}",
  "@layer base{*,:after{box-sizing:border-box}html{font-family:var(--default-font)}[hidden]{display:none}}",
  "@layer components;",
  "@layer utilities{.flex{display:flex}.hidden{display:none}.w-1\\.5{width:.375rem}",
  ".text-brand{color:var(--color-brand)}.shadow{box-shadow:var(--tw-shadow)}",
  ".hover\\:underline:hover{text-decoration:underline}.\\[\\&_svg\\]\\:size-4 svg{width:1rem}",
  ".group:hover .group-hover\\:block{display:block}.card>abbr,.chip{padding:1px}",
  '.after\\:content-\\[\\"\\}\\"\\]:after{content:"}"}',
  "@media (width>=40rem){.sm\\:grid{display:grid}.sm\\:hidden{display:none}}",
  "@media (width>=64rem){.lg\\:flex{display:flex}}}",
  "@font-face{font-family:Inter;src:url(/assets/inter-latin.woff2);unicode-range:U+0000-00FF,U+0131}",
  "@font-face{font-family:Inter;src:url(/assets/inter-cyrillic.woff2);unicode-range:U+0301,U+0400-045F}",
  "@font-face{font-family:Inter Fallback;src:local(Arial);size-adjust:107%}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
  "@property --tw-shadow{syntax:'*';inherits:false;initial-value:0 0 #0000}",
  "@property --tw-rotate{syntax:'*';inherits:false}",
].join("");

const page = (body: string) => `<!DOCTYPE html><html><head></head><body>${body}</body></html>`;

describe("usedCss", () => {
  const sheet = usedCss(CSS);

  it("keeps the rules of the classes a page carries and drops the others", () => {
    const css = sheet.for(page('<div class="flex w-1.5 hover:underline sm:grid"></div>'));
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain(".w-1\\.5{width:.375rem}");
    expect(css).toContain(".hover\\:underline:hover{");
    expect(css).toContain("@media (width>=40rem){.sm\\:grid{display:grid}}");
    expect(css).not.toContain(".hidden{");
    expect(css).not.toContain(".sm\\:hidden");
    // A media block left empty goes.
    expect(css).not.toContain("width>=64rem");
  });

  it("keeps what names no class: the preflight, element and attribute rules, the layer order", () => {
    const css = sheet.for(page("<p>text</p>"));
    expect(css).toContain("*,:after{box-sizing:border-box}");
    expect(css).toContain("[hidden]{display:none}");
    expect(css).toContain("@layer theme,base,components,utilities;");
    expect(css).toContain("@keyframes spin");
    expect(css.startsWith("/*! tailwindcss")).toBe(true);
  });

  it("reads classes through escapes, entities and combinators; a selector list needs one of its parts", () => {
    const css = sheet.for(
      page('<a class="group [&amp;_svg]:size-4"><span class="group-hover:block"></span></a><i class="chip"></i>'),
    );
    expect(css).toContain(".\\[\\&_svg\\]\\:size-4 svg{width:1rem}");
    expect(css).toContain(".group:hover .group-hover\\:block{display:block}");
    expect(css).toContain(".card>abbr,.chip{padding:1px}");
    // A brace inside a string does not end the rule.
    expect(sheet.for(page('<b class="after:content-[&quot;}&quot;]"></b>'))).toContain('content:"}"}');
    expect(sheet.for(page('<b class="group"></b>'))).not.toContain("group-hover");
  });

  it("keeps the Latin face and the fallback's, not the faces of other scripts", () => {
    const css = sheet.for(page(""));
    expect(css).toContain("inter-latin.woff2");
    expect(css).toContain("Inter Fallback");
    expect(css).not.toContain("inter-cyrillic");
  });

  it("keeps only the variables and registrations something kept reads, following variables", () => {
    const plain = sheet.for(page('<p class="flex"></p>'));
    // html reads --default-font, which reads --font-sans.
    expect(plain).toContain("--default-font:var(--font-sans)");
    expect(plain).toContain("--font-sans:Inter");
    expect(plain).not.toContain("--color-brand");
    expect(plain).not.toContain("--unused");
    expect(plain).not.toContain("@property");
    expect(plain).not.toContain("--tw-shadow");
    const styled = sheet.for(page('<p class="text-brand shadow"></p>'));
    expect(styled).toContain("--color-brand:#4f46e5");
    expect(styled).toContain("@property --tw-shadow");
    expect(styled).toContain("--tw-shadow:0 0 #0000");
    expect(styled).not.toContain("@property --tw-rotate");
    expect(styled).not.toContain("--tw-rotate:initial");
  });

  it("cuts the same set of classes once", () => {
    const a = sheet.for(page('<p class="flex chip"></p>'));
    expect(sheet.for(page('<div class="chip flex"><i class="flex"></i></div>'))).toBe(a);
  });
});

describe("classesOf", () => {
  it("reads class attributes only, entities decoded", () => {
    expect([...classesOf('<p class="a  b" data-class="x"><i class="c&amp;d"></i></p>')].sort()).toEqual([
      "a",
      "b",
      "c&d",
    ]);
  });
});

describe("inlineStyle", () => {
  it("carries the nonce and cannot be closed early", () => {
    expect(inlineStyle('a::after{content:"</style>"}', "N1")).toBe(
      '<style data-used-css="" nonce="N1">a::after{content:"<\\/style>"}</style>',
    );
  });
});
