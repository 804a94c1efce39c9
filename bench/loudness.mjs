// `npm run bench:loudness`: loudness per segment (issue 11) with the real
// renderer. Not a speed target but a measurement of what users hear:
//
//  1. Makes 8 s pink-noise clips with ffmpeg (32-bit float WAV, which keeps
//     peaks above 0 dBFS): a quiet one (~−52 LUFS), a loud one (~−9 LUFS,
//     true peak above 0 dBTP), an ad mastered at ~−24 LUFS, mono versions of
//     the first two, and 4 s of digital silence.
//  2. Starts the renderer (`node render-container/server.ts`) and serves the
//     clips to it as signed URLs would (render-container/test-support.ts).
//  3. Renders, with `loudness: true`: the stereo playlist quiet + loud +
//     silence; the same again with the stored measurements handed back (as
//     the Worker does); quiet + the −24 LUFS ad (a replaced spot: only the ad
//     is measured); the mono playlist. Each output's segments are measured
//     with ebur128 over their time ranges, and the whole file's true peak.
//
// Targets: every segment at −16 LUFS stereo / −19 mono ± 1 LU; silence left
// silent; true peak ≤ −1 dBTP; a re-render measures only what has no stored
// measurement. Flags: --json (bench/results/loudness.json).
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { ebur128, ffmpegIn, pinkNoise, postJob, serveFolder, startRenderer } from "../render-container/test-support.ts";
import { fmt, loadAverage, printTargets, readFlags, runBench, table, writeResults } from "./lib.mjs";

const _run = promisify(execFile);
const flags = readFlags();
let dir;
let files;
let renderer;

async function render(name, items) {
  const started = performance.now();
  const response = await postJob(renderer.base, "render", {
    jobId: `bench-${name}`,
    input: {
      items,
      output: { url: `${files.base}/out/${name}.mp4` },
      audioOutput: { url: `${files.base}/out/${name}.m4a` },
      mediaType: "audio",
      loudness: true,
    },
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
  return { seconds: (performance.now() - started) / 1000, result: body.result, file: join(dir, "out", `${name}.m4a`) };
}

const item = (name, loudness) => ({ url: `${files.base}/${name}`, ...(loudness ? { loudness } : {}) });
const lufs = (n) => (Number.isFinite(n) ? fmt(n, 1) : String(n));

await runBench(
  "bench:loudness",
  async () => {
    dir = await mkdtemp(join(tmpdir(), "bench-loudness-"));
    const make = (args) => ffmpegIn(dir, args);
    await Promise.all([
      make(pinkNoise("quiet.wav", 1, "-37.4dB", "stereo")),
      make(pinkNoise("loud.wav", 2, "5.6dB", "stereo")),
      make(pinkNoise("ad.wav", 5, "-9.4dB", "stereo")),
      make(pinkNoise("quiet-mono.wav", 3, "-37.4dB", "mono")),
      make(pinkNoise("loud-mono.wav", 4, "5.6dB", "mono")),
      make(["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-t", "4", "-c:a", "pcm_f32le", "silence.wav"]),
    ]);
    [files, renderer] = await Promise.all([serveFolder(dir), startRenderer()]);
    const load = loadAverage();
    const inputs = {};
    for (const name of ["quiet", "loud", "ad", "quiet-mono", "loud-mono"])
      inputs[name] = await ebur128(join(dir, `${name}.wav`));

    const first = await render("stereo", [item("quiet.wav"), item("loud.wav"), item("silence.wav")]);
    const stored = first.result.loudness.items.map((i) => i.loudness);
    const again = await render("stored", [
      item("quiet.wav", stored[0]),
      item("loud.wav", stored[1]),
      item("silence.wav", stored[2]),
    ]);
    const spot = await render("spot", [item("quiet.wav", stored[0]), item("ad.wav")]);
    const mono = await render("mono", [item("quiet-mono.wav"), item("loud-mono.wav")]);

    const rows = [["render", "segment", "input LUFS", "gain dB", "output LUFS", "measured now", "render s"]];
    const checks = [];
    const segments = [
      [
        first,
        -16,
        [
          ["quiet", 0, 8],
          ["loud", 8, 16],
          ["silence", 16, 20],
        ],
      ],
      [
        again,
        -16,
        [
          ["quiet", 0, 8],
          ["loud", 8, 16],
        ],
      ],
      [
        spot,
        -16,
        [
          ["quiet", 0, 8],
          ["ad", 8, 16],
        ],
      ],
      [
        mono,
        -19,
        [
          ["quiet-mono", 0, 8],
          ["loud-mono", 8, 16],
        ],
      ],
    ];
    const names = ["stereo", "stored", "spot", "mono"];
    for (const [k, [r, target, parts]] of segments.entries()) {
      for (const [n, [clip, from, to]] of parts.entries()) {
        const out = await ebur128(r.file, from, to);
        const report = r.result.loudness.items[n];
        rows.push([
          names[k],
          clip,
          lufs(inputs[clip]?.integrated ?? -Infinity),
          fmt(report.gainDb, 2),
          lufs(out.integrated),
          String(report.measuredNow),
          n === 0 ? fmt(r.seconds, 2) : "",
        ]);
        if (clip === "silence")
          checks.push({
            target: `${names[k]}: silence stays silent`,
            value: `${lufs(out.integrated)} LUFS`,
            pass: out.integrated <= -60,
          });
        else
          checks.push({
            target: `${names[k]} ${clip}: ${target} ± 1 LUFS`,
            value: lufs(out.integrated),
            pass: Math.abs(out.integrated - target) <= 1,
          });
      }
      const whole = await ebur128(r.file);
      checks.push({
        target: `${names[k]}: true peak ≤ −1 dBTP`,
        value: `${fmt(whole.truePeak, 1)} dBTP`,
        pass: whole.truePeak <= -1,
      });
    }
    const measuredAgain = again.result.loudness.items.filter((i) => i.measuredNow).length;
    const measuredSpot = spot.result.loudness.items.filter((i) => i.measuredNow).length;
    checks.push({
      target: "re-render with stored measurements measures nothing",
      value: `${measuredAgain} measured`,
      pass: measuredAgain === 0,
    });
    checks.push({
      target: "a replaced spot: only the spot is measured",
      value: `${measuredSpot} measured`,
      pass: measuredSpot === 1,
    });
    console.log(table(rows));
    console.log(
      `\nInputs: loud true peak ${fmt(inputs.loud.truePeak, 1)} dBTP; load average ${fmt(load, 1)} → ${fmt(loadAverage(), 1)}`,
    );
    printTargets(checks);
    if (flags.has("json")) writeResults("bench:loudness", "loudness.json", { rows, checks });
  },
  {
    cleanup: async () => {
      await Promise.all([renderer?.stop(), files?.close()]);
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  },
);
