/**
 * `npm run test:security`: the attack and fault suite (apps/server/test/security). It runs
 * once per CI run from `.ci/run`, after `npm test`, and not inside `npm test`: it starts
 * real shop processes, kills them and their PostgreSQL, and measures answer times, so
 * its files run one after another, away from the parallel API suite; sqlmap is a
 * system package that `.ci/run` installs.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "security",
    include: ["apps/server/test/security/**/*.test.ts"],
    globalSetup: ["apps/server/test/support/global-setup.ts", "apps/server/test/security/global-setup.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
