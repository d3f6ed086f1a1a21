import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { writeStrippedSources } from "./stripped-sources.ts";

/**
 * `npm start` loads the server's .ts files from their stripped copies (server/strip-types-hook.mjs), so
 * node's TypeScript stripper never loads (issue 24, memory); a file changed since the build loads as before.
 */
let root = "";
const main = () => path.join(root, "server/main.ts");
const run = () =>
  spawnSync(process.execPath, ["--import", path.join(root, "server/strip-types-hook.mjs"), main()], {
    encoding: "utf8",
  });

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-strip-"));
  for (const file of ["server/strip-types-hook.mjs", "config/node-build.json"]) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.resolve(file), path.join(root, file));
  }
  fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ type: "module" }));
  fs.writeFileSync(path.join(root, "config/value.ts"), "export const value: number = 42;\n");
  fs.writeFileSync(path.join(root, "config/value.test.ts"), "export {};\n");
  fs.writeFileSync(
    main(),
    [
      'import { value } from "../config/value.ts";',
      "const stripper: boolean = process.moduleLoadList.some((m) => m.includes('amaro'));",
      "console.log(JSON.stringify({ value, stripper }));",
      "",
    ].join("\n"),
  );
});
afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

it("loads the stripped copies without node's TypeScript stripper", () => {
  expect(writeStrippedSources(root)).toBe(2);
  expect(fs.existsSync(path.join(root, "build/node/config/value.test.ts.js"))).toBe(false);
  const r = run();
  expect(r.status, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual({ value: 42, stripper: false });
});

it("loads a file changed since the build from its source", () => {
  writeStrippedSources(root);
  const later = new Date(Date.now() + 5_000);
  fs.writeFileSync(path.join(root, "config/value.ts"), "export const value: number = 43;\n");
  fs.utimesSync(path.join(root, "config/value.ts"), later, later);
  const r = run();
  expect(r.status, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual({ value: 43, stripper: true });
});
