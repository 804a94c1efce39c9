// Is a file's media there for the whole of its stated duration? (issue 37)
//
// A file whose index (an MP4's moov at the front, a Matroska header) states
// a duration can be cut short after it: ffprobe then describes it whole, and
// a join or a full decode ends early without an error. So the probe and the
// render read each audio and video stream's last packets: ffprobe seeks to
// the last seconds of the stated duration (from the keyframe before them)
// and lists the packets it can actually read. A stream whose packets end
// well before its stated end is damaged. The same rule checks a render's
// output: each stream's own duration against the plan's total, and the
// chapters inside the media.

import type { FfprobeOutput, FfprobeStream } from "./ffprobe-output.ts";
import type { JobContext } from "./jobs.ts";

/** How far before the stated end the packets are read from. */
const TAIL_SECONDS = 3;

/** A stream may end this much short of its stated end (encoder padding, a shorter sound track). */
export function tolerance(seconds: number): number {
  return Math.max(1, seconds * 0.01);
}

/** "1.9 s", "10 s" */
export function secondsText(seconds: number): string {
  return `${Number(Math.max(0, seconds).toFixed(1))} s`;
}

/** Formats whose duration is estimated from the file's size, never stated: a cut-short one is just shorter. */
const ESTIMATED_DURATION_FORMATS = new Set(["mp3", "aac", "ac3", "eac3", "flac", "wav"]);

function number(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && value !== "N/A" && Number.isFinite(n) ? n : null;
}

/** The audio and video streams that carry media (not cover art, not data or subtitle tracks). */
export function mediaStreams(output: FfprobeOutput): FfprobeStream[] {
  return (output.streams ?? []).filter(
    (s) => (s.codec_type === "audio" || s.codec_type === "video") && s.disposition?.attached_pic !== 1,
  );
}

/** `stream_index,pts_time,duration_time` lines → the furthest time each stream's packets reach. */
export function packetReach(csv: string): Map<number, number> {
  const reach = new Map<number, number>();
  for (const line of csv.split("\n")) {
    const [index, pts, duration] = line.trim().split(",");
    const at = number(pts);
    if (index === undefined || index === "" || at === null) continue;
    const end = at + (number(duration) ?? 0);
    const stream = Number(index);
    reach.set(stream, Math.max(reach.get(stream) ?? 0, end));
  }
  return reach;
}

/**
 * Why a probed file's media is not all there (its audio and video stop
 * before its stated end), or null when it is, or cannot be told (stills,
 * formats without a stated duration). Reads only its last seconds.
 */
export async function unreadableTail(
  context: JobContext,
  target: string,
  probed: FfprobeOutput,
  protocols: string,
): Promise<string | null> {
  const formats = (probed.format?.format_name ?? "").split(",");
  if (formats.some((f) => ESTIMATED_DURATION_FORMATS.has(f))) return null;
  const stated = number(probed.format?.duration);
  const start = number((probed.format as { start_time?: string } | undefined)?.start_time) ?? 0;
  const streams = mediaStreams(probed);
  if (stated === null || stated <= 0 || streams.length === 0) return null;
  const { stdout } = await context.exec("ffprobe", [
    "-v",
    "quiet",
    "-protocol_whitelist",
    protocols,
    "-read_intervals",
    `${Math.max(0, start + stated - TAIL_SECONDS).toFixed(3)}%`,
    "-show_entries",
    "packet=stream_index,pts_time,duration_time",
    "-of",
    "csv=p=0",
    "-i",
    target,
  ]);
  // An exit code tells nothing here: a cut-short file ends with "partial file" and code 0 or 1 alike.
  const reach = packetReach(stdout);
  let shortest: number | null = null;
  for (const stream of streams) {
    const ownEnd = number(stream.duration);
    // A stream stated shorter than the file (a sound track ending early) is judged by its own end.
    const end = start + Math.min(stated, ownEnd ?? stated);
    const reached = reach.get(stream.index ?? -1) ?? start;
    if (end - reached > tolerance(stated)) shortest = Math.min(shortest ?? Number.POSITIVE_INFINITY, reached - start);
  }
  if (shortest === null) return null;
  return `its media stops at ${secondsText(shortest)} of its ${secondsText(stated)}; the rest could not be read`;
}

/**
 * Checks a render's output before it is reported done: each audio and video
 * stream's own duration within tolerance of the plan's total, and every
 * chapter inside the media. Null when it holds; otherwise the reason,
 * naming the item where the media stops.
 */
export function outputShortfall(
  output: FfprobeOutput,
  plan: { items: readonly { n: number; duration: number }[]; chapterStarts?: readonly number[] },
): string | null {
  const total = plan.items.reduce((sum, i) => sum + i.duration, 0);
  const streams = mediaStreams(output);
  if (streams.length === 0) return "the rendered file has no audio or video";
  const ends = streams.map((s) => number(s.duration) ?? number(output.format?.duration) ?? 0);
  const ending = Math.min(...ends);
  const lastChapter = Math.max(-1, ...(plan.chapterStarts ?? []));
  if (Math.abs(total - ending) <= tolerance(total) && lastChapter < ending) return null;
  const kind = streams[ends.indexOf(ending)]?.codec_type === "audio" ? "sound" : "picture";
  // The item playing where the media stops (or the last, if it runs long).
  let start = 0;
  let item = plan.items.at(-1);
  for (const candidate of plan.items) {
    if (ending < start + candidate.duration) {
      item = candidate;
      break;
    }
    start += candidate.duration;
  }
  const where =
    ending > total
      ? `the rendered ${kind} runs ${secondsText(ending)} where its items add up to ${secondsText(total)}`
      : `the rendered ${kind} stops at ${secondsText(ending)} of ${secondsText(total)}`;
  return `Item ${item?.n ?? 1} could not be read: ${where}`;
}
