import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The runtimes and browsers of a test run hash and check passwords at scrypt N=2^14, the lowest
 * cost a stored hash may have, instead of the product's 2^17: about 1 s of CPU per sign-in became
 * about 130 ms, and a run signs in hundreds of times (docs/decisions/0101-password-cost-in-test-runs.md).
 * The unit project keeps the product's cost, and its tests check it.
 */
const TEST_RUN_ENVIRONMENT = {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  PASSWORD_HASH_N: "16384",
};

/**
 * One runner for every test, in three projects:
 * - unit: plain functions, beside the code they test (no servers);
 * - integration: real HTTP against the local runtime (dynalite, aws-ses-v2-local);
 * - e2e: real Chromium against the local runtime.
 */
export default defineConfig({
  root,
  test: {
    // Tests run on Node.js 20 while Lambda runs 22: the SDK's future-minimum notice is noise here.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    // expect.poll gives up after 1 s by default: on a busy machine a page's debounced search and its
    // request can take longer than that, and a correct screen then fails. A poll only waits as long
    // as its condition is false, so a generous limit costs nothing when the code is right.
    expect: { poll: { timeout: 30_000 } },
    // Two test files at a time, of any project (docs/decisions/0097-test-run-in-one-group.md). Most
    // of a browser or integration file's time is spent waiting on its runtime, its browser or its
    // imports, not on the worker's own core: one file at a time (vitest's default on 2 cores is
    // cores - 1) left the run waiting between files. VITEST_MAX_WORKERS overrides it.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "events/**/*.test.ts",
            "functions/**/*.test.ts",
            "infra/**/*.test.ts",
            "web/**/*.test.{ts,tsx}",
            "test/docs/**/*.test.ts",
            "test/architecture/**/*.test.ts",
            "test/bench/**/*.test.ts",
            "test/support/**/*.test.ts",
          ],
          // A bound for a hang, not for speed: the one-home check compiles the whole tree and took
          // 26 s at load 25 (a run beside another), past the former 20 s.
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          env: TEST_RUN_ENVIRONMENT,
          include: ["test/integration/**/*.test.ts", "test/infra/**/*.test.ts", "test/fuzz/**/*.test.ts"],
          // One temporary folder per run for work every file would repeat (the function bundles).
          globalSetup: ["test/support/run-setup.ts"],
          // Bounds for a hang, not for speed: at load 20 (several runs on 2 cores) a test that loops
          // over look-alike identities, hashing a password for each, passed the former 60 s.
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          env: TEST_RUN_ENVIRONMENT,
          include: ["test/e2e/**/*.test.ts"],
          // The longest browser test takes about 32 s on a 2-core machine at load 11 (two CI runs
          // side by side), but 85 s and more at load 24 (several helpers' runs at once), where one
          // passed the former 120 s limit. The limit stays well clear of that so load alone cannot
          // fail a test; it only bounds a test that hangs.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // `it.concurrent` tests of a file (the site's axe and inline-CSS checks), two at a time, not
          // vitest's five: a page's load and checks keep a core busy, and more pages than cores only
          // wait for one another; at load 40 five at a time (ten inline-CSS pages) failed nine routes
          // on Playwright's 30 s navigation limit (docs/decisions/0106-test-run-wall-time.md).
          maxConcurrency: 2,
          // The browser files run beside the others, not after them (decision 0097).
        },
      },
    ],
  },
});
