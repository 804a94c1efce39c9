// `npm run bench:render`: the renderer's `render` job (render-container/,
// POST /jobs/render) against a bare ffmpeg join that makes the same kind of
// file, timed side by side in one run, at 6 × 20 s and (with --large) also at
// 6 × 5 min of 720p (about 1.3 GB).
//
//  1. Makes the clips once per size in bench/results/render-input-<N>x<S>s/
//     (git ignores bench/results): N alike H.264/AAC MP4s, 1280x720 at 30 fps,
//     ~6 Mbit/s video with film-grain noise so the sizes are realistic,
//     128 kbit/s stereo AAC, each with its own tone, moov at the end as
//     cameras write it. A clip longer than 20 s is its 20 s base clip joined
//     to itself by stream copy (seconds, not the minutes an encode would
//     take). Reused while the settings match (spec.json).
//  2. Serves them from a node:http server in this process, as signed R2 URLs
//     would be: GET /in/<clip>?store=…&X-Amz-Signature=… with its
//     content-length and Range support; PUT /out/<name>?store=…&… takes the
//     output and answers 200. R2 runs on other machines; this stand-in runs
//     on the renderer's 2 CPUs, so it comes in two kinds, both measured:
//       store=file    GETs read from the clips' files, a PUT's body
//                     written (in 4 MiB writes) to the output folder, the
//                     same folder the baseline writes its output to: tmpfs
//                     (/dev/shm) when it has room, so neither side waits for
//                     a disk (the folder is named in the report); the
//                     target's figure, and its file is the one checked
//                     (ADR 034).
//       store=memory  GETs answered from the clips held in memory, a PUT's
//                     body counted and dropped: the least the storage's side
//                     can cost here; for reading only (ADR 031: 1.2-2.1 s of
//                     this process's CPU per 1.35 GB job, 3.5-6.3 s with a
//                     file on disk).
//  3. Starts the renderer as `npm start` does (`node <RENDERER_NODE_FLAGS>
//     render-container/server.ts`, PORT 8793 or --renderer-port, HOST
//     127.0.0.1, its own process group) and waits for /health.
//  4. Per size, once the renderer has sat idle for --idle seconds (10; since
//     it started or since its last job: production's renderer waits for work
//     between renders, and a Node left without its V8 flags renders at 1.5-2x
//     the CPU after such a wait, ADR 030), after --warmup untimed runs of
//     each, rounds alternate
//     baseline  `ffmpeg -f concat -safe 0 -i list.txt -c copy -movflags
//               +faststart out.mp4` on the local files, spawn to exit: the
//               fair baseline, a file a browser plays before it has all of it
//               (the renderer's output is one too);
//     renderer  POST /jobs/render {items: [{url}…], output: {url}, mediaType:
//               "video"} to its answer: probe, join from the URLs, upload;
//               with the store=file stand-in;
//     renderer, store=memory   the same job with the store=memory stand-in,
//               for reading the figures only;
//     bare      the same ffmpeg join without +faststart (moov at the end), for
//               reading the figures only.
//     Before each run the previous output is deleted and `sync` writes the
//     disk's dirty pages out (untimed): with 1.3 GB files the writeback of
//     one run would otherwise slow the next.
//     Reports median and best seconds of each, and median(renderer) /
//     median(baseline) (target <= 1.25) with the method (should be "copy"),
//     the renderer process's own CPU time per timed job (Linux /proc; its
//     ffprobe children not included) and the stand-in's (this process's).
//     The baseline's and the store=file renderer's files are checked with
//     ffprobe (duration, streams, moov before mdat); every upload's size
//     against the answer.
//
// Flags: --rounds 7 (6 × 20 s; a round is ~1 s, and its renderer and baseline
// vary by ±20 % from round to round), --warmup 2 (the first jobs of a fresh
// renderer still run colder code), --large (also 6 × 5 min, ~1.3 GB: ~1 min
// to make once, then ~15-20 s a round), --large-rounds 5 (one round in three
// or four ran 1.5-2x slower for whichever path it hit), --large-warmup 1
// (on the 2-CPU VM the first large round ran 2-3x slower for the baseline,
// the renderer and the bare join alike: 6.7-7.9 s against 2.6-4.4), --clips 6,
// --seconds 20, --large-seconds 300,
// --idle 10 (seconds; 0: none), --node-flags none|<flag=value,…> (the
// renderer's V8 flags without their dashes, instead of RENDERER_NODE_FLAGS;
// `none` measures Node's defaults), --json (writes bench/results/render.json),
// --clean (delete the clips at the end), --renderer-port 8793.
// Exits 0 when a target is missed: it is a measurement; it exits 1 only when
// it could not measure.
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from "node:fs";
import { writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pipeline } from "node:stream/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { RENDERER_NODE_FLAGS } from "../render-container/src/node-flags.ts";
import * as lib from "./lib.mjs";

const { fmt, median, MiB, RESULTS } = lib;
const TAG = "bench/render";
const flags = lib.readFlags();
/** `--renderer-port`: another port when 8793 is taken (e.g. by another checkout's bench). */
const RENDERER_PORT = flags.int("renderer-port", 8793);
const RENDERER = `http://127.0.0.1:${RENDERER_PORT}`;
const TARGET_RATIO = 1.25;
const SIZE = "1280x720";
const RATE = 30;
const VIDEO_BITRATE = "6M";
/** Longer clips are this base clip joined to itself. */
const BASE_SECONDS = 20;

const CLIPS = flags.int("clips", 6);
const WARMUP = flags.int("warmup", 2, { min: 0 });
const SETS = [
  { clips: CLIPS, seconds: flags.int("seconds", 20), rounds: flags.int("rounds", 7), warmup: WARMUP },
  ...(flags.has("large")
    ? [
        {
          clips: CLIPS,
          seconds: flags.int("large-seconds", 300),
          rounds: flags.int("large-rounds", 5),
          warmup: flags.int("large-warmup", 1, { min: 0 }),
        },
      ]
    : []),
];
/** Where the baseline and the renderer (store=file) write: room for the largest set's three outputs at ~6.2 Mbit/s. */
const OUT_DIR = lib.outputFolder(
  "render-out",
  3 * Math.max(...SETS.map((set) => set.clips * set.seconds)) * (6.2e6 / 8),
);
const JSON_OUT = flags.has("json");
const IDLE_SECONDS = flags.int("idle", 10, { min: 0 });
/** The renderer's V8 flags: RENDERER_NODE_FLAGS unless --node-flags says otherwise. */
function nodeFlags(value = flags.string("node-flags", undefined)) {
  if (value === undefined) return [...RENDERER_NODE_FLAGS];
  if (value === "none") return [];
  return value.split(",").map((flag) => `--${flag.trim()}`);
}
const NODE_FLAGS = nodeFlags();
const CLEAN = flags.has("clean");

const inputDir = (set) => join(RESULTS, `render-input-${set.clips}x${set.seconds}s`);
const label = (set) => `${set.clips} × ${set.seconds >= 60 ? `${set.seconds / 60} min` : `${set.seconds} s`}`;
const clipName = (i) => `clip-${String(i).padStart(2, "0")}.mp4`;
const ffmpeg = (args) => lib.run("ffmpeg", ["-hide_banner", "-nostdin", "-v", "error", "-y", ...args]);

// ---------------------------------------------------------------- inputs

/** One clip of `seconds` with its own tone, every clip with the same encoder settings (so they join by copy). */
async function encodeClip(path, seconds, tone) {
  await ffmpeg([
    ...["-f", "lavfi", "-i", `testsrc2=duration=${seconds}:size=${SIZE}:rate=${RATE},noise=alls=12:allf=t+u`],
    ...["-f", "lavfi", "-i", `sine=frequency=${tone}:sample_rate=48000:duration=${seconds}`],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-b:v", VIDEO_BITRATE, "-maxrate", VIDEO_BITRATE],
    ...["-bufsize", "12M", "-g", String(RATE * 2), "-pix_fmt", "yuv420p"],
    ...["-c:a", "aac", "-b:a", "128k", "-ac", "2", "-shortest", path],
  ]);
}

async function makeClips(set) {
  const dir = inputDir(set);
  const spec = JSON.stringify({ ...set, rounds: 0, warmup: 0, size: SIZE, rate: RATE, bitrate: VIDEO_BITRATE, v: 2 });
  const names = Array.from({ length: set.clips }, (_, i) => clipName(i + 1));
  const specPath = join(dir, "spec.json");
  if (existsSync(specPath) && readFileSync(specPath, "utf8") === spec && names.every((n) => existsSync(join(dir, n))))
    return { dir, names, made: false };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [i, name] of names.entries()) {
    const tone = 330 + 110 * i;
    if (set.seconds <= BASE_SECONDS) {
      await encodeClip(join(dir, name), set.seconds, tone);
      continue;
    }
    const base = join(dir, "base.mp4");
    await encodeClip(base, BASE_SECONDS, tone);
    const list = join(dir, "base.txt");
    await writeFile(list, "file 'base.mp4'\n".repeat(Math.ceil(set.seconds / BASE_SECONDS)));
    await ffmpeg(["-f", "concat", "-i", list, "-t", String(set.seconds), "-c", "copy", join(dir, name)]);
    rmSync(base);
    rmSync(list);
  }
  await writeFile(specPath, spec);
  return { dir, names, made: true };
}

// ---------------------------------------------------------------- storage stand-in

/** The storage stand-in's two kinds (see the top of this file). */
const STORES = ["file", "memory"];

function startStorage() {
  const puts = [];
  const sources = new Map(); // "/in/<name>" → { path, data: the file's bytes }
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://storage");
    const inMemory = url.searchParams.get("store") === "memory";
    try {
      if (req.method === "GET" && sources.has(url.pathname)) {
        const { path, data } = sources.get(url.pathname);
        const size = data.length;
        const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
        const start = range ? Number(range[1]) : 0;
        const end = range?.[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
        if (start >= size) return void res.writeHead(416, { "content-range": `bytes */${size}` }).end();
        const headers = { "content-type": "video/mp4", "accept-ranges": "bytes", "content-length": end - start + 1 };
        if (range) headers["content-range"] = `bytes ${start}-${end}/${size}`;
        res.writeHead(range ? 206 : 200, headers);
        // One write of the range: the socket sends it as the reader takes it.
        if (inMemory) return void res.end(data.subarray(start, end + 1));
        await pipeline(createReadStream(path, { start, end, highWaterMark: MiB }), res);
        return;
      }
      if (req.method === "PUT" && url.pathname.startsWith("/out/")) {
        const name = url.pathname.slice(5).replace(/[^A-Za-z0-9._-]/g, "_");
        let bytes = 0;
        req.on("data", (chunk) => (bytes += chunk.length));
        if (inMemory) {
          await new Promise((done, fail) => req.once("end", done).once("error", fail));
          puts.push({ name, bytes, contentLength: Number(req.headers["content-length"]) });
          res.writeHead(200, { etag: '"bench"' }).end();
          return;
        }
        // Written in large blocks: R2's side of an upload is not the renderer's work.
        await pipeline(req, createWriteStream(join(OUT_DIR, name), { highWaterMark: 4 * MiB }));
        puts.push({ name, bytes, contentLength: Number(req.headers["content-length"]) });
        res.writeHead(200, { etag: '"bench"' }).end();
        return;
      }
      res.writeHead(404).end("Not Found");
    } catch (error) {
      // A reader that hung up early (ffmpeg seeks with a new request) is normal.
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    }
  });
  return new Promise((ready) => {
    server.listen(0, "127.0.0.1", () => {
      const base = `http://127.0.0.1:${server.address().port}`;
      ready({ server, puts, sources, base });
    });
  });
}

// ---------------------------------------------------------------- runs

/** The renderer's own account of each job by its id: "probe 812 ms, join 1204 ms, upload 930 ms". */
const splits = new Map();

/** The renderer's process (its pid gives its memory). */
let rendererGroup;

/** The renderer process's own CPU time so far (lib.cpuMs: all its threads, Linux /proc), seconds; null elsewhere. */
function rendererCpuSeconds() {
  try {
    return lib.cpuMs(rendererGroup.pid) / 1000;
  } catch {
    return null;
  }
}

/** When the renderer last answered or finished a job (for --idle). */
let rendererLastBusy = 0;

/** The renderer process's resident memory now and at its peak so far (Linux /proc), MiB; null elsewhere. */
function rendererMemory() {
  try {
    const status = readFileSync(`/proc/${rendererGroup.pid}/status`, "utf8");
    const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/** `node render-container/server.ts` as `npm start` runs it, in its own process group; resolves with its /health answer. */
async function startRenderer() {
  const renderer = lib.startGroup(
    "renderer",
    process.execPath,
    [...NODE_FLAGS, "--disable-warning=ExperimentalWarning", "render-container/server.ts"],
    {
      env: { PORT: String(RENDERER_PORT), HOST: "127.0.0.1" },
      onLine(line) {
        const match = /job render (\S+): probe (\d+) ms, join (\d+) ms, upload (\d+) ms/.exec(line);
        if (match)
          splits.set(
            match[1],
            match.slice(2).map((ms) => Number(ms) / 1000),
          );
      },
    },
  );
  rendererGroup = renderer;
  return lib.waitForUrl(renderer, `${RENDERER}/health`, {
    timeoutMs: 20_000,
    intervalMs: 200,
    what: "answer ok",
    stoppedHint: `; is port ${RENDERER_PORT} taken?`,
    async ready(response) {
      const body = await response.json();
      return response.ok && body.ok ? body : null;
    },
  });
}

/**
 * Before each timed run: the last run's file deleted and the disk's dirty
 * pages written out (`sync`, untimed), so no run pays for another's writeback.
 */
async function settle(path) {
  rmSync(path, { force: true });
  await lib.run("sync", []);
}

async function runJoin(list, out, faststart) {
  await settle(out);
  const { seconds } = await ffmpeg([
    ...["-f", "concat", "-safe", "0", "-i", list, "-c", "copy"],
    ...(faststart ? ["-movflags", "+faststart"] : []),
    out,
  ]);
  return { seconds };
}

let jobCounter = 0;
/** One render job against the `store` kind of stand-in; its file (store=file) is OUT_DIR/<outName>. */
async function runRenderer(storage, names, outName, store) {
  await settle(join(OUT_DIR, outName));
  const n = ++jobCounter;
  const jobId = `bench-render-${process.pid}-${n}`;
  const input = {
    items: names.map((name) => ({ url: `${storage.base}/in/${name}?store=${store}&X-Amz-Signature=bench-get-${n}` })),
    output: { url: `${storage.base}/out/${outName}?store=${store}&X-Amz-Signature=bench-put-${n}` },
    mediaType: "video",
  };
  const putsBefore = storage.puts.length;
  const cpuBefore = rendererCpuSeconds();
  // Nothing else runs in this process during the job: its CPU time is the stand-in's.
  const storageCpuBefore = process.cpuUsage();
  const started = performance.now();
  const response = await fetch(`${RENDERER}/jobs/render`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jobId, input }),
  });
  const answer = await response.json();
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = rendererCpuSeconds();
  const storageCpu = process.cpuUsage(storageCpuBefore);
  rendererLastBusy = performance.now();
  if (response.status !== 200)
    throw new Error(`POST /jobs/render answered ${response.status}: ${JSON.stringify(answer)}`);
  const put = storage.puts.slice(putsBefore).find((p) => p.name === outName);
  if (!put) throw new Error("the renderer answered 200 but uploaded nothing");
  if (put.bytes !== answer.result.size)
    throw new Error(`uploaded ${put.bytes} bytes, the answer says ${answer.result.size}`);
  return {
    jobId,
    seconds,
    cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    storageCpu: (storageCpu.user + storageCpu.system) / 1e6,
    result: answer.result,
  };
}

/** Duration, streams and whether the moov comes before the media (a browser can start playing). */
async function check(path, expected) {
  const { stdout } = await lib.run("ffprobe", [
    ...["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path],
  ]);
  const probed = JSON.parse(stdout);
  const head = Buffer.alloc(64 * 1024);
  const file = openSync(path, "r");
  readSync(file, head, 0, head.length, 0);
  closeSync(file);
  const moov = head.indexOf("moov");
  const mdat = head.indexOf("mdat");
  const duration = Number(probed.format.duration);
  const problems = [];
  if (Math.abs(duration - expected) > 0.5) problems.push(`lasts ${duration} s, not ${expected} s`);
  if (!probed.streams.some((s) => s.codec_type === "video") || !probed.streams.some((s) => s.codec_type === "audio"))
    problems.push("lacks a stream");
  if (moov === -1 || (mdat !== -1 && mdat < moov)) problems.push("moov is not in front");
  return { duration, size: Number(probed.format.size), problems };
}

async function measure(set, storage) {
  const { dir, names, made } = await makeClips(set);
  const bytes = names.reduce((sum, n) => sum + statSync(join(dir, n)).size, 0);
  console.log(`${TAG}: ${label(set)}: ${made ? "made" : "reusing"} ${names.length} clips, ${fmt(bytes / MiB, 0)} MiB`);
  storage.sources.clear();
  for (const name of names) {
    const path = join(dir, name);
    storage.sources.set(`/in/${name}`, { path, data: readFileSync(path) });
  }
  const list = join(OUT_DIR, "list.txt");
  await writeFile(list, names.map((n) => `file '${join(dir, n)}'\n`).join(""));
  const baselineOut = join(OUT_DIR, "baseline.mp4");
  const bareOut = join(OUT_DIR, "bare.mp4");
  // Each kind its own name: a run deletes its own last file just before writing, as the baseline
  // does (on this VM, pages freed a few seconds earlier cost several times more to write again).
  const renderedOut = (store) => `rendered-${store}.mp4`;
  const idleFor = IDLE_SECONDS * 1000 - (performance.now() - rendererLastBusy);
  if (idleFor > 0) {
    console.log(
      `${TAG}: ${label(set)}: letting the renderer sit idle for ${fmt(idleFor / 1000, 0)} s first (--idle ${IDLE_SECONDS})`,
    );
    await sleep(idleFor);
  }
  for (let i = 0; i < set.warmup; i++) {
    await runJoin(list, baselineOut, true);
    for (const store of STORES) await runRenderer(storage, names, renderedOut(store), store);
  }
  const runs = { baseline: [], bare: [] };
  /** Per stand-in kind: the renderer's runs, CPU, the stand-in's CPU and the renderer's own splits. */
  const jobs = Object.fromEntries(STORES.map((store) => [store, { runs: [], cpu: [], storageCpu: [], ids: [] }]));
  const loadBefore = lib.loadAverageBefore(TAG);
  let method;
  for (let round = 1; round <= set.rounds; round++) {
    runs.baseline.push((await runJoin(list, baselineOut, true)).seconds);
    for (const store of STORES) {
      const job = await runRenderer(storage, names, renderedOut(store), store);
      const into = jobs[store];
      into.runs.push(job.seconds);
      if (job.cpu !== null) into.cpu.push(job.cpu);
      into.storageCpu.push(job.storageCpu);
      into.ids.push(job.jobId);
      method = job.result.method;
    }
    runs.bare.push((await runJoin(list, bareOut, false)).seconds);
    console.log(
      `  ${label(set)} round ${round}: baseline ${fmt(runs.baseline.at(-1))} s, renderer ${STORES.map((store) => `${fmt(jobs[store].runs.at(-1))} s (store=${store})`).join(" ")} (${method}), bare ${fmt(runs.bare.at(-1))} s`,
    );
  }
  const loadAfter = lib.loadAverage();
  const expected = set.clips * set.seconds;
  const outputs = {
    baseline: await check(baselineOut, expected),
    renderer: await check(join(OUT_DIR, renderedOut("file")), expected),
  };
  rmSync(baselineOut, { force: true });
  rmSync(bareOut, { force: true });
  rmSync(join(OUT_DIR, renderedOut("file")), { force: true });
  storage.sources.clear();
  const summary = (values) => ({ median: median(values), best: Math.min(...values), runs: values });
  const renderer = Object.fromEntries(
    STORES.map((store) => {
      const { runs: seconds, cpu, storageCpu, ids } = jobs[store];
      const timed = ids.map((id) => splits.get(id)).filter(Boolean);
      const split = ["probe", "join", "upload"].map((step, i) => [step, median(timed.map((t) => t[i]))]);
      return [
        store,
        {
          ...summary(seconds),
          cpu: cpu.length ? summary(cpu) : null,
          storageCpu: summary(storageCpu),
          split: Object.fromEntries(split),
        },
      ];
    }),
  );
  return {
    set: label(set),
    clips: { ...set, bytes },
    load: { before: loadBefore, after: loadAfter },
    baseline: summary(runs.baseline),
    renderer,
    bare: summary(runs.bare),
    ratio: renderer.file.median / median(runs.baseline),
    memoryRatio: renderer.memory.median / median(runs.baseline),
    method,
    outputs,
    memory: rendererMemory(),
  };
}

function report(m) {
  console.log(`\n${m.set} of ${SIZE} (${fmt(m.clips.bytes / MiB, 0)} MiB), ${m.clips.rounds} rounds (seconds)`);
  console.log(lib.loadAverageLine(m.load.before, m.load.after, "after the rounds"));
  const row = (name, s, output) => [name, fmt(s.median), fmt(s.best), s.runs.map((x) => fmt(x)).join(" "), output];
  const out = (o) =>
    `${fmt(o.size / MiB, 1)} MiB, ${fmt(o.duration, 2)} s${o.problems.length ? `: ${o.problems}` : ""}`;
  console.log(
    lib.table([
      ["path", "median", "best", "rounds", "output"],
      row("ffmpeg -f concat -c copy -movflags +faststart (local files)", m.baseline, out(m.outputs.baseline)),
      row(
        "POST /jobs/render (probe, join from the URLs, upload), store=file",
        m.renderer.file,
        out(m.outputs.renderer),
      ),
      row("the same, store=memory (for reading only)", m.renderer.memory, ""),
      row("ffmpeg -f concat -c copy, no faststart (for reading only)", m.bare, ""),
    ]),
  );
  for (const store of STORES) {
    const r = m.renderer[store];
    const steps = Object.entries(r.split).map(([step, s]) => `${step} ${fmt(s)} s`);
    const cpu = (s) => `median ${fmt(s.median)} s (${s.runs.map((x) => fmt(x)).join(" ")})`;
    console.log(
      `store=${store}: the renderer's own log, median of the rounds: ${steps.join(", ")}; CPU per job: the renderer's (${NODE_FLAGS.join(" ") || "no V8 flags"}) ${r.cpu ? cpu(r.cpu) : "unknown"}, the stand-in's ${cpu(r.storageCpu)}`,
    );
  }
  if (m.memory && idleMemory)
    console.log(
      `The renderer's memory: ${fmt(idleMemory.rss, 0)} MiB idle, peak ${fmt(m.memory.peak, 0)} MiB so far (+${fmt(m.memory.peak - idleMemory.rss, 0)} MiB)`,
    );
}

/** The renderer's memory once it answered /health, before any job. */
let idleMemory = null;

async function main() {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const storage = await startStorage();
  const health = await startRenderer();
  idleMemory = rendererMemory();
  rendererLastBusy = performance.now();
  console.log(`${TAG}: renderer up on ${RENDERER} (${health.ffmpeg?.split(" ").slice(0, 3).join(" ")})`);
  console.log(
    `${TAG}: the baseline's and the renderer's outputs go to ${OUT_DIR} (${lib.isTmpfs(OUT_DIR) ? "tmpfs" : "disk"})`,
  );
  const measured = [];
  for (const set of SETS) measured.push(await measure(set, storage));
  for (const m of measured) report(m);
  const checks = measured.flatMap((m) => [
    {
      target: `${m.set}: render median / concat-copy+faststart median <= ${TARGET_RATIO}, outputs in the same folder`,
      value: `${fmt(m.ratio)} (both outputs in ${OUT_DIR}${lib.isTmpfs(OUT_DIR) ? ", tmpfs" : ", disk"}; best rounds ${fmt(m.renderer.file.best / m.baseline.best)}; ${fmt(m.renderer.file.median / m.bare.median)} against no faststart; store=memory ${fmt(m.memoryRatio)})`,
      pass: m.ratio <= TARGET_RATIO,
    },
    {
      target: `${m.set}: method "copy", outputs last the clips' total with moov in front`,
      value: [m.method, ...m.outputs.baseline.problems, ...m.outputs.renderer.problems].join("; "),
      pass: m.method === "copy" && !m.outputs.baseline.problems.length && !m.outputs.renderer.problems.length,
    },
  ]);
  lib.printTargets(checks);
  if (JSON_OUT)
    lib.writeResults(
      TAG,
      "render.json",
      {
        ffmpeg: health.ffmpeg,
        nodeFlags: NODE_FLAGS,
        idleSeconds: IDLE_SECONDS,
        idleMemory,
        measured,
        targets: checks,
      },
      {
        machine: { memBytes: totalmem() },
      },
    );
  const closed = new Promise((done) => storage.server.close(done));
  storage.server.closeAllConnections();
  await closed;
}

await lib.runBench(TAG, main, {
  cleanup() {
    rmSync(OUT_DIR, { recursive: true, force: true });
    if (CLEAN) for (const set of SETS) rmSync(inputDir(set), { recursive: true, force: true });
  },
});
