import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.server.ts";
import { createTaxonomy } from "#tests/factories.ts";

/**
 * `npm run templates:import` as an operator runs it, on the embedded database of a DATA_DIR: a folder
 * with a problem imports nothing and says what and where (the deck reader's refusal in words); a good
 * folder imports; the database held by another process is refused plainly.
 */
let dataDir: string;
let folder: string;

const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, ["scripts/templates.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}`.trim() };
};

const manifest = (key: string) =>
  [
    `key: ${key}`,
    "category: education",
    "licence: premium",
    `en: { title: "Lab report ${key}", description: "Results, clearly." }`,
    `es: { title: "Informe de laboratorio ${key}", description: "Resultados, con claridad." }`,
    "variants:",
    "  - colour: green",
    "    pptx: deck.pptx",
  ].join("\n");

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sn-templates-cmd-"));
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "sn-templates-folder-"));
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  await database.migrate();
  await createTaxonomy(database.db);
  await database.close();
  fs.mkdirSync(path.join(folder, "lab"));
  fs.writeFileSync(path.join(folder, "lab", "template.yaml"), manifest("lab"));
  // A Word document renamed: LibreOffice-made fixture of the deck reader.
  fs.copyFileSync(path.resolve("modules/slides/fixtures/document.docx"), path.join(folder, "lab", "deck.pptx"));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("npm run templates:import", () => {
  it("on a database the server never started, says to start it first", () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "sn-templates-fresh-"));
    const r = spawnSync(process.execPath, ["scripts/templates.ts", folder, "--dry-run"], {
      env: { ...process.env, DATA_DIR: empty, DATABASE_URL: "", LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(`${r.stdout}${r.stderr}`).toContain("the catalogue has no categories yet: start the server once");
    fs.rmSync(empty, { recursive: true, force: true });
  });

  it("says how to use it", () => {
    expect(run()).toMatchObject({ code: 2, out: expect.stringContaining("usage: npm run templates:import") });
    expect(run(folder, "--force")).toMatchObject({ code: 2 });
  });

  it("imports nothing from a folder with a problem, naming the file and what is wrong", () => {
    const r = run(folder);
    expect(r.code).toBe(1);
    expect(r.out).toContain("Nothing was imported: 1 problem");
    expect(r.out).toMatch(/lab\/deck\.pptx: .*PowerPoint/);
  });

  it("imports a good folder, and a second run changes nothing", () => {
    fs.copyFileSync(path.resolve("modules/slides/fixtures/libreoffice.pptx"), path.join(folder, "lab", "deck.pptx"));
    const dry = run(folder, "--dry-run");
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toContain("Templates: 1 created");
    // Without LibreOffice the command says which versions it cannot draw and how to install it.
    const noConverter = spawnSync(process.execPath, ["scripts/templates.ts", folder, "--dry-run"], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        PATH: path.dirname(process.execPath),
      },
      encoding: "utf8",
    });
    expect(`${noConverter.stdout}${noConverter.stderr}`).toMatch(
      /LibreOffice is not on this machine: 1 version has a variant without a previews\/ folder.*apt-get install libreoffice-impress-nogui/s,
    );
    const first = run(folder);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain("Templates: 1 created");
    expect(first.out).toContain("New versions: 1");
    const second = run(folder);
    expect(second.out).toContain("Templates: 0 created, 0 updated, 1 unchanged");
  });

  it("refuses plainly while another process holds the embedded database", async () => {
    const held = await openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      const r = run(folder);
      expect(r.code).toBe(1);
      expect(r.out).toContain("is open in another process");
      expect(r.out).toContain("Nothing was imported.");
    } finally {
      await held.close();
    }
  });
});
