import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that spend most of their time waiting on real processes and timers: the
 * operations suite (a started `npm start`, PostgreSQL killed and restarted, pg_dump, three
 * apps behind HAProxy, a minute-long cron), 40-140 s each, and the slowest API files.
 * They start first, so the short files fill the time beside them instead of one of them
 * running alone at the end (README, "Where the test time goes").
 */
const startsFirst = [
  "ops/process.test.ts",
  "ops/backup.test.ts",
  "ops/scale-out.test.ts",
  "ops/load-balancer.test.ts",
  "auth-security.test.ts",
  "admin-cli.test.ts",
  "collabs.test.ts",
  "ops/media-s3.test.ts",
];
const rank = (spec: TestSpecification) => {
  const index = startsFirst.findIndex((name) => spec.moduleId.endsWith(`/apps/server/test/${name}`));
  return index === -1 ? startsFirst.length : index;
};

/** Vitest's order (longest first when a previous run's times are cached), the slow files above. */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

/** What the API and operations projects share: a database per file, a real app. */
const serverTests = {
  globalSetup: ["apps/server/test/support/global-setup.ts"],
  environment: "node",
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // Each file still gets its own database (a clone of the template) and its own app;
  // what files share is the imported modules, so the server and the built web app
  // are loaded once per worker instead of once per file (about 5 s of a file's
  // 5-10 on two busy cores). Nothing in these tests mocks a module or sets process.env.
  isolate: false,
} as const;

export default defineConfig({
  test: {
    // Two cores: the API files mostly wait (on PostgreSQL, child processes, SMTP, timers),
    // so three files at a time keep both busy; Vitest's default on two cores is one. On a
    // server the suite does not start itself (TEST_DATABASE_URL: the machine's PostgreSQL in
    // .ci/run, 100 connections), three files' apps, pools and child processes ran out of
    // connections ("too many clients"), so two at a time there.
    maxWorkers: process.env.TEST_DATABASE_URL ? 2 : 3,
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts", "apps/web/app/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          ...serverTests,
          name: "api",
          include: ["apps/server/test/**/*.test.ts"],
          // The attack and fault suite has its own config (vitest.security.config.ts); the
          // operations suite is the next project.
          exclude: [...configDefaults.exclude, "apps/server/test/security/**", "apps/server/test/ops/**"],
        },
      },
      {
        // The operations suite (`npm run test:ops`): the shop as operators run it, as real
        // processes: `npm start` killed with -9, pg_dump and restore, three apps behind
        // HAProxy and Redis, media moved to S3. Most of its minutes are waiting, on processes
        // and timers, and none of it changes with a feature, so it is not in `npm test`:
        // `.ci/run` runs it once per run, beside nothing, on the build `npm test` made.
        test: {
          ...serverTests,
          name: "ops",
          include: ["apps/server/test/ops/**/*.test.ts"],
        },
      },
      {
        // The real `npm start` as a child process: it runs the build itself, so it runs
        // alone, after the API tests (`npm run test:smoke`), never beside them.
        test: {
          name: "smoke",
          include: ["apps/server/smoke/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
