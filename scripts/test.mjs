// `npm test`: every test, on a fresh machine, with nothing running beforehand.
//  1. makes sure Debian's Chromium is there (installs it when allowed to, as root),
//  2. builds the shop (the HTTP and browser tests run the production build),
//  3. unit + integration tests on PGlite,
//  4. the integration tests again on PostgreSQL when a server is reachable (TEST_DATABASE_URL, else
//     127.0.0.1:5432); REQUIRE_POSTGRES=1 makes an unreachable server an error (CI sets it),
//  5. the browser tests in Chromium.
// Extra arguments go to every Vitest run (e.g. `npm test -- -t sitemap`).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const root = new URL("..", import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const extra = process.argv.slice(2);
const reports = mkdtempSync(join(tmpdir(), "rental-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Failed tests of every run, repeated at the very end: CI shows only the tail of a long log. */
const failures = [];
/** Browser tests that passed only on their second try after running out of time (vitest.config.ts, decision 052). */
const secondTries = [];
let failedRuns = 0;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function firstLine(text = "") {
  return text.split("\n").find((line) => line.trim() !== "") ?? "";
}

function step(title) {
  console.log(`\n=== ${title} ===\n`);
}

function vitest(name, projects, env = {}) {
  step(name);
  const report = join(reports, `${name.replace(/\W+/g, "-")}.json`);
  const args = [
    "vitest",
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...extra,
  ];
  const status = run("npx", args, env);
  if (existsSync(report)) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, testResults } = JSON.parse(readFileSync(report, "utf8"));
    for (const file of testResults) {
      const path = file.name.replace(root, "");
      if (file.status === "failed" && file.assertionResults.every((test) => test.status !== "failed")) {
        failures.push(`${name} · ${path}: ${firstLine(file.message)}`);
      }
      for (const test of file.assertionResults.filter((t) => t.status === "failed")) {
        failures.push(`${name} · ${path} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
      }
      // A passed test keeps the errors of the try that failed.
      for (const test of file.assertionResults.filter((t) => t.status === "passed" && t.failureMessages.length > 0)) {
        secondTries.push(`${name} · ${path} › ${test.fullName}`);
      }
    }
    totals.passed += numPassedTests;
    totals.failed += numFailedTests;
    totals.skipped += numPendingTests + numTodoTests;
    console.log(`\n${name}: ${numPassedTests} passed, ${numFailedTests} failed`);
  }
  if (status !== 0) failedRuns += 1;
}

/** A Debian package the tests drive: installed when missing and we may (root), else a message saying what to install. */
function ensurePackage(path, name, purpose) {
  if (existsSync(path)) return;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !existsSync("/usr/bin/apt-get")) {
    console.error(`${purpose} need Debian's ${name} at ${path}. Install it with: sudo apt-get install -y ${name}`);
    process.exit(1);
  }
  step(`Installing Debian's ${name} (${purpose.toLowerCase()})`);
  if (
    run("apt-get", ["update", "-qq"]) !== 0 ||
    run("apt-get", ["install", "-y", "-qq", name], { DEBIAN_FRONTEND: "noninteractive" }) !== 0
  ) {
    console.error(`Could not install ${name}: run \`apt-get install -y ${name}\` and try again.`);
    process.exit(1);
  }
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${url}: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

ensurePackage(chromium, "chromium", "The browser tests");

step("Build");
if (run("npx", ["react-router", "build"]) !== 0) process.exit(1);

vitest("PGlite: unit and integration", ["unit", "integration"], { TEST_DB: "pglite" });

const postgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
if (await postgresReachable(postgresUrl)) {
  ensurePackage("/usr/sbin/nginx", "nginx", "The load-balancer test");
  vitest("PostgreSQL: integration and concurrency", ["integration", "concurrency"], {
    TEST_DB: "postgres",
    TEST_DATABASE_URL: postgresUrl,
  });
} else if (process.env.REQUIRE_POSTGRES === "1") {
  console.error("REQUIRE_POSTGRES=1 but no PostgreSQL server answered: the PostgreSQL run did not happen.");
  failedRuns += 1;
} else {
  console.log("Skipping the PostgreSQL run: no server. Set TEST_DATABASE_URL to point at one.");
}

vitest("Browser (Chromium)", ["e2e"]);

rmSync(reports, { recursive: true, force: true });
if (secondTries.length > 0)
  console.log(
    `\nPassed on the second try after running out of time:\n${secondTries.map((line) => `  - ${line.slice(0, 400)}`).join("\n")}`,
  );
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  - ${line.slice(0, 400)}`).join("\n")}`);
console.log(`\nAll runs: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedRuns > 0 || totals.failed > 0 ? 1 : 0);
