// A render's items, read where they are: ffprobe opens each signed URL itself
// (range requests: the moov and the first packets, not the whole file), and
// the joins open them again the same way (render-plan.ts `itemInputs`,
// `concatList`). Nothing is downloaded to disk first.
import type { RenderInput } from "./contract.ts";
import { type JobContext, JobFailed } from "./jobs.ts";
import { eachLimited } from "./limiter.ts";
import { type Mp4Facts, type Mp4Layout, readMp4Facts } from "./mp4-probe.ts";
import { failureReason, NETWORK_PROTOCOLS, runFfprobe } from "./probe.ts";
import { unreadableTail } from "./readable.ts";
import { describeItem, type Item, ItemProblem, itemFileName } from "./render-plan.ts";
import { TooLarge } from "./transfer.ts";

/** Probes of one job running side by side: each mostly waits on ffprobe's start-up and the storage's answers. */
const PARALLEL_PROBES = 6;

export const failed = (message: string) => new JobFailed(422, "render_failed", message);

/** ffmpeg's words for an HTTP error, in the storage's terms ("Server returned 404 Not Found"). */
function readReason(stderr: string, url: string): string {
  const http = /Server returned (\d{3}) ([^\n]*)/.exec(stderr);
  return http ? `the storage answered ${http[1]} ${http[2]!.trim()}` : failureReason(stderr, url);
}

/** What ffprobe calls the MP4 demuxer (the join opens the items with only it). */
const MP4_FORMAT = "mov,mp4,m4a,3gp,3g2,mj2";

/** The items, their bytes together, and for alike MP4s where their boxes are (a join at the box level reads them). */
export type Probed = { items: Item[]; bytes: number; layouts?: Mp4Layout[] };

/**
 * A video playlist of alike MP4s joined without loudness work: each item's
 * moov read with range requests (mp4-probe.ts), no ffprobe process. Null
 * unless every item is such an MP4 and all their copy facts are equal; the
 * caller then ffprobes them all.
 */
async function alikeMp4s(input: RenderInput, ctx: JobContext): Promise<Probed | null> {
  if (input.mediaType !== "video" || input.loudness) return null;
  const facts: (Mp4Facts | null)[] = new Array(input.items.length);
  ctx.doing("the download of the inputs");
  await eachLimited(input.items, 2 * PARALLEL_PROBES, ctx.signal, async ({ url }, index) => {
    facts[index] = await readMp4Facts(url, ctx.signal);
  });
  const first = facts[0];
  if (!first || facts.some((f) => f?.signature !== first.signature)) return null;
  const items = input.items.map(({ url }, index): Item => {
    const f = facts[index]!;
    return {
      n: index + 1,
      file: itemFileName(index + 1, url),
      url,
      duration: f.duration,
      formatName: MP4_FORMAT,
      streamLayout: f.audioCodec ? "video,audio" : "video",
      video: { codec_type: "video", codec_name: f.videoCodec, width: f.width, height: f.height },
      audio: f.audioCodec ? { codec_type: "audio", codec_name: f.audioCodec } : undefined,
      displaySize: { width: f.width, height: f.height },
      rotation: 0,
    };
  });
  ctx.log(`${items.length} alike MP4 items: facts from their moov boxes, no ffprobe`);
  return { items, bytes: facts.reduce((sum, f) => sum + f!.size, 0), layouts: facts.map((f) => f!.layout) };
}

/**
 * An item cut short behind an index that states its whole duration fails the render, named: its
 * last seconds are read (its probe may predate that check). Alike MP4s never get here cut short:
 * `alikeMp4s` refuses an mdat that runs past the file's end.
 */
async function refuseDamagedItems(
  items: RenderInput["items"],
  probes: Awaited<ReturnType<typeof runFfprobe>>[],
  ctx: JobContext,
) {
  const reasons: (string | null)[] = new Array(items.length).fill(null);
  await eachLimited(items, PARALLEL_PROBES, ctx.signal, async ({ url }, index) => {
    const probed = probes[index];
    if (probed?.ok) reasons[index] = await unreadableTail(ctx, url, probed.output, NETWORK_PROTOCOLS);
  });
  const first = reasons.findIndex((reason) => reason !== null);
  if (first >= 0) throw failed(`Item ${first + 1} could not be read: ${reasons[first]}`);
}

/**
 * Alike MP4s for a plain join are read by `alikeMp4s`; otherwise it
 * ffprobes every item (side by side; failures name the first bad item) and
 * checks what the plan needs: the streams, codec parameters and codec
 * headers (`-show_data_hash` hashes only those, the `extradata`, for the
 * copy decision), the durations, and the sizes against
 * RENDER_MAX_INPUT_BYTES. Progress 0–10 %.
 */
export async function probeItems(
  input: RenderInput,
  ctx: JobContext,
  report: (percent: number) => void,
): Promise<Probed> {
  const quick = await alikeMp4s(input, ctx);
  if (quick) {
    if (quick.bytes > ctx.config.renderMaxInputBytes)
      throw failed(new TooLarge(ctx.config.renderMaxInputBytes).message);
    report(10);
    return quick;
  }
  const { items } = input;
  const probes: Awaited<ReturnType<typeof runFfprobe>>[] = new Array(items.length);
  let done = 0;
  await eachLimited(items, PARALLEL_PROBES, ctx.signal, async ({ url }, index) => {
    const probing = runFfprobe(ctx, url, { protocols: NETWORK_PROTOCOLS, extraArgs: ["-show_data_hash", "sha256"] });
    // ffprobe is reading the input over HTTP: a storage that stops answering times out as the download.
    ctx.doing("the download of the inputs");
    probes[index] = await probing;
    report((10 * ++done) / items.length);
  });
  let bytes = 0;
  const described = items.map(({ url }, index) => {
    const n = index + 1;
    const probed = probes[index]!;
    if (!probed.ok) throw failed(`Item ${n} could not be read: ${readReason(probed.stderr, url)}`);
    // The storage's content-length, as ffprobe saw it; a size it did not tell is not counted.
    bytes += Number(probed.output.format?.size) || 0;
    try {
      return { ...describeItem(n, itemFileName(n, url), probed.output, input.mediaType), url };
    } catch (error) {
      if (error instanceof ItemProblem) throw failed(error.message);
      throw error;
    }
  });
  if (bytes > ctx.config.renderMaxInputBytes) throw failed(new TooLarge(ctx.config.renderMaxInputBytes).message);
  await refuseDamagedItems(items, probes, ctx);
  return { items: described, bytes };
}
