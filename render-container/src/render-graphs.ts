// The filter graphs and input arguments of a render: each item's audio at
// the output's rate and layout, the loudness measuring pass, the video
// re-encode, the audio join, the concat list of the items' URLs. Pure text;
// render.ts runs them. Split from render-plan.ts (which decides what to run).

import { MEASURE_FILTER } from "./loudness.ts";
import { NETWORK_PROTOCOLS } from "./probe.ts";
import type { Item, Layout, VideoTarget } from "./render-plan.ts";

const SAMPLE_RATE = 48_000;

function seconds3(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * One item's audio at the output's rate and layout, exactly `padTo` long
 * when given (silence when it has none), with its own loudness gain.
 */
export function audioChain(item: Item, index: number, layout: Layout, padTo: number | null, gainDb = 0): string {
  const format = `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=${layout}`;
  if (!item.audio) {
    return `anullsrc=r=${SAMPLE_RATE}:cl=${layout},atrim=duration=${seconds3(padTo ?? item.duration)},${format}`;
  }
  const fit = padTo === null ? "" : `,apad=whole_dur=${seconds3(padTo)},atrim=duration=${seconds3(padTo)}`;
  const gain = gainDb === 0 ? "" : `,volume=${gainDb}dB`;
  return `[${index}:a:0]asetpts=PTS-STARTPTS,aresample=${SAMPLE_RATE},${format}${fit}${gain}`;
}

/**
 * The measuring pass: each item's audio chain (as the render will play it)
 * through its own ebur128, joined only to give ffmpeg one output.
 */
export function measureGraph(items: readonly Item[], layout: Layout, pictureLength: boolean): string {
  const lines = items.map(
    (item, index) =>
      `${audioChain(item, index, layout, pictureLength ? item.duration : null)},${MEASURE_FILTER}[m${index}]`,
  );
  lines.push(`${items.map((_, index) => `[m${index}]`).join("")}concat=n=${items.length}:v=0:a=1[a]`);
  return `${lines.join(";\n")}\n`;
}

/**
 * The filter graph that re-encodes a video playlist: every item scaled into
 * the target size (aspect kept, padded), at the target rate, audio resampled
 * and cut or padded to the picture's length (silence for items without
 * audio), joined by the concat filter. Outputs `[v]` and `[a]`; with
 * `audioOnly` just `[a]` (the loudness measurement).
 */
export function videoGraph(
  items: readonly Item[],
  target: VideoTarget,
  options: { audioFilter?: string; audioOnly?: boolean; gains?: readonly number[] } = {},
): string {
  const { width: w, height: h, rate, layout, withAudio } = target;
  const lines: string[] = [];
  const pads: string[] = [];
  items.forEach((item, index) => {
    if (!options.audioOnly) {
      lines.push(
        `[${index}:v:0]setpts=PTS-STARTPTS,scale=${w}:${h}:force_original_aspect_ratio=decrease:force_divisible_by=2,` +
          `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,fps=${rate},format=yuv420p[v${index}]`,
      );
      pads.push(`[v${index}]`);
    }
    if (withAudio) {
      lines.push(`${audioChain(item, index, layout, item.duration, options.gains?.[index])}[a${index}]`);
      pads.push(`[a${index}]`);
    }
  });
  const v = options.audioOnly ? 0 : 1;
  const a = withAudio ? 1 : 0;
  const joined = a ? (options.audioFilter ? "[joined]" : "[a]") : "";
  lines.push(`${pads.join("")}concat=n=${items.length}:v=${v}:a=${a}${v ? "[v]" : ""}${joined}`);
  if (a && options.audioFilter) lines.push(`[joined]${options.audioFilter}[a]`);
  return `${lines.join(";\n")}\n`;
}

/** The filter graph that joins an audio playlist's items into `[a]` (48 kHz, mono or stereo). */
export function audioGraph(
  items: readonly Item[],
  layout: Layout,
  audioFilter?: string,
  gains?: readonly number[],
): string {
  const lines = items.map((item, index) => `${audioChain(item, index, layout, null, gains?.[index])}[a${index}]`);
  const pads = items.map((_, index) => `[a${index}]`).join("");
  lines.push(`${pads}concat=n=${items.length}:v=0:a=1${audioFilter ? `[joined];\n[joined]${audioFilter}` : ""}[a]`);
  return `${lines.join(";\n")}\n`;
}

/** A token of an ffconcat line, in single quotes (a quote inside becomes '\'' as in a shell). */
const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * ffconcat list for the concat demuxer. An item with a URL is read from it
 * with only network protocols and only the demuxer ffprobe saw (the list is
 * a local file, so the list itself is opened with `file`; these options stop
 * that from reaching the items); one without is a name in the job's folder.
 */
export function concatList(items: readonly Item[]): string {
  const lines = items.map((i) =>
    i.url
      ? `file ${quoted(i.url)}\noption protocol_whitelist ${NETWORK_PROTOCOLS}\noption format_whitelist ${quoted(i.formatName)}`
      : `file ${quoted(i.file)}`,
  );
  return `ffconcat version 1.0\n${lines.join("\n")}\n`;
}

/** ffmpeg's inputs for the items, each opened like the concat list's entries. */
export function itemInputs(items: readonly Item[]): string[] {
  return items.flatMap((i) =>
    i.url
      ? ["-protocol_whitelist", NETWORK_PROTOCOLS, "-format_whitelist", i.formatName, "-i", i.url]
      : ["-protocol_whitelist", "file", "-i", i.file],
  );
}

/** ffmpeg's messages with each item's signed URL replaced by its name (no signature reaches the user). */
export function withItemNames(stderr: string, items: readonly Item[]): string {
  return items.reduce((text, i) => (i.url ? text.split(i.url).join(i.file) : text), stderr);
}
