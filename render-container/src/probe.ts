// Job kind `probe`: what a media file is (duration, frame rate, resolution,
// codecs). ffprobe reads the signed input URL itself; the file never passes
// through the Worker or this server.
import { isHttpUrl, JobFailed, type JobKind, type Parsed } from "./jobs.ts";

export type ProbeInput = { url: string };

export type ProbeResult = {
  durationSeconds: number | null;
  frameRate: number | null;
  /** "1920x1080" */
  resolution: string | null;
  hasVideo: boolean;
  hasAudio: boolean;
  videoCodec: string | null;
  audioCodec: string | null;
  formatName: string | null;
};

type FfprobeStream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
};

export type FfprobeOutput = {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string };
};

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
function isStillImage(formatName: string | undefined): boolean {
  return (formatName ?? "").split(",").some((name) => name === "image2" || name.endsWith("_pipe"));
}

export function summariseProbe(output: FfprobeOutput): ProbeResult {
  const streams = output.streams ?? [];
  const formatName = output.format?.format_name ?? null;
  // Cover art in an mp3/m4a shows up as a video stream marked attached_pic: it is not video.
  const video = streams.find((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
  const audio = streams.find((s) => s.codec_type === "audio");
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

export const probe: JobKind<ProbeInput, ProbeResult> = {
  kind: "probe",

  timeoutMs: (config) => config.probeTimeoutMs,

  parseInput(input): Parsed<ProbeInput> {
    const url = (input as { url?: unknown }).url;
    if (!isHttpUrl(url)) return { ok: false, fields: { "input.url": "must be an http(s) URL" } };
    return { ok: true, value: { url } };
  },

  async run({ url }, context) {
    const { code, stdout, stderr } = await context.exec("ffprobe", [
      "-v",
      "error",
      // Only network protocols: a crafted playlist cannot make ffprobe open local files.
      "-protocol_whitelist",
      "http,https,tcp,tls",
      "-print_format",
      "json",
      "-show_format",
      "-show_streams",
      "-i",
      url,
    ]);
    if (code !== 0) throw new JobFailed(422, "probe_failed", failureReason(stderr, url));
    let output: FfprobeOutput;
    try {
      output = JSON.parse(stdout) as FfprobeOutput;
    } catch {
      throw new JobFailed(422, "probe_failed", "ffprobe printed no readable description of the input");
    }
    const result = summariseProbe(output);
    if (!result.hasVideo && !result.hasAudio) {
      throw new JobFailed(422, "probe_failed", "no audio or video stream found in the input");
    }
    return result;
  },
};
