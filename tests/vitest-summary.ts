/**
 * A Vitest reporter for `npm test`: per project, the tests passed, failed and skipped; the tests that
 * passed only on a retry (flaky); each file's time. Written as JSON to the file in SN_VITEST_SUMMARY.
 */
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestCase, TestModule } from "vitest/node";

export type VitestSummary = {
  projects: Record<string, { passed: number; failed: number; skipped: number; files: number; failedFiles: number }>;
  flaky: { project: string; file: string; name: string }[];
  /** Each file: its project, its time in its worker, and when it was queued and ended (s from the start). */
  files: { project: string; file: string; seconds: number; state: string; queued?: number; ended?: number }[];
};

export default class SummaryReporter implements Reporter {
  private summary: VitestSummary = { projects: {}, flaky: [], files: [] };
  private started = Date.now();
  private times = new Map<TestModule, { queued?: number; ended?: number }>();
  private at = () => Math.round((Date.now() - this.started) / 100) / 10;

  onTestModuleQueued(m: TestModule) {
    this.times.set(m, { queued: this.at() });
  }

  onTestModuleEnd(m: TestModule) {
    this.times.set(m, { ...this.times.get(m), ended: this.at() });
  }

  private of(project: string) {
    this.summary.projects[project] ??= { passed: 0, failed: 0, skipped: 0, files: 0, failedFiles: 0 };
    return this.summary.projects[project];
  }

  onTestCaseResult(testCase: TestCase) {
    const p = this.of(testCase.project.name);
    const state = testCase.result().state;
    if (state === "passed") p.passed++;
    else if (state === "failed") p.failed++;
    else p.skipped++;
    if (testCase.diagnostic()?.flaky)
      this.summary.flaky.push({
        project: testCase.project.name,
        file: path.relative(process.cwd(), testCase.module.moduleId),
        name: testCase.fullName,
      });
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    for (const m of testModules) {
      const p = this.of(m.project.name);
      p.files++;
      const state = m.state();
      if (state === "failed") p.failedFiles++;
      // The file's whole time in its worker: environment, harness, import, then its hooks and tests.
      const d = m.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      this.summary.files.push({
        project: m.project.name,
        file: path.relative(process.cwd(), m.moduleId),
        seconds: Math.round(ms / 100) / 10,
        state,
        ...this.times.get(m),
      });
    }
    const out = process.env.SN_VITEST_SUMMARY;
    if (out) fs.writeFileSync(out, JSON.stringify(this.summary, null, 1));
  }
}
