import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateDemoCatalog, slideFormatOf } from "#modules/catalog/demo/generate.ts";
import { buildPptx } from "./build-pptx.ts";

/** LibreOffice opens what we serve: a real office suite, not our own parser. .ci/run installs it. */
const which = (tool: string) =>
  spawnSync("sh", ["-c", `command -v ${tool}`])
    .stdout.toString()
    .trim();
const soffice = which("soffice");
const pdfinfo = which("pdfinfo");
const pdftotext = which("pdftotext");
const tools = Boolean(soffice && pdfinfo && pdftotext);

// Elsewhere the check is skipped when the tools are missing; on CI, which installs them, that is a failure.
describe.runIf(process.env.CI === "true")("on CI", () => {
  it("has LibreOffice and Poppler to open the decks with", () => {
    expect({ soffice, pdfinfo, pdftotext }).toEqual({
      soffice: expect.stringMatching(/\S/),
      pdfinfo: expect.stringMatching(/\S/),
      pdftotext: expect.stringMatching(/\S/),
    });
  });
});

describe.runIf(tools)("generated decks open in LibreOffice Impress", () => {
  const templates = generateDemoCatalog({ count: 40, now: new Date("2026-11-22T12:00:00Z") });
  const picks = [templates.find((t) => t.aspectRatio === "16:9")!, templates.find((t) => t.aspectRatio === "4:3")!];

  for (const t of picks) {
    it(`converts the free ${t.aspectRatio} deck "${t.translations.en.title}" to a PDF with every slide and the attribution last`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-office-"));
      try {
        const buf = await buildPptx({
          design: t.design,
          palette: t.colors[0].palette,
          format: slideFormatOf(t),
          title: t.translations.en.title,
          attribution: true,
          brandName: "SlideNest",
        });
        const file = path.join(dir, "deck.pptx");
        fs.writeFileSync(file, buf);
        // One profile per conversion: two conversions sharing one fail silently. The conversion has
        // ended (and its folder is no longer in use) when execFileSync returns.
        execFileSync(
          soffice,
          [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", "pdf", "--outdir", dir, file],
          { stdio: "ignore", timeout: 120_000 },
        );
        const pdf = path.join(dir, "deck.pdf");
        expect(fs.existsSync(pdf)).toBe(true);
        const info = execFileSync(pdfinfo, [pdf]).toString();
        expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(t.design.slides.length + 1);
        const ratio = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info);
        expect(Number(ratio?.[1]) / Number(ratio?.[2])).toBeCloseTo(t.aspectRatio === "4:3" ? 4 / 3 : 16 / 9, 1);
        const last = String(t.design.slides.length + 1);
        expect(execFileSync(pdftotext, ["-f", last, "-l", last, pdf, "-"]).toString()).toContain(
          "Template by SlideNest",
        );
      } finally {
        // Only once the conversion and its checks have settled.
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 180_000);
  }
});
