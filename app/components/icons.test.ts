import fs from "node:fs";
import path from "node:path";
import { createElement, type FunctionComponent, type SVGProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "./icons.tsx";

const sprite = fs.readFileSync(path.join(import.meta.dirname, "icons.svg"), "utf8");
const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 (\d+) \2">/g)].map((m) => m[1]);
const draw = (Icon: FunctionComponent<SVGProps<SVGSVGElement>>, props: SVGProps<SVGSVGElement> = {}) =>
  renderToStaticMarkup(createElement(Icon, props));

describe("icons", () => {
  const all = Object.entries(icons) as [string, FunctionComponent<SVGProps<SVGSVGElement>>][];

  it("draw every icon from a symbol of the sprite, and the sprite holds no symbol nobody uses", () => {
    expect(all.length).toBeGreaterThan(20);
    const used = all.map(([name, Icon]) => {
      const html = draw(Icon);
      // The sprite's address (a file in a build; the test runner may inline it), then the symbol.
      const ref = /<use href="[^"]*#([a-z-]+)"/.exec(html);
      expect(ref?.[1], name).toBeTruthy();
      expect(html.startsWith('<svg width="'), name).toBe(true);
      expect(html.includes('aria-hidden="true"'), name).toBe(true);
      return ref?.[1];
    });
    expect(new Set(used).size).toBe(used.length);
    expect([...symbols].sort()).toEqual([...(used as string[])].sort());
  });

  it("keep a line icon's class beside the caller's, and the caller's size", () => {
    const html = draw(icons.HeartIcon, { className: "fill-current", width: 16, height: 16 });
    expect(html).toMatch(/^<svg width="16" height="16" aria-hidden="true" class="icon fill-current">/);
    expect(draw(icons.SearchIcon)).toMatch(/width="18" height="18"/);
    // Filled and drawn icons carry no stroke class; the filled ones take the text's colour.
    expect(draw(icons.XIcon)).toMatch(/fill="currentColor"/);
    expect(draw(icons.XIcon)).not.toContain("class=");
    expect(draw(icons.LogoMark)).toMatch(/width="28" height="28"/);
  });
});
