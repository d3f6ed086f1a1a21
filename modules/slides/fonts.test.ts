import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { FONT_MATCHES } from "#config/constants.ts";
import { FONTS } from "./font-facts.ts";
import {
  fontconfigEnv,
  fontconfigText,
  matchFont,
  missingFonts,
  projectFontconfigFile,
  projectFontDirs,
  shippedFonts,
} from "./fonts.ts";

const hasFontconfig = spawnSync("sh", ["-c", "command -v fc-match"]).status === 0;

describe("shipped fonts", () => {
  it("ships every open (Google Fonts) family of the catalog, regular and bold, as TTF under the OFL", () => {
    const shipped = new Map(shippedFonts().map((f) => [f.family, f]));
    const open = FONTS.filter((f) => f.google).map((f) => f.family);
    expect(open.length).toBeGreaterThan(20);
    for (const family of open) {
      const font = shipped.get(family);
      expect(font, family).toBeDefined();
      expect(font?.licence).toBe("OFL-1.1");
      const names = font?.files.map((f) => path.basename(f)) ?? [];
      expect(
        names.some((n) => /_400Regular\.ttf$/.test(n)),
        family,
      ).toBe(true);
      expect(
        names.some((n) => /_700Bold\.ttf$/.test(n)),
        family,
      ).toBe(true);
      for (const file of font?.files ?? []) expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    }
    // Each package carries the licence text of its fonts.
    for (const font of shipped.values()) {
      const root = path.dirname(path.dirname(font.files[0] as string));
      expect(fs.readFileSync(path.join(root, "LICENSE_FONT"), "utf8")).toContain("SIL Open Font License");
    }
  });

  it("writes a fontconfig file that includes the system's and adds the shipped folders and its own cache", () => {
    const file = projectFontconfigFile();
    expect(fontconfigEnv()).toEqual({ FONTCONFIG_FILE: file });
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain('<include ignore_missing="yes">/etc/fonts/fonts.conf</include>');
    for (const dir of projectFontDirs()) expect(text).toContain(`<dir>${dir}</dir>`);
    expect(text).toMatch(/<cachedir>[^<]+<\/cachedir>/);
    // Written once: asking again gives the same file.
    expect(projectFontconfigFile()).toBe(file);
    expect(fontconfigText(["/a&b"], "/c<d")).toContain("<dir>/a&amp;b</dir>");
  });
});

describe.runIf(hasFontconfig)("fonts under the project's fontconfig", () => {
  it("fc-match finds the shipped families by their own name", async () => {
    expect(await matchFont("Poppins")).toBe("Poppins");
    expect(await matchFont("Space Grotesk")).toBe("Space Grotesk");
    expect(await matchFont("Source Sans 3")).toBe("Source Sans 3");
  });

  it("lists a made-up family as missing and not a shipped one (each once, as given)", async () => {
    const missing = await missingFonts(["Poppins", "Nunito", "Zyxwv Display", "poppins", "zyxwv display", "DM Sans"]);
    expect(missing).toEqual(["Zyxwv Display"]);
    expect(await missingFonts([])).toEqual([]);
  });

  it("keeps fontconfig's answer for a family FONT_MATCHES.keepMs, asks again after, and keeps no failure", async () => {
    const path0 = process.env.PATH;
    const start = Date.now() + 10 * FONT_MATCHES.keepMs; // beyond anything another test kept
    try {
      expect(await matchFont("Lato", start)).toBe("Lato");
      // Without fc-match on PATH, the kept answer still comes until it is FONT_MATCHES.keepMs old.
      process.env.PATH = "/nonexistent";
      expect(await matchFont("Lato", start + FONT_MATCHES.keepMs - 1)).toBe("Lato");
      await expect(matchFont("Lato", start + FONT_MATCHES.keepMs)).rejects.toThrow();
      // The failure was not kept: with fc-match back, the family is asked again.
      process.env.PATH = path0;
      expect(await matchFont("Lato", start + FONT_MATCHES.keepMs + 1)).toBe("Lato");
      // Several asked together each get their own family's answer.
      const both = await Promise.all([
        matchFont("Oswald", start),
        matchFont("Oswald", start),
        matchFont("Inter", start),
      ]);
      expect(both).toEqual(["Oswald", "Oswald", "Inter"]);
      // A name longer than any family is answered (fontconfig's fallback) but not kept: the kept answers
      // stay bounded in bytes whatever a deck names.
      const long = `Lato ${"x".repeat(FONT_MATCHES.familyMaxChars)}`;
      expect(await matchFont(long, start)).not.toBe("");
      process.env.PATH = "/nonexistent";
      await expect(matchFont(long, start + 1)).rejects.toThrow();
    } finally {
      process.env.PATH = path0;
    }
  });

  it("the SVG renderer draws a Poppins heading in Poppins once applyProjectFonts ran in the process", async () => {
    // A fresh process each time: fontconfig reads FONTCONFIG_FILE once, when text is first drawn.
    const script = `
      import sharp from "sharp";
      import { applyProjectFonts } from ${JSON.stringify(pathToFileURL(path.resolve("modules/slides/fonts.ts")).href)};
      if (process.argv[1] === "on") applyProjectFonts();
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="90"><rect width="480" height="90" fill="#fff"/>'
        + '<text x="10" y="60" font-family="Poppins, sans-serif" font-size="44" font-weight="700">Quarterly Plan</text></svg>';
      const { data } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
      process.stdout.write(data.toString("base64"));`;
    const draw = (mode: "on" | "off") =>
      new Promise<Buffer>((resolve, reject) => {
        const { FONTCONFIG_FILE: _, ...env } = process.env;
        execFile(
          process.execPath,
          ["--input-type=module", "-e", script, mode],
          { env, maxBuffer: 1 << 24 },
          (error, stdout, stderr) =>
            error ? reject(new Error(stderr || error.message)) : resolve(Buffer.from(stdout, "base64")),
        );
      });
    const [withFonts, fallback] = await Promise.all([draw("on"), draw("off")]);
    expect(withFonts.length).toBe(480 * 90);
    expect(fallback.length).toBe(480 * 90);
    let differing = 0;
    for (let i = 0; i < withFonts.length; i++) if (withFonts[i] !== fallback[i]) differing++;
    // Another typeface: a large share of the heading's pixels differ (antialiasing alone changes none).
    expect(differing).toBeGreaterThan(1_000);
  });
});
