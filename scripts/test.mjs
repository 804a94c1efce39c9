// `npm test`: typecheck, the workerd and renderer suites (vitest), then the
// browser journeys (Playwright in Chromium). Finds or installs the system
// programs the suites need (Debian's chromium and ffmpeg) first.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromiumPath, ensureSystemPrograms } from "./system-programs.mjs";

const root = resolve(import.meta.dirname, "..");
// Not test-results/: Playwright empties that folder when it starts.
const results = resolve(root, "test-reports");
process.env.PATH = `${resolve(root, "node_modules/.bin")}:${process.env.PATH}`;

function step(title) {
  console.log(`\n\x1b[1m▶ ${title}\x1b[0m`);
}

function run(command, args, { allowFail = false } = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0 && !allowFail) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
  return result.status === 0;
}

function counts(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

mkdirSync(results, { recursive: true });
ensureSystemPrograms(["chromium", "ffmpeg"], step);
process.env.CHROMIUM_PATH = chromiumPath();

step("Typecheck");
run("npm", ["run", "--silent", "typecheck"]);

step("Lint and format (Biome)");
run("npm", ["run", "--silent", "lint"]);

step(
  "Layer rules (dependency-cruiser: no cycles, no forbidden imports; R2 and storage keys only through worker/storage)",
);
run("npm", ["run", "--silent", "deps"]);

step('Kit controls (no new raw <button>, <select>, <progress> or role="alert" outside components/ui)');
run("node", ["scripts/raw-controls.mjs"]);

step("Database schema and drizzle snapshot agree (db:generate writes nothing)");
run("npm", ["run", "--silent", "db:check"]);

step("Worker, API, domain and renderer tests (vitest: workerd in development and production mode, real ffmpeg)");
const unitOk = run(
  "vitest",
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${results}/vitest.json`],
  { allowFail: true },
);

step("Browser journeys (Playwright in Chromium)");
const e2eOk = run("playwright", ["test"], { allowFail: true });

const unit = counts(`${results}/vitest.json`, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
const e2e = counts(`${results}/playwright.json`, (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected,
  flaky: flakyTitles(r.suites),
}));
const flaky = e2e.flaky ?? [];
const passed = unit.passed + e2e.passed;
const failed = unit.failed + e2e.failed + (unitOk && e2eOk ? 0 : failedWithoutCount(unit, e2e));

/**
 * Tests that failed and then passed on a retry (CI retries once): Playwright counts them as
 * neither expected nor unexpected, so they are named here and fail the run.
 */
function flakyTitles(suites = [], path = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((t) => t.status === "flaky"))
      .map((spec) => [...path, suite.title, spec.title].filter(Boolean).join(" › ")),
    ...flakyTitles(suite.suites, [...path, suite.title]),
  ]);
}

function failedWithoutCount(...suites) {
  return suites.every((s) => s.failed === 0) ? 1 : 0;
}

console.log(
  `\nvitest: ${unit.passed} passed, ${unit.failed} failed; playwright: ${e2e.passed} passed, ${e2e.failed} failed, ${flaky.length} flaky`,
);
for (const title of flaky) console.log(`  flaky (failed, then passed on retry): ${title}`);
console.log(
  `Result: ${passed} passed, ${failed + flaky.length} failed${flaky.length ? ` (${flaky.length} flaky)` : ""}`,
);
process.exit(unitOk && e2eOk && flaky.length === 0 ? 0 : 1);
