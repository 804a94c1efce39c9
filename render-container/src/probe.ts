// Job kind `probe`: what a media file is (duration, frame rate, resolution,
// codecs). ffprobe reads the signed input URL itself; the file never passes
// through the Worker or this server.
import type { ProbeInput, ProbeResult } from "./contract.ts";
import type { FfprobeOutput, FfprobeStream } from "./ffprobe-output.ts";
import { isHttpUrl, type JobContext, JobFailed, type JobKind, type Parsed } from "./jobs.ts";
import { probePeaks } from "./probe-peaks.ts";
import { NETWORK_PROTOCOLS } from "./protocols.ts";
import { unreadableTail } from "./readable.ts";
import { probeTempo } from "./tempo.ts";

export type { ProbeInput, ProbeResult } from "./contract.ts";
export type { FfprobeOutput, FfprobeStream } from "./ffprobe-output.ts";

export { NETWORK_PROTOCOLS };

/** What a seller's audio file is, beside the summary: the facts a store page shows. */
export type AudioFacts = {
  sampleRate: number | null;
  channels: number | null;
  /** Bits per second of the whole file. */
  bitrate: number | null;
};

function positiveInteger(value: string | number | undefined): number | null {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? Math.round(number) : null;
}

export function audioFacts(output: FfprobeOutput): AudioFacts {
  const audio = soundStream(output);
  return {
    sampleRate: positiveInteger(audio?.sample_rate),
    channels: positiveInteger(audio?.channels),
    bitrate: positiveInteger(output.format?.bit_rate),
  };
}

/** The picture stream of a file: the first video stream that is not cover art. */
export function pictureStream(output: FfprobeOutput): FfprobeStream | undefined {
  return output.streams?.find((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
}

export function soundStream(output: FfprobeOutput): FfprobeStream | undefined {
  return output.streams?.find((s) => s.codec_type === "audio");
}

/**
 * Runs `ffprobe -print_format json -show_format -show_streams` on `target`,
 * opening it with only the `protocols` given. Resolves with the parsed
 * description, or with ffprobe's stderr when it failed or printed nonsense.
 */
export async function runFfprobe(
  context: JobContext,
  target: string,
  options: { protocols: string; extraArgs?: readonly string[] },
): Promise<{ ok: true; output: FfprobeOutput } | { ok: false; stderr: string }> {
  const { code, stdout, stderr } = await context.exec("ffprobe", [
    "-v",
    "error",
    "-protocol_whitelist",
    options.protocols,
    "-print_format",
    "json",
    "-show_format",
    "-show_streams",
    ...(options.extraArgs ?? []),
    "-i",
    target,
  ]);
  if (code !== 0) return { ok: false, stderr };
  try {
    return { ok: true, output: JSON.parse(stdout) as FfprobeOutput };
  } catch {
    return { ok: false, stderr: `${stderr}\nffprobe printed no readable description of the input` };
  }
}

/** "30000/1001" → 29.97 (3 decimals); "0/0", "N/A" and nonsense → null. */
export function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den = "1"] = rate.split("/");
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 1000) / 1000 : null;
}

function parseSeconds(value: string | undefined): number | null {
  if (value === undefined) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) / 1000 : null;
}

/** Single-picture demuxers (png_pipe, jpeg_pipe, image2 …): no frame rate, no duration. */
export function isStillImage(formatName: string | undefined): boolean {
  return (formatName ?? "").split(",").some((name) => name === "image2" || name.endsWith("_pipe"));
}

export function summariseProbe(output: FfprobeOutput): ProbeResult {
  const _streams = output.streams ?? [];
  const formatName = output.format?.format_name ?? null;
  // Cover art in an mp3/m4a shows up as a video stream marked attached_pic: it is not video.
  const video = pictureStream(output);
  const audio = soundStream(output);
  const still = isStillImage(output.format?.format_name);

  let durationSeconds = still ? null : parseSeconds(output.format?.duration);
  if (durationSeconds === null && !still) {
    const streamDurations = [video, audio].map((s) => parseSeconds(s?.duration)).filter((d) => d !== null);
    durationSeconds = streamDurations.length > 0 ? Math.max(...streamDurations) : null;
  }
  const frameRate = video && !still ? (parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate)) : null;
  const resolution = video?.width && video.height ? `${video.width}x${video.height}` : null;

  return {
    durationSeconds,
    frameRate,
    resolution,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    formatName,
  };
}

/**
 * A short human reason from ffprobe's stderr, e.g. "Invalid data found when
 * processing input (moov atom not found)". Signed URLs never leak into it:
 * the input URL becomes "input" and any other URL loses its query.
 */
export function failureReason(stderr: string, url: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^\[[^\]]*@ ?0x[0-9a-f]+\]\s*/i, "") // "[mov,mp4,… @ 0x55…] "
        .split(url)
        .join("input")
        .replace(/^input:\s*/, "")
        .replace(/(https?:\/\/[^\s?#]+)[?#]\S*/gi, "$1")
        .trim(),
    )
    .filter((line) => line !== "");
  const distinct = [...new Set(lines)];
  const last = distinct.at(-1);
  if (!last) return "ffprobe could not read the input";
  const before = distinct.at(-2);
  const reason = before ? `${last} (${before})` : last;
  return reason.length > 300 ? `${reason.slice(0, 297)}...` : reason;
}

/** A file cut short behind an index that states its whole duration is refused, in words the member sees. */
async function refuseDamaged(context: JobContext, url: string, output: FfprobeOutput) {
  const damaged = await unreadableTail(context, url, output, NETWORK_PROTOCOLS);
  if (damaged) throw new JobFailed(422, "probe_failed", `${damaged.charAt(0).toUpperCase()}${damaged.slice(1)}`);
}

export const probe: JobKind<
  ProbeInput,
  ProbeResult & AudioFacts & { peaks: number[] | null; tempo?: ProbeResult["tempo"] }
> = {
  kind: "probe",

  timeoutMs: (config) => config.probeTimeoutMs,

  parseInput(input): Parsed<ProbeInput> {
    const url = (input as { url?: unknown }).url;
    const tempo = (input as { tempo?: unknown }).tempo ?? false;
    if (!isHttpUrl(url)) return { ok: false, fields: { "input.url": "must be an http(s) URL" } };
    if (typeof tempo !== "boolean") return { ok: false, fields: { "input.tempo": "must be true or false" } };
    return { ok: true, value: { url, tempo } };
  },

  async run({ url, tempo }, context) {
    // Only network protocols: a crafted playlist cannot make ffprobe open local files.
    const probed = await runFfprobe(context, url, { protocols: NETWORK_PROTOCOLS });
    if (!probed.ok) throw new JobFailed(422, "probe_failed", failureReason(probed.stderr, url));
    const result = summariseProbe(probed.output);
    if (!result.hasVideo && !result.hasAudio) {
      throw new JobFailed(422, "probe_failed", "no audio or video stream found in the input");
    }
    await refuseDamaged(context, url, probed.output);
    const peaks = await probePeaks(context, url, result);
    // Only when asked: decoding a minute of audio is worth it for a beat on sale, not for every file.
    if (!tempo) return { ...result, ...audioFacts(probed.output), peaks };
    return { ...result, ...audioFacts(probed.output), peaks, tempo: await probeTempo(context, url, result) };
  },
};
