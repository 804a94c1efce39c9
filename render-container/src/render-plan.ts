// The pure half of job kind `render`: what each item is, whether
// the items can be joined by stream copy, the filter graphs for re-encoding
// and for per-item loudness, progress and error text. No I/O here;
// src/render.ts runs the plan.

import type { MediaType } from "./contract.ts";
import { MEASURE_FILTER } from "./loudness.ts";
import {
  type FfprobeOutput,
  type FfprobeStream,
  isStillImage,
  NETWORK_PROTOCOLS,
  parseRate,
  pictureStream,
  soundStream,
  summariseProbe,
} from "./probe.ts";

export type { MediaType };

/** One playlist item after ffprobe. */
export type Item = {
  /** 1-based position in the playlist. */
  n: number;
  /** Its name in ffmpeg's messages, e.g. "item-2.mp4" (becomes "item 2" in the user's). */
  file: string;
  /** Its signed GET URL, which ffmpeg reads itself (ranges); absent in unit tests of the plan. */
  url?: string;
  duration: number;
  formatName: string;
  streamLayout: string;
  video?: FfprobeStream;
  audio?: FfprobeStream;
  /** The picture as shown, after any rotation: "1920x1080". */
  displaySize?: { width: number; height: number };
  rotation: number;
};

/** A problem with one item, told to the user as "Item <n> …". */
export class ItemProblem extends Error {
  readonly n: number;

  constructor(n: number, message: string) {
    super(`Item ${n} ${message}`);
    this.name = "ItemProblem";
    this.n = n;
  }
}

/**
 * Demuxers that open other files or URLs named inside the file (playlists,
 * manifests, scripts). Inputs are read with only the `file` protocol, but a
 * crafted "video" must not make ffmpeg read the container's own files either.
 */
const REFUSED_FORMATS: Record<string, string> = {
  hls: "an HLS playlist",
  dash: "a DASH manifest",
  concat: "a concat script",
  ffmetadata: "an ffmetadata file",
  imf: "an IMF composition",
  image2: "an image sequence",
  tee: "a tee list",
};

/** Extensions kept in an item's name (ffmpeg's messages name it); anything else gets ".media". */
const MEDIA_EXTENSIONS = new Set([
  "mp4",
  "m4v",
  "m4a",
  "mov",
  "qt",
  "mkv",
  "webm",
  "mka",
  "avi",
  "wmv",
  "wma",
  "asf",
  "flv",
  "ts",
  "mts",
  "m2ts",
  "mpg",
  "mpeg",
  "3gp",
  "3g2",
  "mp3",
  "aac",
  "ac3",
  "eac3",
  "wav",
  "flac",
  "ogg",
  "oga",
  "ogv",
  "opus",
  "aif",
  "aiff",
  "caf",
]);

export function itemFileName(n: number, url: string): string {
  let extension = "media";
  try {
    const match = /\.([a-z0-9]{1,5})$/i.exec(new URL(url).pathname);
    if (match && MEDIA_EXTENSIONS.has(match[1]!.toLowerCase())) extension = match[1]!.toLowerCase();
  } catch {
    // validated earlier; keep the neutral extension
  }
  return `item-${n}.${extension}`;
}

function rotationOf(stream: FfprobeStream | undefined): number {
  if (!stream) return 0;
  const fromSideData = stream.side_data_list?.find((d) => typeof d.rotation === "number")?.rotation;
  const raw = fromSideData ?? Number(stream.tags?.rotate ?? 0);
  const degrees = Number.isFinite(raw) ? ((Math.round(raw) % 360) + 360) % 360 : 0;
  return degrees;
}

/** Reads one item's ffprobe output and refuses what cannot be part of a `mediaType` playlist. */
export function describeItem(n: number, file: string, output: FfprobeOutput, mediaType: MediaType): Item {
  const summary = summariseProbe(output);
  const formatName = summary.formatName ?? "";
  const refused = formatName.split(",").find((name) => Object.hasOwn(REFUSED_FORMATS, name));
  if (refused) throw new ItemProblem(n, `is not a media file but ${REFUSED_FORMATS[refused]}`);
  const video = pictureStream(output);
  const audio = soundStream(output);
  if (mediaType === "video") {
    if (!video) throw new ItemProblem(n, "has no video stream");
    if (isStillImage(formatName)) throw new ItemProblem(n, "is a still image, not a video");
  } else if (!audio) {
    throw new ItemProblem(n, "has no audio stream");
  }
  // The picture's own length decides a video segment's length; audio is padded or cut to it.
  const streamDuration = Number((mediaType === "video" ? video : audio)?.duration);
  const duration =
    Number.isFinite(streamDuration) && streamDuration > 0 ? streamDuration : (summary.durationSeconds ?? 0);
  if (!(duration > 0)) throw new ItemProblem(n, "has no duration");
  const rotation = rotationOf(video);
  const displaySize =
    video?.width && video.height
      ? rotation === 90 || rotation === 270
        ? { width: video.height, height: video.width }
        : { width: video.width, height: video.height }
      : undefined;
  return {
    n,
    file,
    duration,
    formatName,
    streamLayout: (output.streams ?? []).map((s) => s.codec_type ?? "?").join(","),
    video: mediaType === "video" ? video : undefined,
    audio,
    displaySize,
    rotation,
  };
}

// ---------------------------------------------------------------------------
// Stream copy or re-encode

/** Codecs the MP4 muxer takes as they are. */
const MP4_VIDEO = new Set(["h264", "hevc", "av1", "mpeg4"]);
const MP4_AUDIO = new Set(["aac", "mp3", "ac3", "eac3", "alac"]);

type Trait = [label: string, value: (item: Item) => unknown];

const TRAITS: Trait[] = [
  ["video codec", (i) => i.video?.codec_name],
  ["video profile", (i) => i.video?.profile],
  ["resolution", (i) => (i.video ? `${i.video.width}x${i.video.height}` : undefined)],
  ["frame rate", (i) => i.video?.r_frame_rate],
  ["pixel format", (i) => i.video?.pix_fmt],
  ["pixel aspect ratio", (i) => i.video?.sample_aspect_ratio ?? "1:1"],
  ["rotation", (i) => i.rotation],
  // Same codec, different encoder settings: MP4 keeps one H.264 header (SPS/PPS) for the whole track.
  ["video encoder settings", (i) => i.video?.extradata_hash],
  ["audio", (i) => (i.audio ? "present" : "absent")],
  ["audio codec", (i) => i.audio?.codec_name],
  ["audio profile", (i) => i.audio?.profile],
  ["sample rate", (i) => i.audio?.sample_rate],
  ["channels", (i) => i.audio?.channels],
  ["audio encoder settings", (i) => i.audio?.extradata_hash],
  // The concat demuxer pairs streams by position.
  ["stream layout", (i) => i.streamLayout],
];

function shown(value: unknown): string {
  if (value === undefined || value === null) return "none";
  const text = String(value);
  return text.startsWith("SHA256:") ? text.slice(7, 15) : text;
}

/**
 * Why the items cannot be joined by stream copy (concat demuxer, `-c copy`),
 * or null when they can: same video codec, size, rate, pixel format and
 * encoder headers, same audio codec, rate and channels (or no audio at all),
 * and codecs that MP4 carries.
 */
export function copyBlocker(items: readonly Item[]): string | null {
  const [first, ...rest] = items;
  if (!first) return "no items";
  for (const item of items) {
    const video = item.video?.codec_name ?? "none";
    if (!MP4_VIDEO.has(video)) return `item ${item.n}'s video codec (${video}) needs re-encoding for MP4`;
    if (item.audio && !MP4_AUDIO.has(item.audio.codec_name ?? "")) {
      return `item ${item.n}'s audio codec (${item.audio.codec_name ?? "unknown"}) needs re-encoding for MP4`;
    }
  }
  for (const item of rest) {
    for (const [label, value] of TRAITS) {
      const a = value(first);
      const b = value(item);
      if (a !== b) return `item ${item.n} differs from item ${first.n} in ${label} (${shown(b)} vs ${shown(a)})`;
    }
  }
  return null;
}

/** The value most items share; ties go to the one that came first. */
export function mostCommon<T>(values: readonly T[], key: (value: T) => string = String): T | undefined {
  const counts = new Map<string, { value: T; count: number }>();
  for (const value of values) {
    const k = key(value);
    const entry = counts.get(k);
    if (entry) entry.count++;
    else counts.set(k, { value, count: 1 });
  }
  let best: { value: T; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best?.value;
}

export type Layout = "mono" | "stereo";

export type VideoTarget = { width: number; height: number; rate: string; layout: Layout; withAudio: boolean };

/** A usable frame rate of a stream as ffmpeg writes it ("30000/1001"), preferring the average. */
function rateOf(stream: FfprobeStream | undefined): string | undefined {
  for (const rate of [stream?.avg_frame_rate, stream?.r_frame_rate]) {
    const value = parseRate(rate);
    if (value !== null && value >= 1 && value <= 120) return rate;
  }
  return undefined;
}

const even = (value: number) => Math.max(2, Math.ceil(value / 2) * 2);

/** Audio is mono only when every item that has audio is mono. */
export function outputLayout(items: readonly Item[]): Layout {
  const withAudio = items.filter((i) => i.audio);
  return withAudio.length > 0 && withAudio.every((i) => i.audio!.channels === 1) ? "mono" : "stereo";
}

/** The most common picture size and frame rate among the items, for re-encoding. */
export function videoTarget(items: readonly Item[]): VideoTarget {
  const size = mostCommon(
    items.flatMap((i) => (i.displaySize ? [i.displaySize] : [])),
    (s) => `${s.width}x${s.height}`,
  ) ?? { width: 1280, height: 720 };
  const rate =
    mostCommon(
      items.flatMap((i) => {
        const r = rateOf(i.video);
        return r ? [r] : [];
      }),
      (r) => String(parseRate(r)),
    ) ?? "30";
  return {
    width: even(size.width),
    height: even(size.height),
    rate,
    layout: outputLayout(items),
    withAudio: items.some((i) => i.audio),
  };
}

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

// ---------------------------------------------------------------------------
// Loudness targets (the per-segment measuring and gains are in loudness.ts)

export type LoudnessTarget = { integrated: number; truePeak: number; range: number };

/** −16 LUFS for stereo (and more channels), −19 LUFS for mono; true peak ≤ −1 dBTP, LRA 11. */
export function loudnessTarget(channels: number): LoudnessTarget {
  return { integrated: channels === 1 ? -19 : -16, truePeak: -1, range: 11 };
}

// ---------------------------------------------------------------------------
// Progress

/** Reads `-progress pipe:1` output and reports the fraction (0..1) of `totalSeconds` written so far. */
export function progressParser(totalSeconds: number, onFraction: (fraction: number) => void): (chunk: string) => void {
  let buffered = "";
  return (chunk) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      const match = /^out_time_(?:us|ms)=(\d+)\s*$/.exec(line);
      if (match && totalSeconds > 0) onFraction(Math.min(1, Number(match[1]) / 1e6 / totalSeconds));
      else if (line.trim() === "progress=end") onFraction(1);
    }
  };
}

/**
 * Passes on increasing whole percentages, at most one per `intervalMs`
 * (`final` ones, like the closing 100, always go through).
 */
export function throttledProgress(
  report: (percent: number) => void,
  intervalMs: number,
  now: () => number = Date.now,
): (percent: number, final?: boolean) => void {
  let last = 0;
  let sentAt = now();
  return (percent, final = false) => {
    const value = Math.max(0, Math.min(100, Math.floor(percent)));
    if (value <= last) return;
    const time = now();
    if (!final && time - sentAt < intervalMs) return;
    last = value;
    sentAt = time;
    report(value);
  };
}

// ---------------------------------------------------------------------------
// Error text

/** ffmpeg lines that only say that something above went wrong. */
const NOISE = [
  /^conversion failed!?$/i,
  /^error while filtering/i,
  /^error reinitializing filters/i,
  /^failed to inject frame into filter network/i,
  /^error while processing the decoded data/i,
  /^nothing was written into output file/i,
  /^error (?:initializing|configuring) (?:complex )?filters?[.!]?$/i,
  /^exiting normally/i,
  /^press \[q\]/i,
];

/** Final lines that say little without the one before them. */
const GENERIC =
  /^(?:invalid argument|invalid data found when processing input|operation not permitted|input\/output error|end of file|error number -?\d+ occurred)$/i;

/**
 * The last meaningful line of ffmpeg's stderr, in the user's terms: the
 * job's folder disappears, "item-2.mp4" becomes "item 2", URLs lose their
 * query. When the last lines name an item, the reason becomes
 * "Item 2 could not be read: …".
 */
export function renderFailureReason(stderr: string, folder: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^(?:\[[^\]]*@ ?0x[0-9a-f]+\]\s*)+/i, "")
        .split(`${folder}/`)
        .join("")
        .split(folder)
        .join("")
        .replace(/\bitem-(\d+)\.[a-z0-9]+/gi, "item $1")
        .replace(/\blist\.ffconcat\b/g, "the playlist")
        .replace(/(https?:\/\/[^\s?#]+)[?#]\S*/gi, "$1")
        .trim(),
    )
    .filter((line) => line !== "" && !NOISE.some((pattern) => pattern.test(line)));
  const distinct = lines.filter((line, index) => line !== lines[index - 1]);
  const last = distinct.at(-1);
  if (!last) return "ffmpeg failed without saying why";
  const before = distinct.at(-2);
  const named = distinct
    .slice(-4)
    .reverse()
    .find((line) => /\bitem \d+\b/.test(line));
  let reason = last.replace(/^(?:the playlist|item \d+):\s*/, "");
  if (GENERIC.test(reason) && before && before !== named) reason = `${reason} (${before})`;
  if (named) reason = `Item ${/\bitem (\d+)\b/.exec(named)![1]} could not be read: ${reason}`;
  return reason.length > 300 ? `${reason.slice(0, 297)}...` : reason;
}

/** "1.5 GiB" */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}
