import { defineConfig } from "vitest/config";

/**
 * Four projects: `unit` (pure domain rules beside the code), `integration` (server functions and the
 * real HTTP stack on a fresh database per file: PGlite, or PostgreSQL with TEST_DB=postgres), `concurrency`
 * (parallel checkouts, PostgreSQL only) and `e2e`
 * (Debian's Chromium against the built server). `npm test` runs them all; see scripts/test.mjs.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["app/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
          env: { NODE_ENV: "test" },
          globalSetup: ["tests/warm-pictures.ts"],
        },
      },
      {
        // Parallel checkouts on separate PostgreSQL connections and processes; PGlite has one connection.
        test: {
          name: "concurrency",
          include: ["tests/concurrency/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          env: { NODE_ENV: "test", TEST_DB: "postgres" },
          globalSetup: ["tests/warm-pictures.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ["tests/e2e/global-setup.ts"],
          // A page answers in milliseconds, but a busy 2-core machine can take seconds: conditions are polled
          // for up to 10 s (the default 1 s made tests fail for the machine's load, not for the shop).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
