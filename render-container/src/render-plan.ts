// The pure half of job kind `render`: what each item is, whether the items
// can be joined by stream copy, and the size, rate and layout to re-encode
// to. No I/O here; src/render.ts runs the plan with the graphs of
// render-graphs.ts (which imports this file's types, never the reverse).

import type { MediaType } from "./contract.ts";
import {
  type FfprobeOutput,
  type FfprobeStream,
  isStillImage,
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

// ---------------------------------------------------------------------------
// Loudness targets (the per-segment measuring and gains are in loudness.ts)

export type LoudnessTarget = { integrated: number; truePeak: number; range: number };

/** −16 LUFS for stereo (and more channels), −19 LUFS for mono; true peak ≤ −1 dBTP, LRA 11. */
export function loudnessTarget(channels: number): LoudnessTarget {
  return { integrated: channels === 1 ? -19 : -16, truePeak: -1, range: 11 };
}
