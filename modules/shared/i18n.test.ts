import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createT, flatten, localeFromPath, localePath, stripLocale, withQuery } from "./i18n.ts";

describe("locale paths", () => {
  it("reads the locale from the path, data requests included", () => {
    expect(localeFromPath("/")).toBe("en");
    expect(localeFromPath("/es")).toBe("es");
    expect(localeFromPath("/es/latest")).toBe("es");
    expect(localeFromPath("/es.data")).toBe("es");
    expect(localeFromPath("/espana")).toBe("en");
    expect(localeFromPath("/fr/latest")).toBe("en");
  });

  it("prefixes and strips", () => {
    expect(localePath("es", "/")).toBe("/es");
    expect(localePath("es", "/latest")).toBe("/es/latest");
    expect(localePath("en", "/latest")).toBe("/latest");
    expect(stripLocale("/es")).toBe("/");
    expect(stripLocale("/es/template/x")).toBe("/template/x");
    expect(stripLocale("/_.data")).toBe("/");
  });
});

describe("withQuery (the language switch's address)", () => {
  it("keeps the page's query once when the other locale's address carries the same one (a search)", () => {
    expect(withQuery("/es/search?q=plan", "?q=plan")).toBe("/es/search?q=plan");
    expect(withQuery("/search?q=plan%20de%20negocio", "?q=plan%20de%20negocio")).toBe("/search?q=plan%20de%20negocio");
    expect(withQuery("/es/search?q=plan", "?q=plan&style=modern&color=red&page=2")).toBe(
      "/es/search?q=plan&style=modern&color=red&page=2",
    );
  });

  it("takes the page's query as it is read, over the address's own", () => {
    expect(withQuery("/es/search?q=plan", "?q=plan+b")).toBe("/es/search?q=plan+b");
    expect(withQuery("/es/search?q=a&q=b", "?q=c")).toBe("/es/search?q=c");
    expect(withQuery("/es/search?q=plan?q=plan", "?q=plan")).toBe("/es/search?q=plan");
  });

  it("appends the query to a plain address, and adds nothing when there is none", () => {
    expect(withQuery("/es/marketing", "?style=modern&page=2")).toBe("/es/marketing?style=modern&page=2");
    expect(withQuery("/blog/search", "?query=deck")).toBe("/blog/search?query=deck");
    expect(withQuery("/es/template/x", "")).toBe("/es/template/x");
    expect(withQuery("/es/pricing?", "")).toBe("/es/pricing");
  });
});

describe("createT", () => {
  const m = flatten({ a: { hello: "Hi {name}", n_one: "{count} template", n_other: "{count} templates" } });
  it("interpolates, pluralises and formats numbers for the locale", () => {
    const en = createT("en", m);
    expect(en("a.hello", { name: "Ana" })).toBe("Hi Ana");
    expect(en("a.n", { count: 1 })).toBe("1 template");
    expect(en("a.n", { count: 1234 })).toBe("1,234 templates");
    expect(createT("es", m)("a.n", { count: 1234 })).toBe("1234 templates");
    expect(createT("es", m)("a.n", { count: 12345 })).toBe("12.345 templates");
    expect(en("missing.key")).toBe("missing.key");
  });

  it("picks the same plural forms and writes the same numbers on the quick path for small whole counts", () => {
    for (const locale of ["en", "es"] as const) {
      const t = createT(locale, m);
      const rules = new Intl.PluralRules(locale === "es" ? "es-ES" : "en-US");
      const format = new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-US");
      for (const count of [0, 1, 2, 7, 11, 999, -1, -999, 1000, 1.5, 0.5, 21, 1_000_000]) {
        const form = rules.select(count) === "one" ? "template" : "templates";
        expect(t("a.n", { count }), `${locale} ${count}`).toBe(`${format.format(count)} ${form}`);
      }
    }
  });

  it("says a wait of one second in the singular, in every message that counts seconds, in both languages", () => {
    for (const [locale, one, many] of [
      ["en", "1 second.", "5 seconds."],
      ["es", "1 segundo.", "5 segundos."],
    ] as const) {
      const messages: Record<string, string> = {};
      for (const file of fs.globSync(`modules/shared/locales/${locale}/*.json`))
        Object.assign(messages, flatten({ [path.basename(file, ".json")]: JSON.parse(fs.readFileSync(file, "utf8")) }));
      const t = createT(locale, messages);
      const waits = Object.keys(messages).filter((k) => !/_(one|other)$/.test(k) && messages[k].includes("{seconds}"));
      expect(waits.length, locale).toBeGreaterThan(5);
      for (const key of waits) {
        expect(t(key, { seconds: 1 }), key).toMatch(new RegExp(`${one.replace(".", "\\.")}$`));
        expect(t(key, { seconds: 5 }), key).toMatch(new RegExp(`${many.replace(".", "\\.")}$`));
      }
    }
  });
});
