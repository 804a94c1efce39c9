// `npm run bench:pages`: page latency and landing-page JS weight of the
// production build, measured on the same local server in one run.
//
//  1. Starts the built app (`node scripts/start.mjs --preview`: migrations,
//     `react-router build`, `vite preview` with the Worker in workerd, demo
//     seed) on PORT 5175 with its own state in .wrangler/bench.
//  2. Latency: N sequential GETs each of `/`, `/signin` and one static asset
//     of that server, interleaved in a shuffled order every round so machine
//     noise hits all three alike. Reports p50/p95 and p50(page)/p50(asset);
//     target <= 2.0. Page requests carry a stale session cookie, so both pages
//     do the D1 session lookup a returning visitor causes (`/` also reads the
//     active popup); `--no-cookie` measures a first visit instead.
//  3. JS weight: every module the HTML of `/` loads (module scripts, module
//     preloads, imports of inline module scripts) and, recursively, their
//     static imports; each fetched once, gzipped (level 9), summed; target
//     <= 100 KB.
//
// Flags: --n 300 (requests per URL), --warmup 20, --json (writes
// bench/results/pages.json), --no-cookie. Exits 0 when a target is missed:
// it is a measurement; it exits 1 only when it could not measure.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";

const root = resolve(import.meta.dirname, "..");
const PORT = 5175;
const RENDERER_PORT = 8790;
const PERSIST_TO = ".wrangler/bench";
const BASE = `http://localhost:${PORT}`;
const TARGET_RATIO = 2.0;
const TARGET_JS_KB = 100;

const argv = process.argv.slice(2);
function flag(name, fallback) {
  const i = argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = Number(argv[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive integer`);
  return value;
}
const N = flag("n", 300);
const WARMUP = flag("warmup", 20);
const JSON_OUT = argv.includes("--json");
const COOKIE = argv.includes("--no-cookie") ? null : "sid=bench-stale-session-0000000000";

// ---------------------------------------------------------------- server

let server = null;
const serverLog = [];

function startServer() {
  rmSync(resolve(root, PERSIST_TO), { recursive: true, force: true });
  server = spawn(process.execPath, ["scripts/start.mjs", "--preview"], {
    cwd: root,
    detached: true, // own process group: the renderer, vite and workerd die with it
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: String(PORT), RENDERER_PORT: String(RENDERER_PORT), PERSIST_TO },
  });
  const keep = (chunk) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) serverLog.push(line);
    if (serverLog.length > 400) serverLog.splice(0, serverLog.length - 400);
  };
  server.stdout.on("data", keep);
  server.stderr.on("data", keep);
  server.on("exit", (code, signal) => {
    server.exited = { code, signal };
  });
}

let stopping = null;
function stopServer() {
  stopping ??= killGroup();
  return stopping;
}

// The whole group, also when start.mjs itself already exited: it leaves the
// renderer running when the build fails.
async function killGroup() {
  if (!server?.pid) return;
  const pid = server.pid;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    return;
  }
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    try {
      process.kill(-pid, 0); // throws once no process of the group is left
    } catch {
      return;
    }
    await sleep(100);
  }
  try {
    process.kill(-pid, "SIGKILL");
  } catch {}
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitUntilReady(timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exited) throw new Error(`the app stopped before answering (${JSON.stringify(server.exited)})`);
    try {
      const response = await fetch(`${BASE}/api/me`);
      await response.arrayBuffer();
      if (response.status < 500) break;
    } catch {}
    await sleep(300);
  }
  if (Date.now() >= deadline) throw new Error(`${BASE}/api/me did not answer within ${timeoutMs / 1000}s`);
  // start.mjs seeds demo data right after /api/me answers; let that finish so
  // it does not land in the measurements.
  const seedDeadline = Date.now() + 30_000;
  while (Date.now() < seedDeadline && !serverLog.some((l) => l.includes("app ready on"))) await sleep(200);
}

// ---------------------------------------------------------------- helpers

async function get(path, { cookie = false } = {}) {
  const headers = cookie && COOKIE ? { cookie: COOKIE } : {};
  const response = await fetch(`${BASE}${path}`, { headers, redirect: "manual" });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) {
    const hint = path.startsWith("/assets/")
      ? " (was build/ rebuilt meanwhile by another `start.mjs --preview`, e.g. the e2e suite? Run the bench alone.)"
      : "";
    throw new Error(`GET ${path} answered ${response.status}${hint}`);
  }
  return { response, body };
}

async function timed(path, options) {
  const start = performance.now();
  await get(path, options);
  return performance.now() - start;
}

function percentile(sorted, p) {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

function shuffle(items) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

const kb = (bytes) => bytes / 1024;
const fmt = (n, digits = 2) => n.toFixed(digits);
const verdict = (ok) => (ok ? "\x1b[32mPASS\x1b[0m" : "\x1b[31mMISS\x1b[0m");

function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows
    .map((r, i) => {
      const line = r.map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c])));
      return line.join("  ") + (i === 0 ? `\n${widths.map((w) => "-".repeat(w)).join("  ")}` : "");
    })
    .join("\n");
}

// ---------------------------------------------------------------- JS weight

// Module specifiers in minified ESM: `import{a}from"./x.js"`, `export*from"./x.js"`,
// `import"./x.js"` (static) and `import("./x.js")` (dynamic, literal only).
const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["']([^"'\s]+\.m?js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"'\s]+\.m?js)["']\s*\)/g;

function attr(tag, name) {
  const match = tag.match(new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  return match ? (match[1] ?? match[2] ?? match[3]) : null;
}

function entryModules(html) {
  const urls = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (attr(tag, "type") === "module" && attr(tag, "src")) urls.add(attr(tag, "src"));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if ((attr(tag, "rel") ?? "").toLowerCase() === "modulepreload" && attr(tag, "href")) urls.add(attr(tag, "href"));
  }
  // React Router's inline module scripts import the manifest, the client
  // entry and the matched route modules.
  for (const [, open, body] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    if (attr(open, "type") !== "module" || attr(open, "src")) continue;
    for (const [, spec] of body.matchAll(STATIC_IMPORT)) urls.add(spec);
    for (const [, spec] of body.matchAll(DYNAMIC_IMPORT)) urls.add(spec);
  }
  return [...urls].map((u) => new URL(u, `${BASE}/`).pathname);
}

async function landingJs(html) {
  const modules = new Map(); // path -> { raw, gzip, via }
  const dynamicOnly = new Set();
  const queue = entryModules(html).map((path) => ({ path, via: "html" }));
  while (queue.length) {
    const { path, via } = queue.shift();
    if (modules.has(path)) continue;
    const { body } = await get(path);
    modules.set(path, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length, via });
    const source = body.toString("utf8");
    const base = new URL(path, `${BASE}/`);
    for (const [, spec] of source.matchAll(STATIC_IMPORT)) {
      queue.push({ path: new URL(spec, base).pathname, via: path });
    }
    for (const [, spec] of source.matchAll(DYNAMIC_IMPORT)) dynamicOnly.add(new URL(spec, base).pathname);
  }
  for (const path of modules.keys()) dynamicOnly.delete(path);
  const list = [...modules].map(([path, m]) => ({ path, ...m })).sort((a, b) => b.gzip - a.gzip);
  return {
    modules: list,
    rawBytes: list.reduce((s, m) => s + m.raw, 0),
    gzipBytes: list.reduce((s, m) => s + m.gzip, 0),
    lazyNotCounted: [...dynamicOnly],
  };
}

// ---------------------------------------------------------------- main

async function main() {
  console.log(`bench/pages: starting the production build on ${BASE} (state in ${PERSIST_TO}) ...`);
  const bootStart = performance.now();
  startServer();
  await waitUntilReady();
  console.log(`bench/pages: app ready after ${fmt((performance.now() - bootStart) / 1000, 1)} s (build included)`);

  const { body: homeBody } = await get("/", { cookie: true });
  const html = homeBody.toString("utf8");
  const assetUrls = [...html.matchAll(/["'](\/assets\/[^"'\s]+\.(?:js|css))["']/g)].map((m) => m[1]);
  // Prefer the stylesheet: a plain static file, no module graph involved.
  const asset = assetUrls.find((u) => u.endsWith(".css")) ?? assetUrls[0];
  if (!asset) throw new Error("no /assets/*.js or *.css URL in the HTML of /");
  const { body: assetBody } = await get(asset);

  const targets = [
    { name: "/", path: "/", cookie: true },
    { name: "/signin", path: "/signin", cookie: true },
    { name: `asset ${asset}`, path: asset, cookie: false, bytes: assetBody.length },
  ];

  const loadBefore = loadavg()[0];
  if (loadBefore > cpus().length / 2) {
    console.log(`bench/pages: note: 1-min load average is ${fmt(loadBefore)} on ${cpus().length} CPUs; figures will be noisy`);
  }
  console.log(`bench/pages: warming up (${WARMUP} requests each) ...`);
  for (let i = 0; i < WARMUP; i++) for (const t of shuffle(targets)) await timed(t.path, t);

  console.log(`bench/pages: measuring ${N} sequential requests each, interleaved ...`);
  const samples = new Map(targets.map((t) => [t.path, []]));
  for (let i = 0; i < N; i++) {
    for (const t of shuffle(targets)) samples.get(t.path).push(await timed(t.path, t));
  }

  const stats = targets.map((t) => {
    const sorted = samples.get(t.path).sort((a, b) => a - b);
    return {
      name: t.name,
      path: t.path,
      n: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      min: sorted[0],
      max: sorted[sorted.length - 1],
    };
  });
  const loadAfter = loadavg()[0];
  const assetP50 = stats[2].p50;
  const ratios = stats.slice(0, 2).map((s) => ({ path: s.path, ratio: s.p50 / assetP50 }));

  console.log("bench/pages: weighing the landing page's JS ...");
  const js = await landingJs(html);

  // ------------------------------------------------------------ report
  console.log("");
  console.log(`Latency, ${N} sequential GETs per URL, interleaved (ms)${COOKIE ? ", pages with a stale session cookie" : ""}`);
  console.log(`(1-min load average ${fmt(loadBefore)} before, ${fmt(loadAfter)} after; ${cpus().length} CPUs)`);
  console.log(
    table([
      ["URL", "p50", "p95", "min", "max", "p50 / asset p50"],
      ...stats.map((s, i) => [
        s.name,
        fmt(s.p50),
        fmt(s.p95),
        fmt(s.min),
        fmt(s.max),
        i < 2 ? fmt(ratios[i].ratio) : "1.00",
      ]),
    ]),
  );
  console.log("");
  console.log(`Landing page JS (${js.modules.length} modules, gzip level 9)`);
  console.log(
    table([
      ["module", "raw KB", "gzip KB"],
      ...js.modules.map((m) => [m.path, fmt(kb(m.raw), 1), fmt(kb(m.gzip), 1)]),
      ["total", fmt(kb(js.rawBytes), 1), fmt(kb(js.gzipBytes), 1)],
    ]),
  );
  if (js.lazyNotCounted.length) {
    console.log(`(not counted, only imported dynamically: ${js.lazyNotCounted.join(", ")})`);
  }

  const checks = [
    ...ratios.map((r) => ({
      target: `p50(${r.path}) / p50(asset) <= ${fmt(TARGET_RATIO, 1)}`,
      value: fmt(r.ratio),
      pass: r.ratio <= TARGET_RATIO,
    })),
    {
      target: `landing page JS gzip <= ${TARGET_JS_KB} KB`,
      value: `${fmt(kb(js.gzipBytes), 1)} KB`,
      pass: kb(js.gzipBytes) <= TARGET_JS_KB,
    },
  ];
  console.log("");
  console.log("Targets");
  for (const c of checks) console.log(`  ${verdict(c.pass)}  ${c.target}   (measured ${c.value})`);
  const jsOver = kb(js.gzipBytes) - TARGET_JS_KB;
  if (jsOver > 0) console.log(`  JS is ${fmt(jsOver, 1)} KB (${fmt((jsOver / TARGET_JS_KB) * 100, 0)} %) over the target.`);

  if (JSON_OUT) {
    const out = resolve(root, "bench/results/pages.json");
    mkdirSync(resolve(root, "bench/results"), { recursive: true });
    writeFileSync(
      out,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, platform: process.platform },
          n: N,
          warmup: WARMUP,
          staleSessionCookie: Boolean(COOKIE),
          loadAverage: { before: loadBefore, after: loadAfter },
          asset,
          latencyMs: stats,
          ratios,
          js: { ...js, gzipKB: kb(js.gzipBytes), rawKB: kb(js.rawBytes) },
          targets: checks,
        },
        null,
        2,
      ) + "\n",
    );
    console.log(`\nbench/pages: wrote ${out}`);
  }
}

let failed = false;
let interrupted = false;
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]]) {
  process.on(signal, async () => {
    interrupted = true;
    console.error(`\nbench/pages: ${signal}, stopping the app`);
    await stopServer();
    process.exit(code);
  });
}
try {
  await main();
} catch (error) {
  if (interrupted) await new Promise(() => {}); // the signal handler exits
  failed = true;
  console.error(`\nbench/pages: ${error.stack ?? error}`);
  if (serverLog.length) console.error(`--- last app output ---\n${serverLog.slice(-40).join("\n")}`);
} finally {
  await stopServer();
}
process.exit(failed ? 1 : 0);
