// Job kind `preview`: the streaming preview of a product's audio file, and its
// waveform peaks. A store page plays only this, never the original:
//   - MP3 at 128 kbit/s, 44.1 kHz stereo, the whole length of the original;
//   - the seller's voice tag (optional) mixed in at 0 s, 30 s, 60 s …;
//   - `peaks` levels between 0 and 1 of the preview itself, so the page draws the
//     waveform of what it plays without decoding audio in the browser.
// Inputs and output move through signed URLs, as for every kind.
import { join } from "node:path";
import { fileBody } from "./faststart.ts";
import { isHttpUrl, isObject, type JobContext, JobFailed, type JobKind, type Parsed } from "./jobs.ts";
import { DEFAULT_PEAKS, PEAK_RATE, peaksOf } from "./peaks.ts";
import { failureReason, runFfprobe } from "./probe.ts";
import { download, inJobFolder, TooLarge, Unreadable, uploadOutput } from "./transfer.ts";

/** The tag comes back every this many seconds. */
export const TAG_INTERVAL_SECONDS = 30;
export const PREVIEW_BITRATE = "128k";
const SAMPLE_RATE = 44_100;
export const MAX_PEAKS = 2000;

export type Target = { url: string; headers?: Record<string, string> };

export type PreviewInput = {
  source: Target;
  tag?: Target;
  output: Target;
  peaks: number;
};

export type PreviewResult = {
  durationSeconds: number | null;
  size: number;
  tagged: boolean;
  peaks: number[];
};

/** A signed link with the headers it was signed for (shared by the kinds that upload one file). */
export function target(value: unknown): Target | null {
  if (!isObject(value) || !isHttpUrl(value.url)) return null;
  const headers = value.headers;
  if (headers !== undefined && (!isObject(headers) || Object.values(headers).some((v) => typeof v !== "string"))) {
    return null;
  }
  return { url: value.url, headers: headers as Record<string, string> | undefined };
}

export function parsePreviewInput(raw: unknown): Parsed<PreviewInput> {
  const input = isObject(raw) ? raw : {};
  const fields: Record<string, string> = {};
  const source = target(input.source);
  const output = target(input.output);
  const tag = input.tag === undefined || input.tag === null ? undefined : target(input.tag);
  if (!source) fields["input.source"] = "must be {url: http(s) URL}";
  if (!output) fields["input.output"] = "must be {url: http(s) URL, headers?}";
  if (tag === null) fields["input.tag"] = "must be {url: http(s) URL} when present";
  const peaks = input.peaks ?? DEFAULT_PEAKS;
  if (typeof peaks !== "number" || !Number.isInteger(peaks) || peaks < 1 || peaks > MAX_PEAKS) {
    fields["input.peaks"] = `must be an integer from 1 to ${MAX_PEAKS}`;
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: { source: source!, output: output!, tag: tag ?? undefined, peaks: peaks as number } };
}

/**
 * The filter graph: the tag is cut to the interval, padded with silence to
 * exactly the interval and looped for ever; `amix` stops with the original.
 */
export function previewArgs(source: string, tag: string | undefined, out: string): string[] {
  const format = `aresample=${SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;
  const encode = ["-c:a", "libmp3lame", "-b:a", PREVIEW_BITRATE, "-ar", String(SAMPLE_RATE), "-ac", "2"];
  const input = (path: string) => ["-protocol_whitelist", "file", "-i", path];
  if (!tag) return [...input(source), "-map", "0:a:0", "-af", format, ...encode, "-f", "mp3", out];
  const loopSamples = TAG_INTERVAL_SECONDS * SAMPLE_RATE;
  const graph = [
    `[0:a:0]${format}[main]`,
    `[1:a:0]${format},atrim=0:${TAG_INTERVAL_SECONDS},apad=whole_dur=${TAG_INTERVAL_SECONDS},aloop=loop=-1:size=${loopSamples}[tag]`,
    "[main][tag]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[mixed]",
  ].join(";");
  return [...input(source), ...input(tag), "-filter_complex", graph, "-map", "[mixed]", ...encode, "-f", "mp3", out];
}

async function fetchInput(url: string, path: string, context: JobContext, dir: string, what: string) {
  context.doing(`the download of the ${what}`);
  try {
    await download(url, path, {
      signal: context.signal,
      budget: { limit: context.config.renderMaxInputBytes, used: 0 },
      dir,
    });
  } catch (error) {
    if (error instanceof Unreadable)
      throw new JobFailed(422, "preview_failed", `The ${what} could not be read: ${error.message}`);
    if (error instanceof TooLarge) throw new JobFailed(422, "preview_failed", error.message);
    throw error;
  }
}

async function makePreview(input: PreviewInput, context: JobContext, dir: string): Promise<PreviewResult> {
  const source = join(dir, "source");
  const tag = input.tag ? join(dir, "tag") : undefined;
  const preview = join(dir, "preview.mp3");
  const pcm = join(dir, "levels.pcm");
  await fetchInput(input.source.url, source, context, dir, "audio file");
  if (input.tag && tag) await fetchInput(input.tag.url, tag, context, dir, "voice tag");
  context.progress(20);

  const encoded = await context.exec("ffmpeg", [
    "-hide_banner",
    "-v",
    "error",
    "-y",
    ...previewArgs(source, tag, preview),
  ]);
  if (encoded.code !== 0) throw new JobFailed(422, "preview_failed", failureReason(encoded.stderr, source));
  context.progress(70);

  const decoded = await context.exec(
    "ffmpeg",
    [
      ["-hide_banner", "-v", "error", "-y", "-protocol_whitelist", "file", "-i", preview],
      ["-ac", "1", "-ar", String(PEAK_RATE), "-f", "s16le", "-c:a", "pcm_s16le", pcm],
    ].flat(),
  );
  if (decoded.code !== 0) throw new JobFailed(422, "preview_failed", failureReason(decoded.stderr, preview));
  const peaks = await peaksOf(pcm, input.peaks);

  const described = await runFfprobe(context, preview, { protocols: "file" });
  const duration = described.ok ? Number(described.output.format?.duration) : Number.NaN;
  context.progress(85);

  context.doing("the upload of the preview");
  const size = await uploadOutput(await fileBody(preview), input.output, {
    signal: context.signal,
    contentType: "audio/mpeg",
  });
  context.progress(100);
  return {
    durationSeconds: Number.isFinite(duration) ? Math.round(duration * 1000) / 1000 : null,
    size,
    tagged: Boolean(tag),
    peaks,
  };
}

export const preview: JobKind<PreviewInput, PreviewResult> = {
  kind: "preview",

  timeoutMs: (config) => config.renderTimeoutMs,

  parseInput: parsePreviewInput,

  run: (input, context) => inJobFolder("preview", context.jobId, (dir) => makePreview(input, context, dir)),
};
