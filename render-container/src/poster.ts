// Job kind `poster`: what a FarmerTV episode's video is (duration, width,
// height) and one frame of it as a JPEG, the picture its player shows before
// playing when the uploader gave no cover. ffprobe and ffmpeg read the signed
// video URL themselves (ffmpeg seeks with Range requests), so only the frame
// is written here; it goes up through the signed output URL.
import { join } from "node:path";
import type { PosterInput, PosterResult } from "./contract.ts";
import { fileBody } from "./faststart.ts";
import { isObject, type JobContext, JobFailed, type JobKind, type Parsed } from "./jobs.ts";
import { target } from "./preview.ts";
import { failureReason, NETWORK_PROTOCOLS, pictureStream, runFfprobe, summariseProbe } from "./probe.ts";
import { inJobFolder, uploadOutput } from "./transfer.ts";

/** The frame is taken this far in (or half way through a shorter video): past a black first frame. */
export const POSTER_AT_SECONDS = 1;
/** Network protocols only: a crafted playlist cannot make ffmpeg open local files. */

export function parsePosterInput(raw: unknown): Parsed<PosterInput> {
  const input = isObject(raw) ? raw : {};
  const fields: Record<string, string> = {};
  const source = target(input.source);
  const output = target(input.output);
  if (!source) fields["input.source"] = "must be {url: http(s) URL}";
  if (!output) fields["input.output"] = "must be {url: http(s) URL, headers?}";
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: { source: source!, output: output! } };
}

/** Where the frame is taken: 1 s in, or half way through a shorter (or unknown-length) video. */
export function posterTime(durationSeconds: number | null): number {
  if (durationSeconds === null) return 0;
  return Math.round(Math.min(POSTER_AT_SECONDS, durationSeconds / 2) * 1000) / 1000;
}

async function makePoster({ source, output }: PosterInput, context: JobContext, dir: string): Promise<PosterResult> {
  const url = source.url;
  const probed = await runFfprobe(context, url, { protocols: NETWORK_PROTOCOLS });
  if (!probed.ok) throw new JobFailed(422, "poster_failed", failureReason(probed.stderr, url));
  const picture = pictureStream(probed.output);
  if (!picture?.width || !picture.height)
    throw new JobFailed(422, "poster_failed", "no video stream found in the input");
  const { durationSeconds } = summariseProbe(probed.output);
  context.progress(30);

  const frame = join(dir, "poster.jpg");
  const args = ["-hide_banner", "-v", "error", "-y", "-protocol_whitelist", NETWORK_PROTOCOLS];
  const grabbed = await context.exec("ffmpeg", [
    ...[...args, "-ss", String(posterTime(durationSeconds)), "-i", url],
    ...["-map", `0:${picture.index ?? "v:0"}`, "-frames:v", "1", "-q:v", "3", "-f", "image2", "-c:v", "mjpeg", frame],
  ]);
  if (grabbed.code !== 0) throw new JobFailed(422, "poster_failed", failureReason(grabbed.stderr, url));
  context.progress(70);

  context.doing("the upload of the poster");
  const size = await uploadOutput(await fileBody(frame), output, { signal: context.signal, contentType: "image/jpeg" });
  context.progress(100);
  return { durationSeconds, width: picture.width, height: picture.height, size };
}

export const poster: JobKind<PosterInput, PosterResult> = {
  kind: "poster",

  timeoutMs: (config) => config.probeTimeoutMs,

  parseInput: parsePosterInput,

  run: (input, context) => inJobFolder("poster", context.jobId, (dir) => makePoster(input, context, dir)),
};
