import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BRAND } from "#config/constants.ts";
import { breadcrumbLd, errorMeta, pageTitle, seo } from "./seo.ts";

const appDir = path.resolve(import.meta.dirname, "..");

/** Every source file under app/ (tests aside). */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("page titles", () => {
  it("end with the brand from the configuration", () => {
    expect(pageTitle("Pricing")).toBe(`Pricing | ${BRAND.name}`);
    expect(pageTitle("Work", "Folders")).toBe(`Work | Folders | ${BRAND.name}`);
    const meta = seo({ origin: "https://x.example", locale: "en", title: pageTitle("A"), description: "d", paths: {} });
    expect(meta).toContainEqual({ title: `A | ${BRAND.name}` });
    expect(meta).toContainEqual({ property: "og:site_name", content: BRAND.name });
    expect(errorMeta([], { status: 404 })[0]).toEqual({ title: `${BRAND.name} | ${BRAND.name}` });
  });

  it("are never written with the brand by hand in a loader", () => {
    const handWritten = sources(appDir).flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ where: `${path.relative(appDir, file)}:${i + 1}`, line }))
        .filter(({ line }) => line.includes(`| ${BRAND.name}\``)),
    );
    expect(handWritten.map((h) => h.where)).toEqual([]);
  });

  it("nor is the brand's name anywhere in the pages' code: it comes from the configuration", () => {
    const literal = new RegExp(`["'\`]${BRAND.name}["'\`]`);
    const written = sources(appDir).flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (literal.test(line) ? [`${path.relative(appDir, file)}:${i + 1}`] : [])),
    );
    expect(written).toEqual([]);
  });
});

describe("breadcrumbs for search engines", () => {
  it("start at the home page of the page's language, named by the brand, then the page's own trail", () => {
    const ld = breadcrumbLd("https://x.example", "es", [
      { name: "Negocios", path: "/es/business" },
      { name: "Pitch deck", path: "/es/template/pitch-deck" },
    ]);
    expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "BreadcrumbList" });
    expect(ld.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: BRAND.name, item: "https://x.example/es" },
      { "@type": "ListItem", position: 2, name: "Negocios", item: "https://x.example/es/business" },
      { "@type": "ListItem", position: 3, name: "Pitch deck", item: "https://x.example/es/template/pitch-deck" },
    ]);
    expect(breadcrumbLd("https://x.example", "en", []).itemListElement[0].item).toBe("https://x.example/");
  });
});
