// `npm run deploy [-- --dry-run] [-- --containers=none|immediate|gradual]`
//
// Build, apply D1 migrations to the remote database, deploy; then print the app's URL and the
// Stripe webhook endpoint to register. The account's resources and secrets come from
// `npm run setup:cloudflare` first. Without a working Docker engine the renderer's container image
// cannot be built: the Worker is then deployed with --containers-rollout=none (say which with
// --containers). --dry-run prints the steps and runs nothing.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { readConfig, shown, wranglerRunner } from "./cloudflare/wrangler.mjs";

const root = resolve(import.meta.dirname, "..");
const { values: flags } = parseArgs({
  options: {
    "dry-run": { type: "boolean", default: false },
    containers: { type: "string" },
    config: { type: "string" },
  },
});
const dryRun = flags["dry-run"] ?? false;
const configPath = resolve(flags.config ?? join(root, "wrangler.toml"));
// --config names the wrangler.toml whose names and database id are checked here. wrangler itself
// always finds the build's config (build/server/wrangler.json, through .wrangler/deploy/config.json),
// which the Vite plugin wrote from the repository's wrangler.toml.
const wrangler = wranglerRunner({ dryRun, cwd: root, configArgs: [] });

/** The webhook route (worker/api/payments.ts, under /api) and the events it handles (docs/deploying.md). */
const WEBHOOK_PATH = "/api/payments/webhook";
const WEBHOOK_EVENTS = ["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled"];

/** @param {string} title */
function step(title) {
  console.log(`\n▶ ${title}`);
}

function containersRollout() {
  if (flags.containers) return flags.containers;
  if (dryRun) return undefined;
  const docker = spawnSync("docker", ["info"], { stdio: "ignore", timeout: 20_000 });
  if (docker.status === 0) return undefined;
  console.log("  no Docker engine: the renderer's container is not rebuilt (--containers-rollout=none)");
  return "none";
}

/** The URLs `wrangler deploy` reports (its output file: one JSON object a line, type "deploy"). */
/** @param {string} outputFile @param {string} stdout */
function deployedUrls(outputFile, stdout) {
  /** @type {string[]} */
  const targets = [];
  if (existsSync(outputFile)) {
    for (const line of readFileSync(outputFile, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const entry = JSON.parse(line);
      if (entry.type === "deploy") targets.push(...(entry.targets ?? []));
    }
  }
  if (targets.length === 0) targets.push(...(stdout.match(/https:\/\/\S+\.workers\.dev/g) ?? []));
  // workers.dev comes as a URL; a route as "host/*", a custom domain as "host (custom domain …)".
  const urls = targets
    .map((target) => target.replace(/ \(.*\)$/, "").replace(/\/\*$/, ""))
    .filter((target) => !target.includes("*"))
    .map((target) => (target.startsWith("http") ? target : `https://${target}`));
  // The app's own domain, when it has one, before workers.dev.
  return [...new Set(urls)].sort((a, b) => Number(a.endsWith(".workers.dev")) - Number(b.endsWith(".workers.dev")));
}

function main() {
  const config = readConfig(configPath);
  console.log(`Deploy ${config.workerName}${dryRun ? " — dry run: nothing is built, applied or deployed" : ""}`);
  if (!dryRun && /^0{8}-/.test(config.database.id)) {
    throw new Error(`${configPath} has no D1 database_id yet: run \`npm run setup:cloudflare\` first`);
  }

  step("1. Build (react-router build)");
  const npm = process.env.NPM || "npm";
  if (dryRun) console.log(`    would run: ${shown("npm", ["run", "build"])}`);
  else {
    console.log(`    $ ${shown("npm", ["run", "build"])}`);
    const build = spawnSync(npm, ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("the build failed");
  }

  step(`2. Apply D1 migrations to the remote database (${config.database.name})`);
  const applied = wrangler(["d1", "migrations", "apply", config.database.binding, "--remote"], { change: true });
  if (applied) process.stdout.write(applied.stdout);

  step("3. Deploy the Worker");
  const rollout = containersRollout();
  const args = ["deploy", ...(rollout ? [`--containers-rollout=${rollout}`] : [])];
  const folder = mkdtempSync(join(tmpdir(), "wrangler-output-"));
  const outputFile = join(folder, "output.json");
  process.env.WRANGLER_OUTPUT_FILE_PATH = outputFile;
  let urls = ["https://<your app>"];
  try {
    const deployed = wrangler(args, { change: true });
    if (deployed) {
      process.stdout.write(deployed.stdout);
      const found = deployedUrls(outputFile, deployed.stdout);
      if (found.length > 0) urls = found;
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  const url = urls[0] ?? "";
  console.log(`\n${dryRun ? "Would deploy to" : "Deployed:"} ${urls.join(", ")}`);
  console.log(`Stripe webhook endpoint to register: ${url}${WEBHOOK_PATH}`);
  console.log(`  events: ${WEBHOOK_EVENTS.join(", ")}`);
  console.log("  then give its signing secret (whsec_…) to `npm run setup:cloudflare` (asked while unset).");
  console.log("  Served from a custom domain? Register that origin's /api/payments/webhook instead.");
}

try {
  main();
} catch (error) {
  console.error(`\n✗ ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
