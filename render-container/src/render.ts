// Job kind `render`: a playlist's items, in order, joined into one file.
//
//   inputs  signed GET URLs, ffprobed and then read by ffmpeg straight from
//           the storage (render-items.ts); nothing is downloaded first
//   join    video, all alike     concat demuxer + stream copy into MP4
//           video, mixed         H.264/AAC re-encode at the most common size and rate (concat filter)
//           audio                AAC (M4A), then an MP4 of it over a still dark frame
//           loudness: true       each item measured (unless its measurement came with it) and gained to
//                                −16 LUFS stereo / −19 LUFS mono; one true-peak limiter (≤ −1 dBTP)
//           chapters             each item's marks placed by the real durations, embedded (ffmetadata)
//   output  written once to the job's folder, uploaded with its moov moved in
//           front (faststart.ts) while ffprobe reads it back; the folder is always removed
//
// Protocol details are in README.md ("Kind render"); the pure parts are in
// render-plan.ts (copy or re-encode), render-graphs.ts, loudness.ts,
// progress.ts and render-errors.ts. ADR 023. About 400 lines: one class whose
// passes share the job's state (folder, progress, chapters, levels, items);
// split further, that state would be passed around instead.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ffmetadata, type PlacedChapter, placeChapters } from "./chapters.ts";
import type { LoudnessResult, RenderInput, RenderResult, RenderTarget } from "./contract.ts";
import { moovFirst } from "./faststart.ts";
import { type JobContext, JobFailed, type JobKind } from "./jobs.ts";
import { type Loudness, limiterFilter, parseEbur128, reusable, segmentGain } from "./loudness.ts";
import { failureReason, type ProbeResult, runFfprobe, summariseProbe } from "./probe.ts";
import { progressParser, throttledProgress } from "./progress.ts";
import { outputShortfall } from "./readable.ts";
import { joinWhileUploading } from "./render-box-join.ts";
import { renderFailureReason } from "./render-errors.ts";
import { audioGraph, concatList, itemInputs, measureGraph, videoGraph, withItemNames } from "./render-graphs.ts";
import { MAX_ITEMS, parseRenderInput } from "./render-input.ts";
import { failed, probeItems } from "./render-items.ts";
import { copyBlocker, type Item, type Layout, loudnessTarget, outputLayout, videoTarget } from "./render-plan.ts";
import { ensureSpace, inJobFolder, NoSpace, uploadOutput } from "./transfer.ts";

export type { LoudnessResult, RenderInput, RenderItem, RenderResult, RenderTarget } from "./contract.ts";
export { MAX_ITEMS, parseRenderInput };

/** The audio playlist's picture: a dark 1280x720 frame, 5 frames a second. */
const STILL = { color: "0x101010", size: "1280x720", fps: 5 };
/** The re-encoded picture (mixed videos, the audio playlist's still frame). */
const X264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"];
const AAC = ["-c:a", "aac", "-b:a", "160k"];
/**
 * MP4 to a local file, moov at the end: the upload moves it to the front
 * (faststart.ts), which spares ffmpeg's `+faststart` second pass over the file.
 */
const mp4To = (path: string) => ["-f", "mp4", path];

/** Too little disk now: 503 (retry once other jobs have freed some); too little ever: 422. */
function noSpace(error: NoSpace): JobFailed {
  if (error.never) return failed(error.message.charAt(0).toUpperCase() + error.message.slice(1));
  return new JobFailed(503, "no_space", error.message);
}

type Pass = { weight: number };

class Render {
  readonly input: RenderInput;
  readonly ctx: JobContext;
  readonly dir: string;
  readonly report: (percent: number, final?: boolean) => void;
  readonly statsPeriod: string;
  /** The chapters on the output's timeline. */
  placed: PlacedChapter[] = [];
  /** With loudness: each item's measurement and gain. */
  levels: LoudnessResult | null = null;
  /** The probed items (their URLs become names in ffmpeg's messages). */
  items: Item[] = [];

  constructor(input: RenderInput, ctx: JobContext, dir: string) {
    this.input = input;
    this.ctx = ctx;
    this.dir = dir;
    this.report = throttledProgress((p) => ctx.progress(p), ctx.config.progressIntervalMs);
    // ffmpeg reports (every 0.5 s by default) about as often as the callbacks may go out.
    this.statsPeriod = String(Math.min(0.5, Math.max(0.1, ctx.config.progressIntervalMs / 1000)));
  }

  path(file: string): string {
    return join(this.dir, file);
  }

  /** Runs one ffmpeg pass, its progress mapped into [from, to] %; resolves with its stderr. */
  async ffmpeg(args: string[], range: [number, number], totalSeconds: number, logLevel = "error"): Promise<string> {
    const [from, to] = range;
    const onStdout = progressParser(totalSeconds, (fraction) => this.report(from + (to - from) * fraction));
    const { code, stderr } = await this.ctx.exec(
      "ffmpeg",
      [
        "-hide_banner",
        "-nostdin",
        "-nostats",
        "-v",
        logLevel,
        "-y",
        "-progress",
        "pipe:1",
        "-stats_period",
        this.statsPeriod,
        ...args,
      ],
      { onStdout },
    );
    if (code !== 0) {
      if (/no space left on device/i.test(stderr))
        throw new JobFailed(503, "no_space", "the renderer ran out of disk space");
      // At "level+info" every line carries its level: only the errors explain a failure.
      const errors = logLevel.startsWith("level+")
        ? stderr
            .split("\n")
            .filter((line) => /\[(?:error|fatal|panic)\] /.test(line))
            .map((line) => line.replace(/\[(?:error|fatal|panic)\] /, ""))
            .join("\n")
        : stderr;
      throw failed(renderFailureReason(withItemNames(errors, this.items), this.dir));
    }
    return stderr;
  }

  /** Items with audio whose loudness did not come with them. */
  unmeasured(items: readonly Item[]): Item[] {
    return items.filter((i) => i.audio && !reusable(this.input.items[i.n - 1]?.loudness, i.audio.channels));
  }

  /**
   * Loudness per segment: measures the items that need it (one ffmpeg run,
   * one ebur128 per item) and settles each item's gain.
   */
  async level(items: Item[], layout: Layout, pictureLength: boolean, range: [number, number] | undefined) {
    const target = loudnessTarget(layout === "mono" ? 1 : 2).integrated;
    const toMeasure = this.unmeasured(items);
    const measured = new Map<number, Loudness>();
    if (toMeasure.length > 0) {
      const graph = this.path("measure.txt");
      await writeFile(graph, measureGraph(toMeasure, layout, pictureLength));
      const total = toMeasure.reduce((sum, i) => sum + i.duration, 0);
      const stderr = await this.ffmpeg(
        [...itemInputs(toMeasure), "-filter_complex_script", graph, "-map", "[a]", "-f", "null", "-"],
        range!,
        total,
        "level+info",
      );
      const summaries = parseEbur128(stderr);
      if (summaries.length !== toMeasure.length) throw failed("the loudness of the items could not be measured");
      for (const [k, item] of toMeasure.entries())
        measured.set(item.n, { ...summaries[k]!, channels: item.audio!.channels ?? 2 });
    }
    this.levels = {
      target,
      items: items.map((item) => {
        const now = measured.get(item.n);
        const loudness = item.audio ? (now ?? this.input.items[item.n - 1]?.loudness ?? null) : null;
        return { n: item.n, loudness, measuredNow: Boolean(now), ...segmentGain(loudness, item.duration, target) };
      }),
    };
    this.ctx.log(
      `loudness: ${this.levels.items.map((i) => `${i.n}: ${i.gainDb} dB (${i.outcome}${i.measuredNow ? "" : ", stored"})`).join("; ")}`,
    );
  }

  gains(): number[] | undefined {
    return this.levels?.items.map((i) => i.gainDb);
  }

  /** The chapters file as one more input (after the others); nothing without chapters. */
  chapterInput(): string[] {
    return this.placed.length
      ? ["-protocol_whitelist", "file", "-f", "ffmetadata", "-i", this.path("chapters.txt")]
      : [];
  }

  chapterMap(inputIndex: number): string[] {
    return this.placed.length ? ["-map_chapters", String(inputIndex)] : [];
  }

  /** The output described; with `verify`, refused unless its media lasts the plan's length (readable.ts). */
  async probeOutput(file: string, verify = false): Promise<ProbeResult> {
    const path = this.path(file);
    const probed = await runFfprobe(this.ctx, path, { protocols: "file" });
    if (!probed.ok) throw failed(`the rendered file could not be read back: ${failureReason(probed.stderr, path)}`);
    const shortfall = verify
      ? outputShortfall(probed.output, { items: this.items, chapterStarts: this.placed.map((c) => c.startTime) })
      : null;
    if (shortfall) throw failed(shortfall);
    return summariseProbe(probed.output);
  }

  /** Splits 10..95 % between the ffmpeg passes by their weight. */
  static ranges(passes: Pass[]): [number, number][] {
    const total = passes.reduce((sum, p) => sum + p.weight, 0);
    let at = 10;
    return passes.map((p) => {
      const from = at;
      at += (85 * p.weight) / total;
      return [from, at];
    });
  }

  async video(items: Item[], inputBytes: number): Promise<"copy" | "reencode"> {
    const total = items.reduce((sum, i) => sum + i.duration, 0);
    const blocker = copyBlocker(items);
    const out = this.path("output.mp4");
    const target = videoTarget(items);
    const loud = this.input.loudness && target.withAudio;
    const [measureRange, mainRange] =
      loud && this.unmeasured(items).length > 0
        ? Render.ranges([{ weight: 0.3 }, { weight: 1 }])
        : [undefined, ...Render.ranges([{ weight: 1 }])];
    if (loud) await this.level(items, target.layout, true, measureRange);
    const graph = this.path("graph.txt");
    const audioFilter = loud ? limiterFilter() : undefined;

    if (!blocker) {
      this.ctx.log(`${items.length} alike items: stream copy${loud ? " (audio normalised per item)" : ""}`);
      // The copy is about as large as the inputs.
      await ensureSpace(this.dir, inputBytes, "the copy of the inputs").catch((error: unknown) => {
        throw error instanceof NoSpace ? noSpace(error) : error;
      });
      const list = this.path("list.ffconcat");
      await writeFile(list, concatList(items));
      // The list is a local file with URLs in it (`-safe 0`); each entry carries its own protocols and demuxer.
      const concat = ["-f", "concat", "-safe", "0", "-protocol_whitelist", "file", "-i", list];
      const first = items[0]!;
      // Normalised audio is made from the items themselves (each at its gain); the picture is still copied.
      if (loud)
        await writeFile(graph, videoGraph(items, target, { audioOnly: true, audioFilter, gains: this.gains() }));
      const picture = loud ? items.length : 0;
      const audio = loud
        ? ["-filter_complex_script", graph, "-map", "[a]", ...AAC]
        : first.audio
          ? ["-map", "0:a:0", "-c:a", "copy"]
          : [];
      await this.ffmpeg(
        [
          ...(loud ? itemInputs(items) : []),
          ...concat,
          ...this.chapterInput(),
          ...["-map", `${picture}:v:0`, "-c:v", "copy"],
          ...(first.video?.codec_name === "hevc" ? ["-tag:v", "hvc1"] : []),
          ...audio,
          ...this.chapterMap(picture + 1),
          ...mp4To(out),
        ],
        mainRange!,
        total,
      );
      return "copy";
    }

    this.ctx.log(`re-encoding to ${target.width}x${target.height}@${target.rate}: ${blocker}`);
    await writeFile(graph, videoGraph(items, target, { audioFilter, gains: this.gains() }));
    await this.ffmpeg(
      [
        ...itemInputs(items),
        ...this.chapterInput(),
        ...["-filter_complex_script", graph, "-map", "[v]"],
        ...(target.withAudio ? ["-map", "[a]"] : []),
        ...this.chapterMap(items.length),
        ...X264,
        ...["-crf", "20"],
        ...AAC,
        ...mp4To(out),
      ],
      mainRange!,
      total,
    );
    return "reencode";
  }

  async audio(items: Item[]): Promise<void> {
    const total = items.reduce((sum, i) => sum + i.duration, 0);
    const layout = outputLayout(items);
    const graph = this.path("graph.txt");
    const m4a = this.path("audio.m4a");
    const loud = this.input.loudness;
    const measuring = loud && this.unmeasured(items).length > 0;
    const ranges = Render.ranges(
      measuring ? [{ weight: 0.3 }, { weight: 0.6 }, { weight: 0.4 }] : [{ weight: 0.6 }, { weight: 0.4 }],
    );
    const [measureRange, audioRange, stillRange] = measuring ? ranges : [undefined, ...ranges];
    this.ctx.log(`${items.length} audio items: AAC ${layout}${loud ? ", loudness normalised per item" : ""}`);
    if (loud) await this.level(items, layout, false, measureRange);
    await writeFile(graph, audioGraph(items, layout, loud ? limiterFilter() : undefined, this.gains()));
    await this.ffmpeg(
      [
        ...itemInputs(items),
        ...this.chapterInput(),
        ...["-filter_complex_script", graph, "-map", "[a]"],
        ...this.chapterMap(items.length),
        ...AAC,
        ...mp4To(m4a),
      ],
      audioRange!,
      total,
    );
    // The picture lasts the audio's length in whole frames (never longer), so the file's duration is the audio's.
    const duration = (await this.probeOutput("audio.m4a")).durationSeconds ?? total;
    const frames = Math.max(1, Math.floor(duration * STILL.fps + 1e-6));
    await this.ffmpeg(
      [
        ...["-f", "lavfi", "-i", `color=c=${STILL.color}:s=${STILL.size}:r=${STILL.fps}:d=${frames / STILL.fps}`],
        ...["-protocol_whitelist", "file", "-i", m4a],
        ...["-map", "0:v:0", "-map", "1:a:0"],
        ...this.chapterMap(1),
        ...X264,
        ...["-tune", "stillimage", "-g", String(STILL.fps * 10)],
        ...["-c:a", "copy"],
        ...mp4To(this.path("output.mp4")),
      ],
      stillRange!,
      duration,
    );
  }

  /**
   * Uploads the outputs one after another, each with its moov in front, while
   * ffprobe reads each back for the answer. Uploads count as the last 5 %.
   */
  async deliver(outputs: { file: string; target: RenderTarget; contentType: string }[]) {
    const bodies = await Promise.all(outputs.map((o) => moovFirst(this.path(o.file))));
    const total = bodies.reduce((sum, b) => sum + b.size, 0) || 1;
    const probed = Promise.all(outputs.map((o) => this.probeOutput(o.file, true)));
    // Settled here too, so a failed upload does not leave the probe's rejection unhandled.
    probed.catch(() => {});
    let before = 0;
    for (const [index, { target, contentType }] of outputs.entries()) {
      const body = bodies[index]!;
      this.ctx.doing("the upload of the output");
      await uploadOutput(body, target, {
        signal: this.ctx.signal,
        contentType,
        onBytes: (sent) => this.report(95 + (5 * (before + sent)) / total),
      });
      before += body.size;
    }
    return (await probed).map((probe, index) => ({ ...probe, size: bodies[index]!.size }));
  }

  async run(): Promise<RenderResult> {
    // Where a render's time goes, in the server's log: probe, join, upload.
    let mark = Date.now();
    const lap = () => {
      const since = mark;
      mark = Date.now();
      return mark - since;
    };
    const { items, bytes, layouts } = await probeItems(this.input, this.ctx, this.report);
    const probeMs = lap();
    this.items = items;
    this.placed = placeChapters(
      items.map((item) => ({ duration: item.duration, chapters: this.input.items[item.n - 1]?.chapters ?? [] })),
    );
    // Alike MP4s without chapters: joined at the box level while uploading, no ffmpeg (ADR 025).
    const joined =
      layouts && !this.placed.length
        ? await joinWhileUploading(this.input, layouts, this.ctx, {
            probeHead: async (head) => {
              await writeFile(this.path("head.mp4"), head);
              return this.probeOutput("head.mp4", true);
            },
            report: (percent) => this.report(percent),
          })
        : null;
    if (joined) {
      // The bench reads this line; the join and the upload are one step here.
      this.ctx.log(`probe ${probeMs} ms, join 0 ms, upload ${lap()} ms (${joined.size} bytes, box-level join)`);
      this.report(100, true);
      return {
        method: "copy",
        durationSeconds: joined.durationSeconds,
        frameRate: joined.frameRate,
        resolution: joined.resolution,
        size: joined.size,
        videoCodec: joined.videoCodec,
        audioCodec: joined.audioCodec,
      };
    }
    if (this.placed.length)
      await writeFile(
        this.path("chapters.txt"),
        ffmetadata(
          this.placed,
          items.reduce((sum, i) => sum + i.duration, 0),
        ),
      );
    let method: RenderResult["method"] = "reencode";
    if (this.input.mediaType === "video") method = await this.video(items, bytes);
    else await this.audio(items);
    const joinMs = lap();
    const [output, audio] = await this.deliver([
      { file: "output.mp4", target: this.input.output, contentType: "video/mp4" },
      ...(this.input.audioOutput
        ? [{ file: "audio.m4a", target: this.input.audioOutput, contentType: "audio/mp4" }]
        : []),
    ]);
    if (!output) throw new Error("the output was not delivered");
    this.ctx.log(`probe ${probeMs} ms, join ${joinMs} ms, upload ${lap()} ms (${output.size} bytes)`);
    this.report(100, true);
    return {
      method,
      durationSeconds: output.durationSeconds,
      frameRate: output.frameRate,
      resolution: output.resolution,
      size: output.size,
      videoCodec: output.videoCodec,
      audioCodec: output.audioCodec,
      ...(audio ? { audioOutput: { size: audio.size, durationSeconds: audio.durationSeconds } } : {}),
      ...(this.placed.length ? { chapters: this.placed } : {}),
      ...(this.levels ? { loudness: this.levels } : {}),
    };
  }
}

export const render: JobKind<RenderInput, RenderResult> = {
  kind: "render",

  timeoutMs: (config) => config.renderTimeoutMs,

  parseInput: parseRenderInput,

  run: (input, context) => inJobFolder("render", context.jobId, (dir) => new Render(input, context, dir).run()),
};
