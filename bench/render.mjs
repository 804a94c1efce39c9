// `npm run bench:render`: the renderer's `render` job (render-container/,
// POST /jobs/render) against bare `ffmpeg -f concat -c copy` on the same
// inputs, timed side by side in one run.
//
//  1. Makes bench/results/render-input/ once: N alike H.264/AAC MP4 clips
//     (default 6 × 20 s, 1280x720 at 30 fps, ~6 Mbit/s video with film-grain
//     noise so the sizes are realistic, 128 kbit/s stereo AAC) with ffmpeg
//     lavfi. Reused while the settings match (spec.json).
//  2. Serves them from a node:http server in this process, as signed URLs
//     would be: GET /in/<clip>?X-Amz-Signature=… streams the file with its
//     content-length; PUT /out/<name>?X-Amz-Signature=… writes the body to
//     bench/results/render-out/ and answers 200 once it is on disk.
//  3. Starts the renderer as `npm start` does (`node render-container/server.ts`,
//     PORT 8793, HOST 127.0.0.1, its own process group) and waits for
//     /health. Without the `render` kind (404) it runs only the baseline.
//  4. After one untimed warm-up of each, rounds alternate baseline, renderer,
//     baseline, renderer … (--rounds 3 each):
//     baseline  `ffmpeg -f concat -safe 0 -i list.txt -c copy out.mp4` on the
//               local files, spawn to exit;
//     renderer  POST /jobs/render {jobId, input: {items: [{url}…], output:
//               {url}, mediaType: "video"}} to its answer: download, probe,
//               join, probe the output, upload.
//     Reports the median and best seconds of each and the ratio
//     median(renderer)/median(baseline) (target <= 1.25), and the method the
//     renderer chose (should be "copy"). Both outputs are checked with ffprobe
//     (duration, streams) and the uploaded size against the answer.
//  5. Where the renderer's time goes: the ffmpeg/ffprobe steps of render.ts's
//     copy path with its arguments (ffprobe of each item, the concat copy with
//     +faststart, ffprobe of the output), run by this script on the local
//     files, --rounds times each, median. The renderer's median minus their
//     sum is its HTTP transfers and its own work. For reading the ratio; not a
//     target.
//
// Flags: --rounds 3, --clips 6, --seconds 20, --warmup 1, --json (writes
// bench/results/render.json), --clean (delete render-input at the end).
// Exits 0 when a target is missed: it is a measurement; it exits 1 only when
// it could not measure.
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import { totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pipeline } from "node:stream/promises";
import {
  fmt,
  loadAverage,
  loadAverageBefore,
  loadAverageLine,
  MiB,
  median,
  printTargets,
  RESULTS,
  readFlags,
  root,
  run,
  runBench,
  startGroup,
  table,
  waitForUrl,
  writeResults,
} from "./lib.mjs";

const TAG = "bench/render";
const RENDERER_PORT = 8793;
const RENDERER = `http://127.0.0.1:${RENDERER_PORT}`;
const INPUT_DIR = join(RESULTS, "render-input");
const OUT_DIR = join(RESULTS, "render-out");
const TARGET_RATIO = 1.25;
const SIZE = "1280x720";
const RATE = 30;
const VIDEO_BITRATE = "6M";
const _PARALLEL_DOWNLOADS = 3; // render-container/src/render.ts

const flags = readFlags();
const ROUNDS = Math.max(1, flags.int("rounds", 3, { min: 0 }));
const CLIPS = Math.max(1, flags.int("clips", 6, { min: 0 }));
const SECONDS = Math.max(1, flags.int("seconds", 20, { min: 0 }));
const WARMUP = flags.int("warmup", 1, { min: 0 });
const JSON_OUT = flags.has("json");
const CLEAN = flags.has("clean");

// ---------------------------------------------------------------- ffprobe

async function ffprobe(path, extra = []) {
  const { stdout } = await run("ffprobe", [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_format",
    "-show_streams",
    ...extra,
    "-i",
    path,
  ]);
  return JSON.parse(stdout);
}

function describe(probed) {
  const video = probed.streams.find((s) => s.codec_type === "video");
  const audio = probed.streams.find((s) => s.codec_type === "audio");
  return {
    duration: Number(probed.format.duration),
    video: video ? `${video.codec_name} ${video.width}x${video.height} ${video.r_frame_rate}` : "none",
    audio: audio ? `${audio.codec_name} ${audio.sample_rate} Hz ${audio.channels} ch` : "none",
    size: Number(probed.format.size),
  };
}

// ---------------------------------------------------------------- inputs

const clipName = (i) => `clip-${String(i).padStart(2, "0")}.mp4`;

async function makeClips() {
  const spec = { clips: CLIPS, seconds: SECONDS, size: SIZE, rate: RATE, videoBitrate: VIDEO_BITRATE, version: 1 };
  const specPath = join(INPUT_DIR, "spec.json");
  const names = Array.from({ length: CLIPS }, (_, i) => clipName(i + 1));
  if (
    existsSync(specPath) &&
    readFileSync(specPath, "utf8") === JSON.stringify(spec) &&
    names.every((n) => existsSync(join(INPUT_DIR, n)))
  ) {
    return { names, made: false };
  }
  rmSync(INPUT_DIR, { recursive: true, force: true });
  mkdirSync(INPUT_DIR, { recursive: true });
  for (const [i, name] of names.entries()) {
    // Same encoder settings for every clip (so they can be joined as they are); different tones.
    await run("ffmpeg", [
      "-hide_banner",
      "-nostdin",
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc2=duration=${SECONDS}:size=${SIZE}:rate=${RATE},noise=alls=12:allf=t+u`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=${330 + 110 * i}:sample_rate=48000:duration=${SECONDS}`,
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-b:v",
      VIDEO_BITRATE,
      "-maxrate",
      VIDEO_BITRATE,
      "-bufsize",
      "12M",
      "-g",
      String(RATE * 2),
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-b:a",
      "128k",
      "-ac",
      "2",
      "-shortest",
      join(INPUT_DIR, name),
    ]);
  }
  writeFileSync(specPath, JSON.stringify(spec));
  return { names, made: true };
}

// ---------------------------------------------------------------- storage stand-in

function startStorage() {
  const puts = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://storage");
    const name = decodeURIComponent(url.pathname.split("/").pop() ?? "").replace(/[^A-Za-z0-9._-]/g, "_");
    try {
      if (req.method === "GET" && url.pathname.startsWith("/in/")) {
        const path = join(INPUT_DIR, name);
        if (!existsSync(path)) return void res.writeHead(404).end("Not Found");
        res.writeHead(200, { "content-type": "video/mp4", "content-length": String(statSync(path).size) });
        await pipeline(createReadStream(path), res);
        return;
      }
      if (req.method === "PUT" && url.pathname.startsWith("/out/")) {
        const started = performance.now();
        let bytes = 0;
        req.on("data", (chunk) => (bytes += chunk.length));
        await pipeline(req, createWriteStream(join(OUT_DIR, name)));
        puts.push({
          name,
          bytes,
          contentLength: Number(req.headers["content-length"]),
          contentType: req.headers["content-type"],
          seconds: (performance.now() - started) / 1000,
        });
        res.writeHead(200, { etag: '"bench"' }).end();
        return;
      }
      res.writeHead(404).end("Not Found");
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    }
  });
  return new Promise((ready) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      ready({ server, puts, base: `http://127.0.0.1:${port}` });
    });
  });
}

// ---------------------------------------------------------------- renderer

/** `node render-container/server.ts` as `npm start` runs it, in its own process group (its ffmpeg/ffprobe stop with it); resolves with its /health answer. */
async function startRenderer() {
  const renderer = startGroup(
    "renderer",
    process.execPath,
    ["--disable-warning=ExperimentalWarning", "render-container/server.ts"],
    {
      env: { PORT: String(RENDERER_PORT), HOST: "127.0.0.1" },
    },
  );
  return waitForUrl(renderer, `${RENDERER}/health`, {
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

async function hasRenderKind() {
  const response = await fetch(`${RENDERER}/jobs/render`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  await response.arrayBuffer();
  return response.status !== 404;
}

// ---------------------------------------------------------------- runs

async function runBaseline(listPath, out) {
  rmSync(out, { force: true });
  const { seconds } = await run("ffmpeg", [
    "-hide_banner",
    "-nostdin",
    "-v",
    "error",
    "-y",
    "-f",
    "concat",
    "-safe",
    "0",
    "-i",
    listPath,
    "-c",
    "copy",
    out,
  ]);
  return { seconds, size: statSync(out).size };
}

let jobCounter = 0;
async function runRenderer(storage, names, outName) {
  rmSync(join(OUT_DIR, outName), { force: true });
  const jobId = `bench-render-${process.pid}-${++jobCounter}`;
  const body = {
    jobId,
    input: {
      items: names.map((n) => ({ url: `${storage.base}/in/${n}?X-Amz-Signature=bench-get-${jobCounter}` })),
      output: { url: `${storage.base}/out/${outName}?X-Amz-Signature=bench-put-${jobCounter}` },
      mediaType: "video",
    },
  };
  const putsBefore = storage.puts.length;
  const started = performance.now();
  const response = await fetch(`${RENDERER}/jobs/render`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200)
    throw new Error(`POST /jobs/render answered ${response.status}: ${JSON.stringify(answer)}`);
  const put = storage.puts.slice(putsBefore).find((p) => p.name === outName);
  if (!put) throw new Error("the renderer answered 200 but uploaded nothing");
  if (put.bytes !== answer.result.size)
    throw new Error(`uploaded ${put.bytes} bytes, the answer says ${answer.result.size}`);
  return { seconds, result: answer.result, put };
}

/**
 * The ffmpeg/ffprobe steps of render.ts's copy path with its arguments, on
 * the local files, timed one by one (median of `times` runs). What the
 * renderer takes beyond their sum is its HTTP transfers (download, upload)
 * and its own overhead.
 */
async function anatomy(names, times) {
  const dir = join(OUT_DIR, "anatomy");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = names.map((n) => join(INPUT_DIR, n));
  const list = join(INPUT_DIR, "list.ffconcat"); // names relative to the list, as render.ts writes it
  writeFileSync(list, `ffconcat version 1.0\n${names.map((n) => `file '${n}'`).join("\n")}\n`);
  const out = join(dir, "output.mp4");
  const steps = [
    {
      name: `ffprobe each item, one after another (${names.length}×, -show_data_hash sha256)`,
      work: async () => {
        for (const f of files) await ffprobe(f, ["-protocol_whitelist", "file", "-show_data_hash", "sha256"]);
      },
    },
    {
      name: "ffmpeg concat, stream copy, -movflags +faststart",
      work: () =>
        run("ffmpeg", [
          "-hide_banner",
          "-nostdin",
          "-nostats",
          "-v",
          "error",
          "-y",
          "-progress",
          "pipe:1",
          "-stats_period",
          "0.5",
          "-f",
          "concat",
          "-safe",
          "1",
          "-protocol_whitelist",
          "file",
          "-i",
          list,
          "-map",
          "0:v:0",
          "-c:v",
          "copy",
          "-map",
          "0:a:0",
          "-c:a",
          "copy",
          "-movflags",
          "+faststart",
          "-f",
          "mp4",
          out,
        ]),
    },
    { name: "ffprobe the output", work: () => ffprobe(out, ["-protocol_whitelist", "file"]) },
  ];
  const samples = steps.map(() => []);
  try {
    for (let t = 0; t < times; t++) {
      for (const [i, step] of steps.entries()) {
        const started = performance.now();
        await step.work();
        samples[i].push((performance.now() - started) / 1000);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(list, { force: true });
  }
  const result = steps.map((step, i) => ({ name: step.name, seconds: median(samples[i]) }));
  return { steps: result, total: result.reduce((sum, x) => sum + x.seconds, 0), times };
}

// ---------------------------------------------------------------- main

async function main() {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const setupStart = performance.now();
  console.log(
    `bench/render: ${CLIPS} clips × ${SECONDS} s, ${SIZE} at ${RATE} fps, H.264 ${VIDEO_BITRATE}bit/s + AAC ...`,
  );
  const { names, made } = await makeClips();
  const inputBytes = names.reduce((s, n) => s + statSync(join(INPUT_DIR, n)).size, 0);
  console.log(
    `bench/render: ${made ? "made" : "reusing"} ${names.length} clips, ${fmt(inputBytes / MiB, 1)} MiB in ${INPUT_DIR.slice(root.length + 1)}` +
      (made ? ` (${fmt((performance.now() - setupStart) / 1000, 1)} s)` : ""),
  );
  const list = join(OUT_DIR, "list.txt");
  writeFileSync(list, `${names.map((n) => `file '${join(INPUT_DIR, n)}'`).join("\n")}\n`);

  const storage = await startStorage();
  const health = await startRenderer();
  const withRender = await hasRenderKind();
  console.log(
    `bench/render: renderer up on ${RENDERER} (${health.ffmpeg?.split(" ").slice(0, 3).join(" ")}); render kind: ${withRender ? "yes" : "NO (404) — baseline only"}`,
  );

  const loadBefore = loadAverageBefore(TAG);
  const baselineOut = join(OUT_DIR, "baseline.mp4");
  for (let i = 0; i < WARMUP; i++) {
    await runBaseline(list, baselineOut);
    if (withRender) await runRenderer(storage, names, "rendered.mp4");
  }
  const baselineRuns = [];
  const rendererRuns = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const b = await runBaseline(list, baselineOut);
    baselineRuns.push(b);
    console.log(`  round ${round}  baseline  ${fmt(b.seconds)} s`);
    if (withRender) {
      const r = await runRenderer(storage, names, "rendered.mp4");
      rendererRuns.push(r);
      console.log(
        `  round ${round}  renderer  ${fmt(r.seconds)} s  (method ${r.result.method}, ${fmt(r.result.size / MiB, 1)} MiB uploaded)`,
      );
    }
  }
  const loadAfter = loadAverage();

  console.log("bench/render: checking the outputs ...");
  const expected = CLIPS * SECONDS;
  const baselineProbe = describe(await ffprobe(baselineOut));
  const renderedProbe = withRender ? describe(await ffprobe(join(OUT_DIR, "rendered.mp4"))) : null;
  const outputProblems = [];
  for (const [label, p] of [
    ["baseline", baselineProbe],
    ["renderer", renderedProbe],
  ]) {
    if (!p) continue;
    if (Math.abs(p.duration - expected) > 0.5)
      outputProblems.push(`${label} output lasts ${p.duration} s, not ${expected} s`);
    if (p.video === "none" || p.audio === "none")
      outputProblems.push(`${label} output lacks a stream (${p.video}; ${p.audio})`);
  }
  const methods = [...new Set(rendererRuns.map((r) => r.result.method))];

  console.log(
    "bench/render: where the renderer's time goes (its ffmpeg/ffprobe steps on the local files, one by one) ...",
  );
  const parts = withRender ? await anatomy(names, ROUNDS) : null;
  const loadEnd = loadAverage();

  const b = {
    median: median(baselineRuns.map((r) => r.seconds)),
    best: Math.min(...baselineRuns.map((r) => r.seconds)),
  };
  const r = withRender
    ? { median: median(rendererRuns.map((x) => x.seconds)), best: Math.min(...rendererRuns.map((x) => x.seconds)) }
    : null;
  const ratio = r ? r.median / b.median : null;

  // ------------------------------------------------------------ report
  console.log("");
  console.log(
    `Joining ${CLIPS} × ${SECONDS} s clips (${fmt(inputBytes / MiB, 1)} MiB), ${ROUNDS} rounds each after ${WARMUP} warm-up, alternating (seconds)`,
  );
  console.log(loadAverageLine(loadBefore, loadAfter, "after the rounds"));
  const rows = [["path", "median", "best", "rounds", "output"]];
  rows.push([
    "ffmpeg -f concat -c copy (local files)",
    fmt(b.median),
    fmt(b.best),
    baselineRuns.map((x) => fmt(x.seconds)).join(" "),
    `${fmt(baselineProbe.size / MiB, 1)} MiB, ${fmt(baselineProbe.duration, 2)} s`,
  ]);
  if (r) {
    rows.push([
      "POST /jobs/render (download → join → upload)",
      fmt(r.median),
      fmt(r.best),
      rendererRuns.map((x) => fmt(x.seconds)).join(" "),
      `${fmt(renderedProbe.size / MiB, 1)} MiB, ${fmt(renderedProbe.duration, 2)} s`,
    ]);
  }
  console.log(table(rows));
  if (r) {
    console.log(`Renderer method: ${methods.join(", ")}; answer: ${JSON.stringify(rendererRuns.at(-1).result)}`);
    console.log("");
    console.log(
      `Where the renderer's time goes: render.ts's ffmpeg/ffprobe steps on the local files (median of ${parts.times}; load ${fmt(loadEnd)})`,
    );
    console.log(
      table([
        ["step", "seconds"],
        ...parts.steps.map((s) => [s.name, fmt(s.seconds)]),
        ["sum of the steps", fmt(parts.total)],
        [
          `rest of the renderer's median: download ${fmt(inputBytes / MiB, 0)} MiB + upload ${fmt(renderedProbe.size / MiB, 0)} MiB over HTTP, its own work`,
          fmt(r.median - parts.total),
        ],
      ]),
    );
  } else {
    console.log("The renderer has no `render` kind (POST /jobs/render answered 404): only the baseline was measured.");
  }
  console.log(
    `Outputs: ${outputProblems.length ? outputProblems.join("; ") : `ok (${expected} s expected; ${baselineProbe.video}; ${baselineProbe.audio})`}`,
  );

  const checks = [
    r
      ? {
          target: `render median / concat-copy median <= ${TARGET_RATIO}`,
          value: `${fmt(ratio)} (best rounds ${fmt(r.best / b.best)})`,
          pass: ratio <= TARGET_RATIO,
        }
      : {
          target: `render median / concat-copy median <= ${TARGET_RATIO}`,
          value: "not measured (no render kind)",
          pass: false,
        },
    r
      ? {
          target: 'renderer joins alike clips with method "copy"',
          value: methods.join(", "),
          pass: methods.length === 1 && methods[0] === "copy",
        }
      : null,
    {
      target: "outputs last the clips' total and have video and audio",
      value: outputProblems.join("; ") || "ok",
      pass: outputProblems.length === 0,
    },
  ].filter(Boolean);
  printTargets(checks);

  if (JSON_OUT) {
    writeResults(
      TAG,
      "render.json",
      {
        ffmpeg: health.ffmpeg,
        clips: {
          count: CLIPS,
          seconds: SECONDS,
          size: SIZE,
          rate: RATE,
          videoBitrate: VIDEO_BITRATE,
          bytes: inputBytes,
        },
        rounds: ROUNDS,
        warmup: WARMUP,
        loadAverage: { before: loadBefore, after: loadAfter, end: loadEnd },
        renderKind: withRender,
        baseline: { ...b, runs: baselineRuns, output: baselineProbe },
        renderer: r ? { ...r, runs: rendererRuns, output: renderedProbe, methods } : null,
        ratio,
        anatomy: parts,
        targets: checks,
      },
      { machine: { memBytes: totalmem() } },
    );
  }
  const closed = new Promise((done) => storage.server.close(done));
  storage.server.closeAllConnections();
  await closed;
  return withRender;
}

await runBench(TAG, main, {
  cleanup() {
    rmSync(OUT_DIR, { recursive: true, force: true });
    if (CLEAN) rmSync(INPUT_DIR, { recursive: true, force: true });
  },
});
