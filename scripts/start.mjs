// `npm start`: one command from a fresh clone to a running app.
//  1. `.dev.vars` from `.dev.vars.example` when missing (development settings)
//  2. local D1 migrations (wrangler), 3. the renderer as a plain Node process,
//  4. the app (`react-router dev`, or a production build under `vite preview`
//     with --preview), 5. demo data when the database is empty.
// --production: the production build as deployed (`wrangler dev` of
// build/server/wrangler.json) with ENVIRONMENT=production: no renderer, no dev
// routes, no demo data (the production-gate tests, tests/e2e/production.spec.ts).
// --reuse-build skips the build when build/ already holds one.
// PORT (default 5173), RENDERER_PORT (default 8788) and PERSIST_TO (local
// state folder, default .wrangler/state) are honoured.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { RENDERER_NODE_FLAGS } from "../render-container/src/node-flags.ts";
import { ensureSystemPrograms, ffmpegDescription } from "./system-programs.mjs";

const root = resolve(import.meta.dirname, "..");
const production = process.argv.includes("--production");
const preview = production || process.argv.includes("--preview");
const reuseBuild = process.argv.includes("--reuse-build") && existsSync(resolve(root, "build/server/wrangler.json"));
const port = Number(process.env.PORT ?? 5173);
const rendererPort = Number(process.env.RENDERER_PORT ?? 8788);
// Production keeps its own state: its sessions are signed with another secret.
const persistTo = process.env.PERSIST_TO ?? (production ? ".wrangler/production" : undefined);
const bin = (name) => resolve(root, "node_modules/.bin", name);
const children = [];
// The project's Node 22 (the `node` package) must run every tool, also when
// this script itself was started with an older system `node`.
process.env.PATH = `${resolve(root, "node_modules/.bin")}:${process.env.PATH}`;
const node = existsSync(bin("node")) ? bin("node") : process.execPath;

function log(message) {
  console.log(`\x1b[36m[start]\x1b[0m ${message}`);
}

function runOrExit(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`[start] ${command} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Starts a process; when it stops on its own, everything shuts down, unless `restart` is set: then
 * it is started again (as the platform restarts a crashed container), at most 5 times a minute.
 */
function start(name, command, args, env = {}, { restart = false } = {}) {
  const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  child.on("exit", (code, signal) => {
    children.splice(children.indexOf(child), 1);
    if (shuttingDown) return;
    const now = Date.now();
    const recent = (restarts[name] ?? []).filter((at) => at > now - 60_000);
    if (restart && recent.length < 5) {
      restarts[name] = [...recent, now];
      console.error(`[start] ${name} stopped (${signal ?? code}); starting it again`);
      setTimeout(() => !shuttingDown && start(name, command, args, env, { restart }), 1_000);
      return;
    }
    console.error(`[start] ${name} stopped (${signal ?? code}); shutting down`);
    shutdown(code ?? 1);
  });
  children.push(child);
  return child;
}
const restarts = {};

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 300).unref();
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

// The dev server's memory while a large upload streams through it (issue 14 item 5, ADR 029):
// every chunk of a request body becomes short-lived garbage in workerd (miniflare's R2 simulator
// runs as JS streams there). V8 lets each isolate's young generation grow to 16 MiB semi-spaces
// before collecting it, then keeps that high-water mark: 2 MiB semi-spaces collect sooner (workerd's
// V8 heap +72 MiB during a 1 GiB upload, +5 with the flag). What a scavenge promotes then waits for
// a full collection, which V8 first starts at a generous old-generation limit; a 2 MiB initial
// limit starts it sooner, and later limits follow the live size (workerd +70–89 MiB → +53–56 for
// the first 1 GiB, no measurable CPU cost). Development server only (miniflare passes
// MINIFLARE_WORKERD_V8_FLAGS to workerd); a flag already set there wins.
const WORKERD_V8_FLAGS = ["--max-semi-space-size=2", "--initial-old-space-size=2"];
function workerdV8Flags(flags = "") {
  const missing = WORKERD_V8_FLAGS.filter((flag) => !flags.includes(flag.split("=")[0]));
  return [flags, ...missing].join(" ").trim();
}

async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

if (!existsSync(resolve(root, ".dev.vars"))) {
  copyFileSync(resolve(root, ".dev.vars.example"), resolve(root, ".dev.vars"));
  log("created .dev.vars from .dev.vars.example");
}

// The renderer probes and renders with the system's ffmpeg: without it every job would fail.
ensureSystemPrograms(["ffmpeg"], log);

log("applying local D1 migrations");
const persistArgs = persistTo ? ["--persist-to", persistTo] : [];
runOrExit(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persistArgs], { CI: "1" });

const appEnv = {
  PORT: String(port),
  RENDERER_URL: `http://127.0.0.1:${rendererPort}`,
  APP_ORIGIN: `http://localhost:${port}`,
  ...(persistTo ? { PERSIST_TO: resolve(root, persistTo) } : {}),
  CLOUDFLARE_INCLUDE_PROCESS_ENV: "false",
};
// Build before any child process starts, so a failed build leaves nothing running.
if (preview && !reuseBuild) {
  log("building for production (react-router build)");
  runOrExit(bin("react-router"), ["build"], appEnv);
}

if (production) {
  // What `wrangler deploy` uploads, run by wrangler's local runtime. The secrets come from their own
  // file (--env-file): the build's copy of .dev.vars (ENVIRONMENT=development) is then not read.
  const secrets = resolve(root, persistTo, "production.env");
  if (!existsSync(secrets)) {
    mkdirSync(resolve(root, persistTo), { recursive: true });
    writeFileSync(secrets, `SESSION_SECRET=${randomBytes(32).toString("hex")}\n`);
  }
  start(
    "app",
    bin("wrangler"),
    [
      "dev",
      ...["--config", "build/server/wrangler.json", "--env-file", secrets, "--persist-to", persistTo],
      ...["--ip", "localhost", "--port", String(port), "--var", `APP_ORIGIN:http://localhost:${port}`],
      "--show-interactive-dev-session=false",
    ],
    { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_INCLUDE_PROCESS_ENV: "false" },
  );
  await waitFor(`http://localhost:${port}/api/session`);
  log(`production build ready on http://localhost:${port} (ENVIRONMENT=production, no demo data)`);
} else {
  await startDevelopment();
}

async function startDevelopment() {
  log(`starting the renderer on http://127.0.0.1:${rendererPort} with ${ffmpegDescription()}`);
  // The renderer pulls its jobs from the app's development queue (ADR 014); until the app is up its pulls just fail and retry.
  // Killed mid-job, it is started again and releases the jobs it held at once (ADR 033).
  start(
    "renderer",
    node,
    [...RENDERER_NODE_FLAGS, "render-container/server.ts"],
    { PORT: String(rendererPort), QUEUE_PULL_URL: `http://localhost:${port}/api/render-queue` },
    { restart: true },
  );

  if (preview) {
    // The production build runs as production does: no trace collector inside workerd. Since this
    // wrangler, a local server streams every Worker invocation's spans to a collector worker in the
    // same workerd for the local explorer (X_LOCAL_OBSERVABILITY); production's traces leave the
    // Worker's process. It cost a D1-reading page ~1-2 ms of workerd CPU (ADR 027). `npm start`
    // (development) keeps it; X_LOCAL_OBSERVABILITY=true turns it back on here.
    start("app", bin("vite"), ["preview", "--port", String(port), "--strictPort"], {
      ...appEnv,
      X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
    });
  } else {
    start("app", bin("react-router"), ["dev", "--port", String(port), "--strictPort"], {
      ...appEnv,
      MINIFLARE_WORKERD_V8_FLAGS: workerdV8Flags(process.env.MINIFLARE_WORKERD_V8_FLAGS),
    });
  }

  const base = `http://localhost:${port}`;
  await waitFor(`${base}/api/session`);
  const seed = await (await fetch(`${base}/api/dev/seed`, { method: "POST" })).json();
  if (seed.seeded) {
    log("seeded demo data:");
    log(`  admin        ${seed.admin.email} / ${seed.admin.password}`);
    log(`  demo member  ${seed.member.email} / ${seed.member.password}`);
  } else {
    log("database already has users; not seeding (admin password is ADMIN_DEV_PASSWORD in .dev.vars)");
  }
  log(`app ready on ${base}  (dev outbox: ${base}/dev/mail; renderer: ${ffmpegDescription()})`);
}
