// Job kind `segment` (issue 30): one source object encoded to a show's
// delivery profile, so the Worker can join episodes byte for byte at request
// time: MP3, constant 128 kbit/s, 44.1 kHz stereo, loudness-normalised on its
// own (−16 LUFS, true peak ≤ −1 dBTP, as renders are), whole frames only and
// no ID3 tag or Xing/LAME header (the Worker writes one ID3 tag per request in
// front of the joined frames). The exact duration is counted from the frames.
import { join } from "node:path";
import type { SegmentInput, SegmentResult } from "./contract.ts";
import { fileBody } from "./faststart.ts";
import { type JobContext, JobFailed, type JobKind, type Parsed } from "./jobs.ts";
import { limiterFilter, MEASURE_FILTER, parseEbur128, segmentGain } from "./loudness.ts";
import { countFrames, SAMPLES_PER_FRAME } from "./mp3-frames.ts";
import { parsePosterInput } from "./poster.ts";
import { failureReason, NETWORK_PROTOCOLS, runFfprobe, soundStream, summariseProbe } from "./probe.ts";
import { inJobFolder, uploadOutput } from "./transfer.ts";

export const DELIVERY_SAMPLE_RATE = 44_100;
export const DELIVERY_BITRATE = "128k";
/** Stereo target, as renders use (ADR 015). */
export const DELIVERY_TARGET_LUFS = -16;

/** The same two signed links as a poster's: the source to read, the output to PUT. */
export const parseSegmentInput: (raw: unknown) => Parsed<SegmentInput> = parsePosterInput;

const FORMAT = `aresample=${DELIVERY_SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;

/** The encoding pass: the gain, the true-peak limiter, and LAME at a constant bit rate with nothing but frames. */
export function segmentArgs(url: string, gainDb: number, out: string): string[] {
  const gain = gainDb === 0 ? "" : `,volume=${gainDb}dB`;
  return [
    ...["-hide_banner", "-v", "error", "-y", "-protocol_whitelist", NETWORK_PROTOCOLS, "-i", url],
    ...["-map", "0:a:0", "-vn", "-sn", "-dn", "-map_metadata", "-1"],
    ...["-af", `${FORMAT}${gain},${limiterFilter(DELIVERY_SAMPLE_RATE)}`],
    ...["-c:a", "libmp3lame", "-b:a", DELIVERY_BITRATE, "-ar", String(DELIVERY_SAMPLE_RATE), "-ac", "2"],
    ...["-write_xing", "0", "-id3v2_version", "0", "-write_id3v1", "0", "-f", "mp3", out],
  ];
}

async function encodeSegment(
  { source, output }: SegmentInput,
  context: JobContext,
  dir: string,
): Promise<SegmentResult> {
  const url = source.url;
  const probed = await runFfprobe(context, url, { protocols: NETWORK_PROTOCOLS });
  if (!probed.ok) throw new JobFailed(422, "segment_failed", failureReason(probed.stderr, url));
  if (!soundStream(probed.output)) throw new JobFailed(422, "segment_failed", "no audio stream found in the input");
  const { durationSeconds } = summariseProbe(probed.output);
  context.progress(10);

  const measured = await context.exec("ffmpeg", [
    ...["-hide_banner", "-nostats", "-protocol_whitelist", NETWORK_PROTOCOLS, "-i", url],
    ...["-map", "0:a:0", "-af", `${FORMAT},${MEASURE_FILTER}`, "-f", "null", "-"],
  ]);
  if (measured.code !== 0) throw new JobFailed(422, "segment_failed", failureReason(measured.stderr, url));
  const [summary] = parseEbur128(measured.stderr);
  const loudness = summary ? { ...summary, channels: 2 } : null;
  const { gainDb, outcome } = segmentGain(loudness, durationSeconds ?? 0, DELIVERY_TARGET_LUFS);
  context.progress(40);

  const file = join(dir, "segment.mp3");
  const encoded = await context.exec("ffmpeg", segmentArgs(url, gainDb, file));
  if (encoded.code !== 0) throw new JobFailed(422, "segment_failed", failureReason(encoded.stderr, url));
  const counted = await countFrames(file);
  if (!counted.ok) throw new JobFailed(422, "segment_failed", `the encoder wrote ${counted.reason}`);
  context.progress(80);

  context.doing("the upload of the segment");
  const bytes = await uploadOutput(await fileBody(file), output, { signal: context.signal, contentType: "audio/mpeg" });
  context.progress(100);
  return {
    bytes,
    frames: counted.frames,
    durationSeconds: (counted.frames * SAMPLES_PER_FRAME) / DELIVERY_SAMPLE_RATE,
    loudness: { integrated: summary?.integrated ?? null, truePeak: summary?.truePeak ?? null, gainDb, outcome },
  };
}

export const segment: JobKind<SegmentInput, SegmentResult> = {
  kind: "segment",

  timeoutMs: (config) => config.renderTimeoutMs,

  parseInput: parseSegmentInput,

  run: (input, context) => inJobFolder("segment", context.jobId, (dir) => encodeSegment(input, context, dir)),
};
