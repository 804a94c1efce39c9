// `npm run bench:upload`: a 1 GiB file (`--mib`) through the signed-URL upload path of
// the dev server, against the same bytes PUT to a bare local HTTP sink in the
// same run, and the dev server's memory growth while it streams.
//
//  1. Starts the dev app (`node scripts/start.mjs`: migrations, renderer,
//     `react-router dev` with the Worker in workerd, demo seed) on PORT 5176
//     with its own state in .wrangler/bench-upload, and signs in as the demo
//     member.
//  2. Makes bench/results/upload-<mib>m.bin once (a 1 MiB random block repeated;
//     the first bytes are an MP4 `ftyp` box, so completion accepts it as
//     video/mp4).
//  3. Signed path: POST /api/uploads (1 GiB > 100 MB, so multipart, 16 MiB
//     parts) → PUT every part to its signed URL, 4 at a time like the browser
//     client, each streamed from disk, ETag reported with POST
//     /api/uploads/:id/parts → POST /api/uploads/:id/complete. Timed from the
//     sign request to the complete answer.
//     Baseline: the same parts, same concurrency, same fetch code, PUT to a
//     bare node:http server in this process that discards the bytes.
//     Rounds alternate baseline, signed, baseline, signed …; it reports best
//     and median MiB/s of each and the ratio signed/baseline; target >= 0.7.
//  4. Memory: every 200 ms during each signed upload, the RSS (VmRSS) of every
//     process in the dev server's process group (start.mjs, renderer, the
//     `react-router dev` launcher and its vite child, workerd) and their sum.
//     Growth = peak during the upload − the sample right before it; target
//     <= 64 MiB. The same samples give each process's CPU seconds (utime +
//     stime) during the upload, to show where the time goes. Every completed
//     video upload queues a probe job (ffprobe reads the file back through a
//     signed GET URL); the script waits for it before the next round (asking
//     again when the dev server answers that poll with a 5xx) and reports its
//     memory separately.
//
// Flags: --rounds 2 (uploads per path), --mib 1024, --concurrency 4, --port
// 5176 / --renderer-port (port + 1), --json (writes bench/results/upload.json),
// --keep-state (keep .wrangler/bench-upload at the end; it holds every
// uploaded copy, one file's size per round). Exits 0 when a
// target is missed: it is a measurement; it exits 1 only when it could not
// measure.
import { randomBytes } from "node:crypto";
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { totalmem } from "node:os";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import {
  apiClient,
  DEMO_MEMBER,
  groupProcesses,
  loadAverage,
  loadAverageBefore,
  loadAverageLine,
  MiB,
  median,
  pool,
  printTargets,
  RESULTS,
  RequestFailed,
  readFlags,
  root,
  runBench,
  sleep,
  startApp,
  startGroup,
  table,
  writeResults,
} from "./lib.mjs";

const flags = readFlags();
const TAG = "bench/upload";
const PORT = flags.int("port", 5176);
const RENDERER_PORT = flags.int("renderer-port", PORT + 1);
const PERSIST_TO = ".wrangler/bench-upload";
const BASE = `http://localhost:${PORT}`;
const ORIGIN = BASE;
const FILE_MIB = flags.int("mib", 1024);
const FILE_SIZE = FILE_MIB * MiB;
const FILE_PATH = resolve(root, `bench/results/upload-${FILE_MIB}m.bin`);
// app/lib/schemas/files.ts and app/lib/uploads/multipart.ts
const MULTIPART_THRESHOLD = 100 * 1024 * 1024;
const PART_SIZE = 16 * MiB;
const PART_CONCURRENCY = flags.int("concurrency", 4);
const READ_CHUNK = MiB; // highWaterMark of the part read streams (both paths)
const SAMPLE_MS = 200;
const TARGET_RATIO = 0.7;
const TARGET_GROWTH_MIB = 64;
const MP4_HEADER = Buffer.from([0, 0, 0, 0x20, ...Buffer.from("ftypisom")]);

const ROUNDS = flags.int("rounds", 2);
const JSON_OUT = flags.has("json");
const KEEP_STATE = flags.has("keep-state");

const fmt = (n, digits = 1) => n.toFixed(digits); // one decimal unless told

// ---------------------------------------------------------------- process memory

function rssKiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = status.match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Number(match[1]) : 0; // zombies have no VmRSS
  } catch {
    return 0;
  }
}

const names = new Map(); // pid → short name
function processName(pid) {
  if (names.has(pid)) return names.get(pid);
  let name = `pid ${pid}`;
  try {
    const comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    const args = cmdline.slice(1).join(" ");
    if (comm === "workerd" || /workerd/.test(cmdline[0] ?? "")) name = "workerd";
    else if (args.includes("scripts/start.mjs")) name = "start.mjs";
    else if (args.includes("render-container/server.ts")) name = "renderer";
    // `react-router dev` relaunches itself with --conditions=development: the
    // child is the vite dev server, the parent only waits for it.
    else if (args.includes("react-router") && args.includes("dev")) {
      name = cmdline.includes("--conditions=development") ? "vite dev server" : "react-router launcher";
    } else if (args.includes("esbuild")) name = "esbuild";
    else name = `${comm} ${args}`.slice(0, 40);
  } catch {}
  names.set(pid, name);
  return name;
}

/** One sample: total RSS of the group and per process (MiB), and CPU seconds used so far per process. */
function sampleGroup(pgid) {
  const perProcess = {};
  const cpu = {};
  let total = 0;
  for (const { pid, cpuMs } of groupProcesses(pgid)) {
    const kib = rssKiB(pid);
    if (!kib) continue;
    const name = processName(pid);
    perProcess[name] = (perProcess[name] ?? 0) + kib / 1024;
    cpu[name] = (cpu[name] ?? 0) + cpuMs / 1000;
    total += kib / 1024;
  }
  return { t: performance.now(), total, perProcess, cpu };
}

/** Samples every SAMPLE_MS until stopped; returns all samples. */
function startSampler(pgid) {
  const samples = [sampleGroup(pgid)];
  const timer = setInterval(() => samples.push(sampleGroup(pgid)), SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      samples.push(sampleGroup(pgid));
      return samples;
    },
  };
}

// ---------------------------------------------------------------- test file

function fileIsReady() {
  if (!existsSync(FILE_PATH) || statSync(FILE_PATH).size !== FILE_SIZE) return false;
  const fd = openSync(FILE_PATH, "r");
  const head = Buffer.alloc(MP4_HEADER.length);
  readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  return head.equals(MP4_HEADER);
}

function makeFile() {
  if (fileIsReady()) return false;
  mkdirSync(RESULTS, { recursive: true });
  const block = randomBytes(MiB);
  const first = Buffer.from(block);
  MP4_HEADER.copy(first, 0);
  const fd = openSync(FILE_PATH, "w");
  try {
    for (let i = 0; i < FILE_SIZE / MiB; i++) writeSync(fd, i === 0 ? first : block);
  } finally {
    closeSync(fd);
  }
  return true;
}

// ---------------------------------------------------------------- HTTP helpers

const { request, must, signIn } = apiClient(BASE);
let cookie = ""; // the demo member's session

/**
 * PUTs the parts (slices of the file on disk, streamed) to their URLs,
 * PART_CONCURRENCY at a time; `after(part, etag)` runs once a part is stored.
 */
async function putParts(parts, after = async () => {}, partSize = PART_SIZE) {
  await pool(parts, PART_CONCURRENCY, async (part) => {
    // As the browser client: a part whose PUT or report fails with a network
    // error or a 5xx is sent again (up to 3 times); every retry is counted.
    for (let attempt = 0; ; attempt++) {
      try {
        await putPart(part, partSize, after);
        return;
      } catch (error) {
        if (attempt >= 3 || !(error instanceof RequestFailed) || !error.retriable) throw error;
        retries.push({ partNumber: part.partNumber, error: error.message.slice(0, 200) });
      }
    }
  });
}

const retries = []; // parts sent again, with why

async function putPart(part, partSize, after) {
  const start = (part.partNumber - 1) * partSize;
  const body = createReadStream(FILE_PATH, { start, end: start + part.size - 1, highWaterMark: READ_CHUNK });
  let response;
  try {
    response = await fetch(part.url, {
      method: "PUT",
      body,
      duplex: "half",
      headers: { ...part.headers, "content-length": String(part.size), origin: ORIGIN },
    });
  } catch (error) {
    throw Object.assign(new RequestFailed(`PUT part ${part.partNumber}: ${error.message}`), { retriable: true });
  }
  const text = await response.text();
  if (response.status !== 200) {
    throw Object.assign(
      new RequestFailed(
        `PUT part ${part.partNumber} (${part.size} bytes) to ${part.url.slice(0, 80)}… answered ${response.status}: ${text.slice(0, 500)}`,
      ),
      { retriable: response.status >= 500 },
    );
  }
  const etag = response.headers.get("etag");
  if (!etag) throw new RequestFailed(`PUT part ${part.partNumber} answered no ETag`);
  try {
    await after(part, etag);
  } catch (error) {
    if (error instanceof RequestFailed && / answered 5\d\d /.test(error.message)) error.retriable = true;
    throw error;
  }
}

// ---------------------------------------------------------------- the two paths

// The bare sink runs as a process of its own (its own process group), so its
// memory growth is measured the same way as the dev server's, side by side.
const SINK_SOURCE = `
const { createServer } = require("node:http");
let received = 0;
const sink = createServer((req, res) => {
  if (req.method === "GET") { res.end(String(received)); return; }
  if (req.url === "/reset") received = 0;
  let bytes = 0;
  req.on("data", (chunk) => (bytes += chunk.length));
  req.on("end", () => {
    received += bytes;
    res.writeHead(200, { etag: '"sink-' + bytes + '"', "content-length": "0" });
    res.end();
  });
});
sink.keepAliveTimeout = 60000;
sink.listen(0, "127.0.0.1", () => console.log("sink listening " + sink.address().port));
`;

/** The bare sink: discards request bodies, counts bytes, answers 200 with an ETag. */
async function startSink() {
  let port = 0;
  const group = startGroup("sink", process.execPath, ["-e", SINK_SOURCE], {
    onLine(line) {
      const match = line.match(/sink listening (\d+)/);
      if (match) port = Number(match[1]);
    },
  });
  const deadline = Date.now() + 10_000;
  while (!port && Date.now() < deadline) await sleep(50);
  if (!port) throw new Error("the bare sink did not start");
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pgid: group.pid,
    received: async () => Number(await (await fetch(`${url}/received`)).text()),
    reset: async () => void (await fetch(`${url}/reset`, { method: "PUT", body: "" })),
  };
}

function plannedParts(size) {
  const count = Math.ceil(size / PART_SIZE);
  return Array.from({ length: count }, (_, i) => ({
    partNumber: i + 1,
    size: Math.min(PART_SIZE, size - i * PART_SIZE),
  }));
}

async function baselineRound(sink) {
  await sink.reset();
  await sleep(1000);
  const sampler = startSampler(sink.pgid);
  const parts = plannedParts(FILE_SIZE).map((p) => ({
    ...p,
    url: `${sink.url}/put/part-${p.partNumber}`,
    headers: {},
  }));
  const cpu = process.cpuUsage();
  const start = performance.now();
  let samples;
  try {
    await putParts(parts);
  } finally {
    samples = sampler.stop();
  }
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const received = await sink.received();
  if (received !== FILE_SIZE) throw new Error(`the sink received ${received} of ${FILE_SIZE} bytes`);
  const peak = Math.max(...samples.map((sample) => sample.total));
  return {
    ms,
    mibps: FILE_SIZE / MiB / (ms / 1000),
    benchCpuSeconds: (used.user + used.system) / 1e6,
    memory: { before: samples[0].total, peak, growth: peak - samples[0].total },
  };
}

async function signedUpload(size, fileName = "bench.mp4") {
  const t0 = performance.now();
  const signed = await must(201, "/api/uploads", {
    cookie,
    json: { purpose: "project-file", fileName, contentType: "video/mp4", size, projectTitle: "Bench" },
  });
  const ticket = signed.data;
  const t1 = performance.now();
  let partCount = 1;
  if (ticket.multipart) {
    partCount = ticket.multipart.parts.length;
    if (ticket.multipart.partSize !== PART_SIZE) {
      console.log(
        `bench/upload: note: the server's part size is ${ticket.multipart.partSize} bytes, not ${PART_SIZE}; the baseline still uses ${PART_SIZE}`,
      );
    }
    await putParts(
      ticket.multipart.parts,
      async (part, etag) => {
        await must(204, `/api/uploads/${ticket.uploadId}/parts`, {
          cookie,
          json: { partNumber: part.partNumber, etag },
        });
      },
      ticket.multipart.partSize,
    );
  } else if (ticket.put) {
    await putParts([{ ...ticket.put, partNumber: 1, size }]);
  } else {
    throw new Error(`the ticket has neither put nor multipart: ${signed.text.slice(0, 300)}`);
  }
  const t2 = performance.now();
  const done = await must(201, `/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
  const t3 = performance.now();
  const record = done.data;
  return {
    ms: t3 - t0,
    mibps: size / MiB / ((t3 - t0) / 1000),
    signMs: t1 - t0,
    partsMs: t2 - t1,
    completeMs: t3 - t2,
    multipart: Boolean(ticket.multipart),
    partCount,
    fileId: record.fileId,
    probeStatus: record.probeStatus,
  };
}

/** The probe job of a completed video runs after complete; let it finish before the next round. */
async function waitForProbe(fileId, timeoutMs = 120_000) {
  const start = performance.now();
  let status = "unknown";
  const errors = [];
  while (performance.now() - start < timeoutMs) {
    const view = await request(`/api/files/${fileId}`, { cookie });
    // A 5xx of the dev server while the probe streams the file is noted and asked again (as a page
    // would): stopping here would let the probe's read-back overlap the next round's upload.
    if (view.status >= 500 && errors.length < 20) {
      errors.push(`${view.status}: ${view.text.replace(/\s+/g, " ").slice(0, 200)}`);
      await sleep(500);
      continue;
    }
    if (view.status !== 200)
      return { status: `GET /api/files answered ${view.status}`, ms: performance.now() - start, errors };
    status = view.data?.file?.probeStatus ?? "unknown";
    if (!["queued", "running", "pending"].includes(status)) break;
    await sleep(500);
  }
  return { status, ms: performance.now() - start, errors };
}

async function signedRound(pgid) {
  // Settle, then take the "before" sample right before the sign request.
  await sleep(1000);
  const sampler = startSampler(pgid);
  const cpu = process.cpuUsage();
  let result;
  let samples;
  try {
    result = await signedUpload(FILE_SIZE);
  } finally {
    samples = sampler.stop();
  }
  const used = process.cpuUsage(cpu);
  result.benchCpuSeconds = (used.user + used.system) / 1e6;
  const before = samples[0];
  const end = samples.at(-1);
  const peak = samples.reduce((a, b) => (b.total > a.total ? b : a));
  const names = [...new Set(samples.flatMap((s) => Object.keys(s.perProcess)))];
  const perProcess = Object.fromEntries(
    names.map((name) => {
      const b = before.perProcess[name] ?? 0;
      const p = Math.max(...samples.map((s) => s.perProcess[name] ?? 0));
      const cpu = (end.cpu[name] ?? 0) - (before.cpu[name] ?? 0);
      return [name, { before: b, peak: p, growth: p - b, after: end.perProcess[name] ?? 0, cpuSeconds: cpu }];
    }),
  );
  // Not part of the upload, but it follows every video upload: the probe job
  // (the renderer's ffprobe reads the file through a signed GET URL of the
  // same dev server). Sampled separately so it does not count as upload growth.
  const probeSampler = startSampler(pgid);
  const probe = await waitForProbe(result.fileId);
  const probeSamples = probeSampler.stop();
  const probeEnd = probeSamples.at(-1);
  probe.memory = {
    before: probeSamples[0].total,
    peak: Math.max(...probeSamples.map((s) => s.total)),
    after: probeEnd.total,
    perProcess: Object.fromEntries(
      names.map((name) => [
        name,
        {
          peak: Math.max(...probeSamples.map((s) => s.perProcess[name] ?? 0)),
          after: probeEnd.perProcess[name] ?? 0,
          cpuSeconds: (probeEnd.cpu[name] ?? 0) - (probeSamples[0].cpu[name] ?? 0),
        },
      ]),
    ),
  };
  return {
    ...result,
    memory: {
      samples: samples.length,
      before: before.total,
      peak: peak.total,
      growth: peak.total - before.total,
      after: end.total,
      perProcess,
      // [seconds since the sign request, whole group MiB, MiB per process]
      timeline: samples.map((s) => [
        Number(((s.t - before.t) / 1000).toFixed(2)),
        Number(s.total.toFixed(1)),
        Object.fromEntries(Object.entries(s.perProcess).map(([n, v]) => [n, Number(v.toFixed(1))])),
      ]),
    },
    probe,
  };
}

// ---------------------------------------------------------------- main

async function main() {
  if (process.platform !== "linux") throw new Error("the memory sampling reads /proc: Linux only");
  const fileStart = performance.now();
  if (makeFile())
    console.log(
      `bench/upload: wrote ${FILE_PATH} (${FILE_MIB} MiB) in ${fmt((performance.now() - fileStart) / 1000)} s`,
    );
  else console.log(`bench/upload: reusing ${FILE_PATH}`);
  if (FILE_SIZE <= MULTIPART_THRESHOLD) throw new Error("the test file would not be multipart");

  const app = await startApp(TAG, { preview: false, port: PORT, rendererPort: RENDERER_PORT, persistTo: PERSIST_TO });
  const pgid = app.pid;
  cookie = (await signIn(DEMO_MEMBER)).cookie;

  const sink = await startSink();
  console.log(`bench/upload: bare sink on ${sink.url}`);

  // Warm-up: one small single-PUT upload through the app (loads the upload
  // and storage routes in the dev server) and one part to the sink.
  const warm = await signedUpload(4 * MiB, "warmup.mp4");
  await waitForProbe(warm.fileId, 30_000);
  await putParts([{ partNumber: 1, size: 4 * MiB, url: `${sink.url}/put/warmup`, headers: {} }]);

  const loadBefore = loadAverageBefore(TAG);

  const baseline = [];
  const signed = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`bench/upload: round ${round}/${ROUNDS}: baseline (bare sink) ...`);
    const b = await baselineRound(sink);
    baseline.push(b);
    console.log(`bench/upload:   baseline ${fmt(b.ms / 1000, 2)} s, ${fmt(b.mibps)} MiB/s`);
    console.log(`bench/upload: round ${round}/${ROUNDS}: signed-URL path (dev server) ...`);
    const s = await signedRound(pgid);
    signed.push(s);
    console.log(
      `bench/upload:   signed ${fmt(s.ms / 1000, 2)} s, ${fmt(s.mibps)} MiB/s; RSS ${fmt(s.memory.before)} → peak ${fmt(s.memory.peak)} MiB (+${fmt(s.memory.growth)}); probe ${s.probe.status} after ${fmt(s.probe.ms / 1000)} s`,
    );
    for (const error of s.probe.errors ?? [])
      console.log(`bench/upload:   (while the probe ran, GET /api/files answered ${error})`);
  }
  const loadAfter = loadAverage();

  // ------------------------------------------------------------ report
  const bBest = Math.max(...baseline.map((r) => r.mibps));
  const sBest = Math.max(...signed.map((r) => r.mibps));
  const bMedian = median(baseline.map((r) => r.mibps));
  const sMedian = median(signed.map((r) => r.mibps));
  const ratio = sMedian / bMedian;
  const ratioBest = sBest / bBest;
  const growth = Math.max(...signed.map((r) => r.memory.growth));
  const sinkGrowth = Math.max(...baseline.map((r) => r.memory.growth));
  const growthOverall = Math.max(...signed.map((r) => r.memory.peak)) - signed[0].memory.before;

  console.log("");
  console.log(
    `${FILE_MIB} MiB, ${plannedParts(FILE_SIZE).length} parts of 16 MiB, ${PART_CONCURRENCY} at a time, ${ROUNDS} round${ROUNDS === 1 ? "" : "s"} of each, alternating (MiB/s)`,
  );
  console.log(loadAverageLine(loadBefore, loadAfter));
  console.log(
    table([
      ["path", ...signed.map((_, i) => `round ${i + 1}`), "best", "median"],
      ["bare sink", ...baseline.map((r) => fmt(r.mibps)), fmt(bBest), fmt(bMedian)],
      ["signed URL (dev)", ...signed.map((r) => fmt(r.mibps)), fmt(sBest), fmt(sMedian)],
    ]),
  );
  console.log("");
  console.log("RSS growth during each upload (MiB): the dev server's process group and the bare sink's process");
  console.log(
    table([
      ["path", ...signed.map((_, i) => `round ${i + 1}`), "worst"],
      ["bare sink", ...baseline.map((r) => fmt(r.memory.growth)), fmt(sinkGrowth)],
      ["signed URL (dev)", ...signed.map((r) => fmt(r.memory.growth)), fmt(growth)],
    ]),
  );
  console.log("");
  console.log("Signed path, time split (s)");
  console.log(
    table([
      [
        "round",
        "sign",
        "parts (PUT + report)",
        "complete",
        "total",
        "bench client CPU s",
        "(bare sink: s / client+sink CPU s)",
      ],
      ...signed.map((r, i) => [
        String(i + 1),
        fmt(r.signMs / 1000, 2),
        fmt(r.partsMs / 1000, 2),
        fmt(r.completeMs / 1000, 2),
        fmt(r.ms / 1000, 2),
        fmt(r.benchCpuSeconds, 1),
        `${fmt(baseline[i].ms / 1000, 2)} / ${fmt(baseline[i].benchCpuSeconds, 1)}`,
      ]),
    ]),
  );
  console.log("");
  console.log(`Dev server during the signed uploads: RSS (MiB, sampled every ${SAMPLE_MS} ms) and CPU seconds used`);
  const procNames = [...new Set(signed.flatMap((r) => Object.keys(r.memory.perProcess)))].sort();
  const zero = { before: 0, peak: 0, growth: 0, after: 0, cpuSeconds: 0 };
  for (const [i, r] of signed.entries()) {
    console.log(`round ${i + 1} (${fmt(r.ms / 1000, 1)} s)`);
    console.log(
      table([
        ["process", "before", "peak", "growth", "at end", "CPU s"],
        ...procNames.map((name) => {
          const p = r.memory.perProcess[name] ?? zero;
          return [name, fmt(p.before), fmt(p.peak), fmt(p.growth), fmt(p.after), fmt(p.cpuSeconds)];
        }),
        [
          "whole group",
          fmt(r.memory.before),
          fmt(r.memory.peak),
          fmt(r.memory.growth),
          fmt(r.memory.after),
          fmt(Object.values(r.memory.perProcess).reduce((sum, p) => sum + p.cpuSeconds, 0)),
        ],
      ]),
    );
  }
  console.log("");
  console.log(
    "After each upload: the probe job (renderer's ffprobe reads the file through a signed GET URL), not counted above",
  );
  console.log(
    table([
      ["round", "status", "s", "RSS before", "peak", "after", ...procNames.map((n) => `${n.split(" ")[0]} after`)],
      ...signed.map((r, i) => [
        String(i + 1),
        r.probe.status,
        fmt(r.probe.ms / 1000),
        fmt(r.probe.memory.before),
        fmt(r.probe.memory.peak),
        fmt(r.probe.memory.after),
        ...procNames.map((n) => fmt(r.probe.memory.perProcess[n]?.after ?? 0)),
      ]),
    ]),
  );
  console.log(`(growth from before round 1 to the highest peak of all rounds: ${fmt(growthOverall)} MiB)`);

  const checks = [
    {
      target: `signed / bare sink throughput (median) >= ${TARGET_RATIO}`,
      value: `${fmt(ratio, 2)} (${fmt(sMedian)} / ${fmt(bMedian)} MiB/s; best ${fmt(ratioBest, 2)})`,
      pass: ratio >= TARGET_RATIO,
    },
    {
      target: `dev server RSS growth during an upload <= ${TARGET_GROWTH_MIB} MiB`,
      value: `${fmt(growth)} MiB (worst round, whole process group; the bare sink process: ${fmt(sinkGrowth)} MiB)`,
      pass: growth <= TARGET_GROWTH_MIB,
    },
  ];
  printTargets(checks);
  if (retries.length) {
    console.log(`${retries.length} part(s) had to be sent again (as the browser would):`);
    for (const retry of retries) console.log(`  part ${retry.partNumber}: ${retry.error}`);
  }

  if (JSON_OUT) {
    writeResults(
      TAG,
      "upload.json",
      {
        fileBytes: FILE_SIZE,
        partSize: PART_SIZE,
        concurrency: PART_CONCURRENCY,
        rounds: ROUNDS,
        loadAverage: { before: loadBefore, after: loadAfter },
        baseline,
        signed,
        summary: {
          baselineBest: bBest,
          baselineMedian: bMedian,
          signedBest: sBest,
          signedMedian: sMedian,
          ratio,
          ratioBest,
          growthMiB: growth,
          sinkGrowthMiB: sinkGrowth,
          growthOverallMiB: growthOverall,
        },
        targets: checks,
        retries,
      },
      { machine: { memMiB: Math.round(totalmem() / MiB) } },
    );
  }
}

await runBench(TAG, main, {
  describeError: (error) =>
    error instanceof RequestFailed ? `upload path failed: ${error.message}` : (error.stack ?? error),
  cleanup() {
    // The state holds every uploaded copy, ~0.5 GiB per round.
    if (!KEEP_STATE) rmSync(resolve(root, PERSIST_TO), { recursive: true, force: true });
  },
});
