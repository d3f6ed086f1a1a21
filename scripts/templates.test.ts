import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "#config/env.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { createTaxonomy } from "#tests/factories.ts";
import { createTestDataDir } from "#tests/pglite-base.ts";
import { runTemplatesCommand } from "./templates.ts";

/**
 * `npm run templates:import` as an operator runs it, on the embedded database of a DATA_DIR: a folder
 * with a problem imports nothing and says what and where (the deck reader's refusal in words); a good
 * folder imports; the database held by another process is refused plainly.
 */
let dataDir: string;
let folder: string;

/** The command's work, in this process; `cli` runs it as the operator does, a process of its own. */
const run = (...args: string[]) =>
  runTemplatesCommand(args, getEnv({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }), process.cwd());
const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const r = spawnSync(process.execPath, ["scripts/templates.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
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
  await createTestDataDir(path.join(dataDir, "db"));
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
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
  it("on a database the server never started, says to start it first", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "sn-templates-fresh-"));
    try {
      const r = await runTemplatesCommand(
        [folder, "--dry-run"],
        getEnv({ ...process.env, DATA_DIR: empty, DATABASE_URL: "" }),
        process.cwd(),
      );
      expect(r.code).toBe(1);
      expect(r.out).toContain("the catalogue has no categories yet: start the server once");
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it("says how to use it", async () => {
    expect(await run()).toMatchObject({ code: 2, out: expect.stringContaining("usage: npm run templates:import") });
    expect(await run(folder, "--force")).toMatchObject({ code: 2 });
  });

  it("imports nothing from a folder with a problem, naming the file and what is wrong", async () => {
    const r = await run(folder);
    expect(r.code).toBe(1);
    expect(r.out).toContain("Nothing was imported: 1 problem");
    expect(r.out).toMatch(/lab\/deck\.pptx: .*PowerPoint/);
  });

  it("imports a good folder, and a second run changes nothing", async () => {
    fs.copyFileSync(path.resolve("modules/slides/fixtures/libreoffice.pptx"), path.join(folder, "lab", "deck.pptx"));
    const dry = await run(folder, "--dry-run");
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toContain("Templates: 1 created");
    // Without LibreOffice the command says which versions it cannot draw and how to install it.
    const noConverter = cli([folder, "--dry-run"], { PATH: path.dirname(process.execPath), LOG_LEVEL: "" });
    expect(noConverter.out).toMatch(
      /LibreOffice is not on this machine: 1 version has a variant without a previews\/ folder.*apt-get install libreoffice-impress-nogui/s,
    );
    const first = await run(folder);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain("Templates: 1 created");
    expect(first.out).toContain("New versions: 1");
    const second = await run(folder);
    expect(second.out).toContain("Templates: 0 created, 0 updated, 1 unchanged");
  });

  it("run from the shell, refuses plainly while another process holds the embedded database", async () => {
    const held = await openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      const r = cli([folder]);
      expect(r.code).toBe(1);
      expect(r.out).toContain("is open in another process");
      expect(r.out).toContain("Nothing was imported.");
    } finally {
      await held.close();
    }
  });
});
