import { describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS, AUTH, BRAND, FOLDERS, LOCALES, type Locale, RETENTION } from "#config/constants.ts";
import { getInfoPage, getLegalContent } from "./content.ts";
import { INFO_PAGE_KEYS, type InfoPage } from "./types.ts";

/** Every string of a page, in reading order; NBSP (used by Intl in "100 US$") becomes a space. */
function pageText(page: InfoPage): string {
  const parts = [page.title, page.metaDescription, page.intro ?? "", page.updated ?? ""];
  for (const s of page.sections) {
    parts.push(s.heading, ...s.paragraphs, ...(s.list ?? []), ...(s.closing ?? []));
    for (const q of s.faq ?? []) {
      parts.push(q.question, ...q.answer);
      for (const l of q.links ?? []) parts.push(l.label, l.href);
    }
    for (const l of s.links ?? []) parts.push(l.label, l.href);
  }
  return parts.join("\n").replace(/\u00a0/g, " ");
}

const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe("information pages", () => {
  for (const key of INFO_PAGE_KEYS) {
    describe(key, () => {
      const en = getInfoPage(key, "en");
      const es = getInfoPage(key, "es");

      it("exists in both locales with the same section and question ids", () => {
        expect(en.key).toBe(key);
        expect(es.key).toBe(key);
        expect(en.locale).toBe("en");
        expect(es.locale).toBe("es");
        expect(es.sections.map((s) => s.id)).toEqual(en.sections.map((s) => s.id));
        expect(es.sections.map((s) => (s.faq ?? []).map((q) => q.id))).toEqual(
          en.sections.map((s) => (s.faq ?? []).map((q) => q.id)),
        );
        expect(es.sections.map((s) => (s.links ?? []).length)).toEqual(en.sections.map((s) => (s.links ?? []).length));
        const faqLinks = (p: InfoPage) =>
          p.sections.flatMap((s) => (s.faq ?? []).map((q) => (q.links ?? []).map((l) => l.href.replace(/^\/es/, ""))));
        expect(faqLinks(es)).toEqual(faqLinks(en));
      });

      for (const page of [en, es]) {
        it(`${page.locale}: is complete, with unique kebab-case anchors`, () => {
          expect(page.title.trim()).not.toBe("");
          expect(page.sections.length).toBeGreaterThan(0);
          const ids = page.sections.flatMap((s) => [s.id, ...(s.faq ?? []).map((q) => q.id)]);
          for (const id of ids) expect(id).toMatch(kebab);
          // Sections and questions share the page's anchor namespace.
          expect(new Set(ids).size).toBe(ids.length);
          for (const s of page.sections) {
            expect(s.heading.trim(), s.id).not.toBe("");
            const body = [...s.paragraphs, ...(s.list ?? []), ...(s.closing ?? []), ...(s.faq ?? [])];
            expect(body.length, s.id).toBeGreaterThan(0);
            for (const q of s.faq ?? []) {
              expect(q.question.trim(), q.id).not.toBe("");
              expect(q.answer.length, q.id).toBeGreaterThan(0);
            }
          }
          for (const text of pageText(page).split("\n")) {
            expect(text, "no unfilled placeholder").not.toMatch(/undefined|NaN|\[object|\$\{|\{\w+\}/);
            expect(text, "no doubled spaces").not.toMatch(/ {2}/);
          }
        });

        it(`${page.locale}: has a meta description of at most 160 characters`, () => {
          expect(page.metaDescription.length).toBeGreaterThan(50);
          expect(page.metaDescription.length).toBeLessThanOrEqual(160);
        });
      }

      it("is really translated", () => {
        expect(es.title).not.toBe(en.title);
        expect(es.metaDescription).not.toBe(en.metaDescription);
        en.sections.forEach((s, i) => {
          const first = (x: typeof s) => x.paragraphs[0] ?? x.list?.[0] ?? x.faq?.[0].question;
          expect(first(es.sections[i]), s.id).not.toBe(first(s));
        });
        // No English sentence left in the Spanish text (addresses and e-mails aside).
        const spanish = pageText(es).replace(/\S+@\S+|\/\S+/g, "");
        expect(spanish).not.toMatch(/\b(the|you|your|and|with|licence)\b/i);
      });
    });
  }

  it("dates the legal texts, not the FAQ: a text that changed carries the date of its change", () => {
    for (const key of ["license", "terms-conditions", "cookie-policy"] as const) {
      expect(getInfoPage(key, "en").updated).toBe("Last updated: November 2021");
      expect(getInfoPage(key, "es").updated).toBe("Última actualización: noviembre de 2021");
    }
    // The privacy policy changed on 2026-11-25 (unverified sign-ups, the payment provider's customer, sessions).
    expect(getInfoPage("privacy-policy", "en").updated).toBe("Last updated: November 2026");
    expect(getInfoPage("privacy-policy", "es").updated).toBe("Última actualización: noviembre de 2026");
    expect(getInfoPage("faq", "en").updated).toBeUndefined();
  });

  it("returns the same content on every call", () => {
    expect(getInfoPage("faq", "es")).toEqual(getInfoPage("faq", "es"));
    expect(getLegalContent("en")).toBe(getLegalContent("en"));
  });
});

describe("facts the texts must state", () => {
  const text = (key: (typeof INFO_PAGE_KEYS)[number], locale: Locale) => pageText(getInfoPage(key, locale));

  it("terms: minimum age, liability cap, no refunds, copyright agent", () => {
    const en = text("terms-conditions", "en");
    const es = text("terms-conditions", "es");
    expect(en).toContain(`${AUTH.minimumAge} or older`);
    expect(es).toContain(`al menos ${AUTH.minimumAge} años`);
    expect(en).toContain("$100");
    expect(es).toContain("100 US$");
    expect(en).toContain("November 2021");
    expect(es).toContain("noviembre de 2021");
    expect(en).toContain("we do not offer refunds");
    expect(es).toContain("no ofrecemos reembolsos");
    for (const t of [en, es]) {
      expect(t).toContain(BRAND.copyrightEmail);
      expect(t).toContain(BRAND.supportEmail);
    }
  });

  it("FAQ: allowances, reset time, re-downloads, prices and formats", () => {
    const en = text("faq", "en");
    const es = text("faq", "es");
    expect(en).toContain("download 3 templates a month");
    expect(en).toContain("10 downloads a month of free templates");
    expect(en).toContain("200 downloads a month");
    expect(en).toContain("unlimited downloads");
    expect(es).toContain("descargar 3 plantillas al mes");
    expect(es).toContain("10 descargas al mes de plantillas gratuitas");
    expect(es).toContain("200 descargas al mes");
    expect(es).toContain("ilimitadas");
    expect(en).toContain("00:00 UTC on the 1st");
    expect(es).toContain("00:00 UTC del día 1");
    expect(en).toContain("again in the same month costs no credit");
    expect(es).toContain("durante el mismo mes no gasta ningún crédito");
    for (const price of ["$7.99", "$79.90", "$14.99", "$149.90", "16%"]) expect(en).toContain(price);
    for (const price of ["7,99 US$", "79,90 US$", "14,99 US$", "149,90 US$", "16 %"]) expect(es).toContain(price);
    for (const t of [en, es]) for (const ext of [".pptx", ".key", "Google Drive", "Keynote"]) expect(t).toContain(ext);
  });

  it("FAQ: has the six topics", () => {
    expect(getInfoPage("faq", "en").sections.map((s) => s.id)).toEqual([
      "downloads-and-allowances",
      "licences-and-attribution",
      "plans-and-billing",
      "accounts",
      "help",
      "file-formats",
    ]);
  });

  it("FAQ: help with the account answers what the profile menu's help link is for, and leads to the contact form", () => {
    for (const locale of LOCALES) {
      const help = getInfoPage("faq", locale).sections.find((s) => s.id === "help");
      expect(help?.faq?.map((q) => q.id)).toEqual([
        "collections",
        "change-email",
        "profile-picture",
        "interests",
        "download-history",
        "sign-out-everywhere",
        "delete-account",
        "contact-support",
      ]);
      const contact = help?.faq?.find((q) => q.id === "contact-support");
      expect(contact?.links?.map((l) => l.href)).toEqual([locale === "en" ? "/contact-us" : "/es/contact-us"]);
      expect(contact?.answer.join(" ")).toContain(BRAND.supportEmail);
    }
    const en = text("faq", "en");
    const es = text("faq", "es");
    expect(en).toContain("JPEG, PNG, WebP or GIF images of up to 5 MB");
    expect(es).toContain("JPEG, PNG, WebP o GIF de hasta 5 MB");
    expect(en).toContain(`up to ${FOLDERS.maxPerAccount} collections`);
    expect(en).toContain(`up to ${ACCOUNT_LIMITS.folderNameMax} characters`);
    expect(en).toContain("within 24 hours");
    expect(es).toContain("en un plazo de 24 horas");
    // One answer per question on the page: deleting the account moved here from "Your account".
    const ids = getInfoPage("faq", "en").sections.flatMap((s) => (s.faq ?? []).map((q) => q.id));
    expect(ids.filter((id) => id === "delete-account")).toHaveLength(1);
  });

  it("cookie policy: the session cookie, the guest cookie and nothing else", () => {
    const en = text("cookie-policy", "en");
    const es = text("cookie-policy", "es");
    expect(en).toContain(`${AUTH.tokenCookieName}: keeps you signed in`);
    expect(en).toContain(`lasts ${AUTH.tokenCookieDays} days`);
    expect(en).toContain("httpOnly");
    expect(en).toContain("Guest download cookie");
    expect(en).toContain("A cookie for your language");
    expect(es).toContain(`${AUTH.tokenCookieName}: mantiene tu sesión iniciada`);
    expect(es).toContain(`dura ${AUTH.tokenCookieDays} días`);
    expect(es).toContain("Ninguna cookie para el idioma");
  });

  it("privacy policy: guest cookie, payments through the provider, rights and contact", () => {
    const en = text("privacy-policy", "en");
    const es = text("privacy-policy", "es");
    expect(en).toContain("signed cookie");
    expect(en).toContain("payment provider");
    expect(en).toContain("Server logs");
    expect(en).toContain("portable format");
    expect(es).toContain("cookie firmada");
    expect(es).toContain("proveedor de pagos");
    expect(es).toContain("formato portable");
    for (const t of [en, es]) expect(t).toContain(BRAND.supportEmail);
  });

  it("privacy policy: what goes with a deleted account, unverified sign-ups, the sessions kept per device", () => {
    const en = text("privacy-policy", "en");
    const es = text("privacy-policy", "es");
    const days = RETENTION.unverifiedAccountDays;
    expect(en).toContain(`deleted ${days} days after you signed up`);
    expect(es).toContain(`se borran a los ${days} días del registro`);
    expect(en).toContain("the customer record our payment provider keeps about you");
    expect(es).toContain("la ficha de cliente que guarda de ti nuestro proveedor de pagos");
    expect(en).toContain("the browser and operating system");
    expect(es).toContain("el navegador y el sistema operativo");
    expect(en).toContain("never your full IP address");
    expect(es).toContain("nunca tu dirección IP completa");
    expect(en).toContain("e-mail addresses removed");
    expect(es).toContain("sin direcciones de correo");
  });

  it("licence page: links to the PDFs in the page's locale", () => {
    const hrefs = (locale: Locale) =>
      getInfoPage("license", locale).sections.flatMap((s) => (s.links ?? []).map((l) => l.href));
    expect(hrefs("en")).toEqual(
      expect.arrayContaining(["/pdf-license-personal", "/pdf-license-commercial", "/terms-conditions"]),
    );
    expect(hrefs("es")).toEqual(
      expect.arrayContaining(["/es/pdf-license-personal", "/es/pdf-license-commercial", "/es/terms-conditions"]),
    );
  });

  it("license page and license PDFs share one text", () => {
    for (const locale of LOCALES) {
      const page = getInfoPage("license", locale);
      const { licences, licenceCommon } = getLegalContent(locale);
      const section = (id: string) => page.sections.find((s) => s.id === id);
      expect(section("personal-licence")?.list).toEqual(licences.personal.permitted);
      expect(section("commercial-licence")?.list).toEqual(licences.commercial.permitted);
      expect(section("what-no-licence-allows")?.list).toEqual(licenceCommon.prohibited.items);
      expect(section("client-work")?.paragraphs).toEqual(licenceCommon.clientWork.paragraphs);
    }
  });

  it("licence page: attribution for Free only, client work for Commercial only", () => {
    const en = text("license", "en");
    expect(en).toContain("“Template by SlideNest”");
    expect(en).toContain("The Free and Personal licenses do not cover client work.");
    expect(getLegalContent("en").licences.free.attributionShort).toMatch(/^Required/);
    expect(getLegalContent("es").licences.free.attributionShort).toMatch(/^Obligatoria/);
  });
});
