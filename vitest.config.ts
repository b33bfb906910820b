import { basename } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Four projects: `unit` (pure domain rules beside the code), `integration` (server functions and the
 * real HTTP stack on a fresh database per file: PGlite, or PostgreSQL with TEST_DB=postgres), `concurrency`
 * (parallel checkouts, PostgreSQL only) and `e2e`
 * (Debian's Chromium against the built server). `npm test` runs them all; see scripts/test.mjs.
 */
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
/**
 * Vitest's default is one worker fewer than the cores: one on this 2-core machine kind, which left a core
 * idle while a file set up its database. Two files side by side keep both busy (docs/benchmarks.md).
 */
const workers = Math.max(1, Number(process.env.TEST_WORKERS) || 2);

/**
 * The browser files that take longest, longest first (a clean-clone run, 2026-11-27: 407, 251, 193, 166, 123,
 * 103 s, …). Two workers share the files; started last, public-pages.test.ts ran alone for minutes at the end
 * (Vitest starts larger files first when it has no timings, and its test cases are a short file).
 */
const SLOWEST_BROWSER_FILES = [
  "public-pages",
  "booking",
  "narrow-screens-nl-be-da",
  "narrow-screens-en-de-it",
  "admin-places",
  "admin",
  "admin-lists",
  "accounts",
  "integrations",
  "site-links",
  "analytics",
  "admin-webhooks",
];

/** Vitest's order, except that the browser files above start first, in that order. */
class SlowestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST_BROWSER_FILES.indexOf(basename(file.moduleId, ".test.ts"));
      return file.project.name === "e2e" && at >= 0 ? at : SLOWEST_BROWSER_FILES.length;
    };
    const sorted = await super.sort(files);
    const e2e = sorted.filter((file) => file.project.name === "e2e").sort((a, b) => rank(a) - rank(b));
    let next = 0;
    return sorted.map((file) => (file.project.name === "e2e" ? e2e[next++] : file));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirst },
    projects: [
      { test: { name: "unit", include: ["app/**/*.test.ts"], environment: "node", maxWorkers: workers } },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          maxWorkers: workers,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
          env: { NODE_ENV: "test" },
          globalSetup: ["tests/global-setup.ts"],
        },
      },
      {
        // Parallel checkouts on separate PostgreSQL connections and processes; PGlite has one connection.
        test: {
          name: "concurrency",
          include: ["tests/concurrency/**/*.test.ts"],
          maxWorkers: workers,
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          env: { NODE_ENV: "test", TEST_DB: "postgres" },
          globalSetup: ["tests/global-setup.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Files run side by side, each worker against a shop process of its own (global-setup.ts). Two
          // suit the 2-core machine: a browser test mostly waits on Chromium and the shop, so two keep both
          // cores busy (measured in docs/benchmarks.md). E2E_WORKERS overrides.
          maxWorkers: e2eWorkers,
          // Its own group: its worker count differs from the other projects' when several run in one command.
          sequence: { groupOrder: 1 },
          globalSetup: ["tests/e2e/global-setup.ts"],
          setupFiles: ["tests/e2e/worker-shop.ts"],
          // A page answers in milliseconds, but a busy 2-core machine can take seconds: conditions are polled
          // for up to 10 s (the default 1 s made tests fail for the machine's load, not for the shop).
          expect: { poll: { timeout: 10_000 } },
          // A test that runs out of time is tried once more, and only then (decision 052): the machine's speed
          // varies 2.5-fold over a day, and one slow minute failed whole CI runs. Any other failure fails at
          // once, a test that times out twice fails, and `npm test` names every test that needed the second try.
          retry: { count: 1, condition: /^Test timed out in \d+ms/ },
        },
      },
    ],
  },
});
