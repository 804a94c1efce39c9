// Job kind `render`: a playlist's items, in order, joined into one file.
//
//   inputs  signed GET URLs, downloaded to a folder of their own (the concat
//           demuxer needs seekable local files), ffprobed
//   join    video, all alike     concat demuxer + stream copy into MP4
//           video, mixed         H.264/AAC re-encode at the most common size and rate (concat filter)
//           audio                AAC (M4A), then an MP4 of it over a still dark frame
//           loudness: true       each item measured (unless its measurement came with it) and gained to
//                                −16 LUFS stereo / −19 LUFS mono; one true-peak limiter (≤ −1 dBTP)
//           chapters             each item's marks placed by the real durations, embedded (ffmetadata)
//   output  streamed from disk to signed PUT URLs; the folder is always removed
//
// Protocol details are in README.md ("Kind render"); the pure parts (plan,
// graphs, loudness, progress, error text) are in render-plan.ts.
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ffmetadata, type ItemChapter, isItemChapters, type PlacedChapter, placeChapters } from "./chapters.ts";
import type { LoudnessResult, RenderInput, RenderItem, RenderResult, RenderTarget } from "./contract.ts";
import { type Fields, isHttpUrl, isObject, type JobContext, JobFailed, type JobKind, type Parsed } from "./jobs.ts";
import {
  isLoudness,
  type Loudness,
  limiterFilter,
  type Outcome,
  parseEbur128,
  reusable,
  segmentGain,
} from "./loudness.ts";
import { failureReason, type ProbeResult, runFfprobe, summariseProbe } from "./probe.ts";
import {
  audioGraph,
  concatList,
  copyBlocker,
  describeItem,
  type Item,
  ItemProblem,
  itemFileName,
  type Layout,
  loudnessTarget,
  type MediaType,
  measureGraph,
  outputLayout,
  progressParser,
  renderFailureReason,
  throttledProgress,
  videoGraph,
  videoTarget,
} from "./render-plan.ts";
import {
  type Budget,
  download,
  ensureSpace,
  NoSpace,
  RESERVED_HEADERS,
  TooLarge,
  Unreadable,
  UploadFailed,
  upload,
} from "./transfer.ts";

export type { LoudnessResult, RenderInput, RenderItem, RenderResult, RenderTarget } from "./contract.ts";

export const MAX_ITEMS = 200;
/** Downloads of one job running side by side. */
const PARALLEL_DOWNLOADS = 3;
const PARALLEL_PROBES = 4;
/** The audio playlist's picture: a dark 1280x720 frame, 5 frames a second. */
const STILL = { color: "0x101010", size: "1280x720", fps: 5 };

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function parseTarget(value: unknown, name: string, fields: Fields): RenderTarget | undefined {
  if (!isObject(value)) {
    fields[name] = "must be an object { url, headers? }";
    return undefined;
  }
  if (!isHttpUrl(value.url)) fields[`${name}.url`] = "must be an http(s) URL";
  const headers = value.headers;
  if (headers !== undefined && headers !== null) {
    const entries = isObject(headers) ? Object.entries(headers) : null;
    if (!entries || entries.length > 50) {
      fields[`${name}.headers`] = "must be an object of at most 50 header names to string values";
    } else {
      for (const [header, text] of entries) {
        if (!HEADER_NAME.test(header) || typeof text !== "string" || /[\r\n\0]/.test(text) || text.length > 8192) {
          fields[`${name}.headers`] = `has an invalid header: ${JSON.stringify(header.slice(0, 64))}`;
          break;
        }
        if (RESERVED_HEADERS.has(header.toLowerCase())) {
          fields[`${name}.headers`] = `must not set ${header.toLowerCase()} (the renderer does)`;
          break;
        }
      }
    }
  }
  return { url: value.url as string, ...(isObject(headers) ? { headers: headers as Record<string, string> } : {}) };
}

export function parseRenderInput(raw: unknown): Parsed<RenderInput> {
  const input = isObject(raw) ? raw : {};
  const fields: Fields = {};
  const { items, output, audioOutput, mediaType, loudness } = input;
  if (!Array.isArray(items) || items.length === 0) {
    fields["input.items"] = "must be a non-empty array of { url }";
  } else if (items.length > MAX_ITEMS) {
    fields["input.items"] = `must have at most ${MAX_ITEMS} items`;
  } else {
    items.forEach((item: unknown, index) => {
      if (!isObject(item) || !isHttpUrl(item.url)) fields[`input.items[${index}].url`] = "must be an http(s) URL";
      if (isObject(item) && item.chapters !== undefined && !isItemChapters(item.chapters))
        fields[`input.items[${index}].chapters`] = "must be at most 100 of { offsetSeconds >= 0, title (1-200 chars) }";
      if (isObject(item) && item.loudness !== undefined && !isLoudness(item.loudness))
        fields[`input.items[${index}].loudness`] = "must be { integrated, truePeak, channels }";
    });
  }
  if (mediaType !== "audio" && mediaType !== "video") fields["input.mediaType"] = 'must be "audio" or "video"';
  const outputTarget = parseTarget(output, "input.output", fields);
  let audioTarget: RenderTarget | undefined;
  if (audioOutput !== undefined && audioOutput !== null) {
    if (mediaType === "video") fields["input.audioOutput"] = "is only for audio playlists";
    else audioTarget = parseTarget(audioOutput, "input.audioOutput", fields);
  }
  if (loudness !== undefined && loudness !== null && typeof loudness !== "boolean") {
    fields["input.loudness"] = "must be true or false";
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      items: (items as RenderItem[]).map(({ url, chapters, loudness: measured }) => ({
        url,
        ...(chapters ? { chapters } : {}),
        ...(measured ? { loudness: measured } : {}),
      })),
      output: outputTarget!,
      ...(audioTarget ? { audioOutput: audioTarget } : {}),
      mediaType: mediaType as MediaType,
      loudness: loudness === true,
    },
  };
}

const failed = (message: string) => new JobFailed(422, "render_failed", message);

/** Too little disk now: 503 (retry once other jobs have freed some); too little ever: 422. */
function noSpace(error: NoSpace): JobFailed {
  if (error.never) return failed(error.message.charAt(0).toUpperCase() + error.message.slice(1));
  return new JobFailed(503, "no_space", error.message);
}

/** Runs `work` over `values` with at most `limit` at once; the first failure stops the rest. */
async function eachLimited<T>(
  values: readonly T[],
  limit: number,
  signal: AbortSignal,
  work: (value: T, index: number, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const stop = new AbortController();
  const combined = AbortSignal.any([signal, stop.signal]);
  let next = 0;
  let firstError: { error: unknown } | undefined;
  const worker = async () => {
    while (next < values.length && !firstError) {
      const index = next++;
      try {
        await work(values[index]!, index, combined);
      } catch (error) {
        if (!firstError) {
          firstError = { error };
          stop.abort(error);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, worker));
  signal.throwIfAborted();
  if (firstError) throw firstError.error;
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

  /** Downloads count as the first 10 %. */
  async download(): Promise<{ files: string[]; bytes: number }> {
    const { items } = this.input;
    const files = items.map((item, index) => itemFileName(index + 1, item.url));
    const done = items.map(() => 0);
    const budget: Budget = { limit: this.ctx.config.renderMaxInputBytes, used: 0 };
    const update = () => this.report((10 * done.reduce((a, b) => a + b, 0)) / items.length);
    this.ctx.doing("the download of the inputs");
    await eachLimited(items, PARALLEL_DOWNLOADS, this.ctx.signal, async (item, index, signal) => {
      try {
        await download(item.url, this.path(files[index]!), {
          signal,
          budget,
          dir: this.dir,
          onBytes: (received, declared) => {
            done[index] = declared ? Math.min(1, received / declared) : 0;
            update();
          },
        });
      } catch (error) {
        if (error instanceof Unreadable) throw failed(`Item ${index + 1} could not be read: ${error.message}`);
        if (error instanceof TooLarge) throw failed(error.message);
        if (error instanceof NoSpace) throw noSpace(error);
        throw error;
      }
      done[index] = 1;
      update();
    });
    return { files, bytes: budget.used };
  }

  /** Probes the inputs side by side (ffprobe's start-up dominates short probes); failures name the first bad item. */
  async describe(files: readonly string[]): Promise<Item[]> {
    const probes: Awaited<ReturnType<typeof runFfprobe>>[] = new Array(files.length);
    await eachLimited(files, PARALLEL_PROBES, this.ctx.signal, async (file, index) => {
      probes[index] = await runFfprobe(this.ctx, this.path(file), {
        protocols: "file",
        extraArgs: ["-show_data_hash", "sha256"],
      });
    });
    return files.map((file, index) => {
      const n = index + 1;
      const probed = probes[index]!;
      if (!probed.ok) throw failed(`Item ${n} could not be read: ${failureReason(probed.stderr, this.path(file))}`);
      try {
        return describeItem(n, file, probed.output, this.input.mediaType);
      } catch (error) {
        if (error instanceof ItemProblem) throw failed(error.message);
        throw error;
      }
    });
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
      throw failed(renderFailureReason(errors, this.dir));
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
        [...this.inputs(toMeasure), "-filter_complex_script", graph, "-map", "[a]", "-f", "null", "-"],
        range!,
        total,
        "level+info",
      );
      const summaries = parseEbur128(stderr);
      if (summaries.length !== toMeasure.length) throw failed("the loudness of the items could not be measured");
      toMeasure.forEach((item, k) => measured.set(item.n, { ...summaries[k]!, channels: item.audio!.channels ?? 2 }));
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

  inputs(items: readonly Item[]): string[] {
    return items.flatMap((item) => ["-protocol_whitelist", "file", "-i", this.path(item.file)]);
  }

  async probeOutput(file: string): Promise<ProbeResult & { size: number }> {
    const path = this.path(file);
    const probed = await runFfprobe(this.ctx, path, { protocols: "file" });
    if (!probed.ok) throw failed(`the rendered file could not be read back: ${failureReason(probed.stderr, path)}`);
    return { ...summariseProbe(probed.output), size: (await stat(path)).size };
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
    const aac = ["-c:a", "aac", "-b:a", "160k"];
    const graph = this.path("graph.txt");
    const audioFilter = loud ? limiterFilter() : undefined;

    if (!blocker) {
      this.ctx.log(`${items.length} alike items: stream copy${loud ? " (audio normalised per item)" : ""}`);
      // The copy is about as large as the inputs, which are on the same disk.
      await ensureSpace(this.dir, inputBytes, "the inputs and their copy", inputBytes).catch((error: unknown) => {
        throw error instanceof NoSpace ? noSpace(error) : error;
      });
      const list = this.path("list.ffconcat");
      await writeFile(list, concatList(items));
      const concat = ["-f", "concat", "-safe", "1", "-protocol_whitelist", "file", "-i", list];
      const first = items[0]!;
      // Normalised audio is made from the items themselves (each at its gain); the picture is still copied.
      if (loud)
        await writeFile(graph, videoGraph(items, target, { audioOnly: true, audioFilter, gains: this.gains() }));
      const picture = loud ? items.length : 0;
      const audio = loud
        ? ["-filter_complex_script", graph, "-map", "[a]", ...aac]
        : first.audio
          ? ["-map", "0:a:0", "-c:a", "copy"]
          : [];
      await this.ffmpeg(
        [
          ...(loud ? this.inputs(items) : []),
          ...concat,
          ...this.chapterInput(),
          "-map",
          `${picture}:v:0`,
          "-c:v",
          "copy",
          ...(first.video?.codec_name === "hevc" ? ["-tag:v", "hvc1"] : []),
          ...audio,
          ...this.chapterMap(picture + 1),
          "-movflags",
          "+faststart",
          "-f",
          "mp4",
          out,
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
        ...this.inputs(items),
        ...this.chapterInput(),
        "-filter_complex_script",
        graph,
        "-map",
        "[v]",
        ...(target.withAudio ? ["-map", "[a]"] : []),
        ...this.chapterMap(items.length),
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-crf",
        "20",
        "-pix_fmt",
        "yuv420p",
        ...aac,
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
        out,
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
        ...this.inputs(items),
        ...this.chapterInput(),
        "-filter_complex_script",
        graph,
        "-map",
        "[a]",
        ...this.chapterMap(items.length),
        "-c:a",
        "aac",
        "-b:a",
        "160k",
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
        m4a,
      ],
      audioRange!,
      total,
    );
    // The picture lasts the audio's length in whole frames (never longer), so the file's duration is the audio's.
    const duration = (await this.probeOutput("audio.m4a")).durationSeconds ?? total;
    const frames = Math.max(1, Math.floor(duration * STILL.fps + 1e-6));
    await this.ffmpeg(
      [
        "-f",
        "lavfi",
        "-i",
        `color=c=${STILL.color}:s=${STILL.size}:r=${STILL.fps}:d=${frames / STILL.fps}`,
        "-protocol_whitelist",
        "file",
        "-i",
        m4a,
        "-map",
        "0:v:0",
        "-map",
        "1:a:0",
        ...this.chapterMap(1),
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-tune",
        "stillimage",
        "-pix_fmt",
        "yuv420p",
        "-g",
        String(STILL.fps * 10),
        "-c:a",
        "copy",
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
        this.path("output.mp4"),
      ],
      stillRange!,
      duration,
    );
  }

  /** Uploads count as the last 5 %. */
  async upload(uploads: { file: string; target: RenderTarget; contentType: string; size: number }[]): Promise<void> {
    const total = uploads.reduce((sum, u) => sum + u.size, 0) || 1;
    let before = 0;
    this.ctx.doing("the upload of the output");
    for (const { file, target, contentType, size } of uploads) {
      try {
        await upload(this.path(file), target.url, {
          signal: this.ctx.signal,
          headers: target.headers,
          contentType,
          onBytes: (sent) => this.report(95 + (5 * (before + sent)) / total),
        });
      } catch (error) {
        if (error instanceof UploadFailed) throw new JobFailed(503, "output_failed", error.message);
        throw error;
      }
      before += size;
    }
  }

  async run(): Promise<RenderResult> {
    const { files, bytes } = await this.download();
    const items = await this.describe(files);
    this.placed = placeChapters(
      items.map((item) => ({ duration: item.duration, chapters: this.input.items[item.n - 1]?.chapters ?? [] })),
    );
    if (this.placed.length)
      await writeFile(
        this.path("chapters.txt"),
        ffmetadata(
          this.placed,
          items.reduce((sum, i) => sum + i.duration, 0),
        ),
      );
    const method =
      this.input.mediaType === "video"
        ? await this.video(items, bytes)
        : (await this.audio(items), "reencode" as const);
    const output = await this.probeOutput("output.mp4");
    const audio = this.input.audioOutput ? await this.probeOutput("audio.m4a") : undefined;
    await this.upload([
      { file: "output.mp4", target: this.input.output, contentType: "video/mp4", size: output.size },
      ...(audio && this.input.audioOutput
        ? [{ file: "audio.m4a", target: this.input.audioOutput, contentType: "audio/mp4", size: audio.size }]
        : []),
    ]);
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

  async run(input, context) {
    const dir = await mkdtemp(join(tmpdir(), `render-${context.jobId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40)}-`));
    try {
      return await new Render(input, context, dir).run();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
