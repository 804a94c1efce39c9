// `npm run bench:compare -- --base <git ref>`: two production builds side by side, for a change
// too small to tell apart in two separate `bench:pages` runs (the method of ADR 027).
//
//  1. A git worktree of `--base` (default HEAD: the working tree's uncommitted change against
//     its commit) in a temporary folder, with this checkout's node_modules hard-linked into it.
//  2. Both built and started one after the other (`scripts/start.mjs --preview`, each with its own
//     ports and state under its own .wrangler/; one after the other, so each Vite plugin finds its
//     own inspector port).
//  3. On each server: the demo member signs in; then `--n` rounds in which every page of `--paths`
//     (as the member; a path written `!/signin` is asked without a cookie) and one static asset of
//     each server are asked once, in a shuffled order across both servers, so the machine's noise
//     falls on both alike. Each request's latency and the CPU it cost that server's workerd and
//     `vite preview` (from /proc, read outside its timed window, as `bench:pages --cpu`).
//  4. Reports p50s per server and page, each page's ratio to its own server's asset, and the
//     change (this − base). A difference smaller than the spread of two runs is noise: run it twice.
//
// Flags: --base <ref> (default HEAD), --paths /settings,!/signin (default), --n 300, --warmup 20.
// Ports 5311/5312, renderers 8811/8812 (`--port`, `--renderer-port`: the first of two).
// It measures and exits 0; 1 only when it could not measure.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import {
  appPlace,
  cpuMs,
  fmt,
  loadAverage,
  loadAverageBefore,
  loadAverageLine,
  p50,
  readFlags,
  root,
  runBench,
  serverProcesses,
  shuffle,
  signInMember,
  startApp,
  table,
} from "./lib.mjs";

const TAG = "bench/compare";
const flags = readFlags();
const N = flags.int("n", 300);
const WARMUP = flags.int("warmup", 20);
const BASE_REF = flags.string("base", "HEAD");
const PATHS = flags.string("paths", "/settings,!/signin").split(",").filter(Boolean);
const FIRST = appPlace({ port: 5311, rendererPort: 8811, persistTo: ".wrangler/compare" });

let worktree = null;

function makeWorktree(ref) {
  const commit = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], {
    cwd: root,
    encoding: "utf8",
  }).trim();
  const folder = mkdtempSync(join(tmpdir(), "bench-compare-"));
  execFileSync("git", ["worktree", "add", "--detach", folder, commit], { cwd: root, stdio: "ignore" });
  worktree = folder;
  // Hard links: seconds, no copy of the ~1 GB; nothing writes into node_modules.
  execFileSync("cp", ["-al", join(root, "node_modules"), join(folder, "node_modules")]);
  return { folder, commit };
}

function removeWorktree() {
  if (!worktree) return;
  try {
    execFileSync("git", ["worktree", "remove", "--force", worktree], { cwd: root, stdio: "ignore" });
  } catch {
    rmSync(worktree, { recursive: true, force: true });
  }
  worktree = null;
}

async function stylesheetOf(base) {
  const html = await (await fetch(`${base}/`)).text();
  const asset = html.match(/["'](\/assets\/[^"'\s]+\.css)["']/)?.[1];
  if (!asset) throw new Error(`${base}: no stylesheet in the HTML of /`);
  return asset;
}

async function main() {
  const base = makeWorktree(BASE_REF);
  const servers = [
    { name: "this", cwd: root, port: FIRST.port, rendererPort: FIRST.rendererPort },
    {
      name: `base ${base.commit.slice(0, 7)}`,
      cwd: base.folder,
      port: FIRST.port + 1,
      rendererPort: FIRST.rendererPort + 1,
    },
  ];
  for (const server of servers) {
    server.base = `http://localhost:${server.port}`;
    const app = await startApp(`${TAG} (${server.name})`, {
      preview: true,
      cwd: server.cwd,
      port: server.port,
      rendererPort: server.rendererPort,
      persistTo: FIRST.persistTo,
      seedTimeoutMs: 30_000,
      requireSeed: false,
    });
    server.processes = serverProcesses(app.pid);
    server.cookie = await signInMember(server.base);
    server.asset = await stylesheetOf(server.base);
  }

  const kinds = servers.flatMap((server) => [
    { server, label: "asset", url: server.asset, cookie: null },
    ...PATHS.map((path) => ({
      server,
      label: path,
      url: path.replace(/^!/, ""),
      cookie: path.startsWith("!") ? null : server.cookie,
    })),
  ]);
  for (const kind of kinds) Object.assign(kind, { latency: [], workerd: [], vite: [] });

  async function ask(kind) {
    const { processes } = kind.server;
    const workerd = cpuMs(processes.workerd);
    const vite = cpuMs(processes.vite);
    const start = performance.now();
    const response = await fetch(`${kind.server.base}${kind.url}`, {
      headers: kind.cookie ? { cookie: kind.cookie } : {},
      redirect: "manual",
    });
    await response.arrayBuffer();
    const latency = performance.now() - start;
    if (response.status !== 200) throw new Error(`${kind.server.name}: GET ${kind.url} answered ${response.status}`);
    return { latency, workerd: cpuMs(processes.workerd) - workerd, vite: cpuMs(processes.vite) - vite };
  }

  const loadBefore = loadAverageBefore(TAG);
  console.log(`${TAG}: warming up (${WARMUP} rounds), then ${N} rounds of ${kinds.length} requests, shuffled ...`);
  for (let i = 0; i < WARMUP; i++) for (const kind of shuffle(kinds)) await ask(kind);
  for (let i = 0; i < N; i++) {
    for (const kind of shuffle(kinds)) {
      const sample = await ask(kind);
      kind.latency.push(sample.latency);
      kind.workerd.push(sample.workerd);
      kind.vite.push(sample.vite);
    }
  }

  const rows = [];
  const byServer = new Map();
  for (const kind of kinds) {
    const asset = kinds.find((k) => k.server === kind.server && k.label === "asset");
    const stats = {
      latency: p50(kind.latency),
      ratio: p50(kind.latency) / p50(asset.latency),
      workerd: p50(kind.workerd),
      vite: p50(kind.vite),
    };
    byServer.set(`${kind.server.name} ${kind.label}`, stats);
    rows.push([
      kind.server.name,
      kind.label,
      fmt(stats.latency),
      kind.label === "asset" ? "1.00" : fmt(stats.ratio),
      fmt(stats.workerd),
      fmt(stats.vite),
    ]);
  }
  console.log(`\nLatency and server CPU per request, p50 of ${N} (ms); ${loadAverageLine(loadBefore, loadAverage())}`);
  console.log(table([["server", "request", "latency", "/ asset", "workerd CPU", "vite CPU"], ...rows]));

  const [self, other] = servers;
  const changes = ["asset", ...PATHS].map((label) => {
    const a = byServer.get(`${self.name} ${label}`);
    const b = byServer.get(`${other.name} ${label}`);
    const sign = (n) => (n >= 0 ? "+" : "") + fmt(n);
    return [
      label,
      sign(a.latency - b.latency),
      label === "asset" ? "" : `${fmt(b.ratio)} -> ${fmt(a.ratio)}`,
      sign(a.workerd - b.workerd),
      sign(a.vite - b.vite),
    ];
  });
  console.log(`\nThis build against ${other.name} (this − base; a difference within two runs' spread is noise)`);
  console.log(table([["request", "latency", "/ asset", "workerd CPU", "vite CPU"], ...changes]));
}

runBench(TAG, main, { cleanup: removeWorktree });
