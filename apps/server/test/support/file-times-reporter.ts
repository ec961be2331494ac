/**
 * Where the unit and API suites' time goes, per file: a vitest reporter for measuring,
 * not part of any run by default (the README's testing section shows how to use it):
 *
 *   npx vitest run --project unit --project api \
 *     --reporter=default --reporter=./apps/server/test/support/file-times-reporter.ts
 *
 * Per file: wall time from start to end (what the run waits for when files go one after
 * another), the import of the test file with everything it pulls in, and the tests with
 * their hooks (beforeAll's app start-up included). Printed slowest first, with totals per
 * project; written as JSON to FILE_TIMES_JSON when that is set.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

interface FileTime {
  project: string;
  file: string;
  /** When the file started, from the start of the run. */
  startMs: number;
  wallMs: number;
  importMs: number;
  testsAndHooksMs: number;
  tests: number;
}

export default class FileTimesReporter implements Reporter {
  private started = new Map<string, number>();
  private times: FileTime[] = [];
  private runStarted = Date.now();

  onTestRunStart() {
    this.runStarted = Date.now();
  }

  onTestModuleStart(module: TestModule) {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const diagnostic = module.diagnostic();
    const started = this.started.get(module.moduleId) ?? Date.now();
    this.times.push({
      project: module.project.name,
      file: path.relative(process.cwd(), module.moduleId),
      startMs: started - this.runStarted,
      wallMs: Date.now() - started,
      importMs: Math.round(diagnostic.collectDuration),
      testsAndHooksMs: Math.round(diagnostic.duration),
      tests: [...module.children.allTests()].length,
    });
  }

  onTestRunEnd() {
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const rows = [...this.times].sort((a, b) => b.wallMs - a.wallMs);
    const lines = ["", "File times (s): wall, import, tests and hooks"];
    for (const project of new Set(rows.map((row) => row.project))) {
      const mine = rows.filter((row) => row.project === project);
      const sum = (key: "wallMs" | "importMs" | "testsAndHooksMs") => mine.reduce((total, row) => total + row[key], 0);
      lines.push(
        `${project}: ${mine.length} files, ${mine.reduce((n, row) => n + row.tests, 0)} tests; summed ${seconds(sum("wallMs"))} wall, ${seconds(sum("importMs"))} import, ${seconds(sum("testsAndHooksMs"))} tests and hooks`,
      );
    }
    lines.push(`run: ${seconds(Date.now() - this.runStarted)} from first file to last`);
    for (const row of rows.slice(0, 25)) {
      lines.push(
        `${seconds(row.wallMs)} ${seconds(row.importMs)} ${seconds(row.testsAndHooksMs)}  ${row.project}  ${row.file}`,
      );
    }
    process.stdout.write(`${lines.join("\n")}\n`);
    const out = process.env.FILE_TIMES_JSON;
    if (out) writeFileSync(out, JSON.stringify(rows, null, 2));
  }
}
