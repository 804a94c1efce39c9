// The render's quick look at MP4 items, instead of one ffprobe process each:
// two or three range requests read the item's box headers and its moov, and
// from the moov what a stream copy needs to know — each track's kind, its
// sample description (`stsd`: codec, picture size, codec header such as
// avcC/esds), timescale, first frame duration, edit list and display
// matrix, and the picture's duration. Items whose facts are identical join
// by stream copy exactly as ffprobe's comparison would let them; anything
// else (another container, other track kinds, codecs MP4 does not carry,
// an unreadable answer) returns null and the item is ffprobed as before.
import { createHash } from "node:crypto";
import { type Box, child, children, editEntries } from "./mp4-box.ts";

export type Mp4Facts = {
  /** Everything a stream copy needs to be equal between items, as one string. */
  signature: string;
  /** The picture track's duration in seconds. */
  duration: number;
  videoCodec: string;
  audioCodec: string | null;
  width: number;
  height: number;
  /** The file's size (the storage's content-range / content-length). */
  size: number;
  /** Where its boxes are: what a join at the box level reads (mp4-join.ts). */
  layout: Mp4Layout;
};

const VIDEO_CODECS: Record<string, string> = { avc1: "h264", avc3: "h264", hvc1: "hevc", hev1: "hevc", av01: "av1" };
const AUDIO_CODECS: Record<string, string> = { mp4a: "aac", "ac-3": "ac3", "ec-3": "eac3", alac: "alac" };
/** The head read first: ftyp and, in a file written for the web, the whole moov. */
const HEAD_BYTES = 256 * 1024;
const MAX_MOOV = 64 * 1024 * 1024;

type Range = { bytes: Buffer; total: number; etag: string | null };

/** Bytes [start, start + length) of the URL; null unless the storage answers the range. */
async function readRange(url: string, start: number, length: number, signal: AbortSignal): Promise<Range | null> {
  const response = await fetch(url, { signal, headers: { range: `bytes=${start}-${start + length - 1}` } });
  const total = Number(/\/(\d+)$/.exec(response.headers.get("content-range") ?? "")?.[1]);
  if (response.status !== 206 || !Number.isFinite(total)) {
    await response.body?.cancel().catch(() => {});
    return null;
  }
  return { bytes: Buffer.from(await response.arrayBuffer()), total, etag: response.headers.get("etag") };
}

/**
 * Where an item's bytes are, for a join at the box level (mp4-join.ts): its
 * ftyp and moov, the payload of each mdat, the other top-level boxes' types,
 * and what the storage said of the file (size, ETag) to tell if it changes.
 */
export type Mp4Layout = {
  ftyp: Buffer;
  moov: Buffer;
  /** Each mdat's payload [start, end) in the file. */
  mdats: { start: number; end: number }[];
  /** Top-level boxes other than ftyp, moov, mdat, free and skip. */
  others: string[];
  total: number;
  etag: string | null;
};

/** Walks the top-level boxes (headers from the head read, or 16-byte reads) and reads the moov. */
async function layoutOf(url: string, signal: AbortSignal): Promise<Mp4Layout | null> {
  const head = await readRange(url, 0, HEAD_BYTES, signal);
  if (head?.bytes.toString("latin1", 4, 8) !== "ftyp") return null;
  const layout: Partial<Mp4Layout> & Pick<Mp4Layout, "mdats" | "others"> = { mdats: [], others: [] };
  let at = 0;
  for (let boxes = 0; at + 8 <= head.total; boxes++) {
    if (boxes === 16) return null;
    let header = at + 16 <= head.bytes.length ? head.bytes.subarray(at, at + 16) : null;
    if (!header) header = (await readRange(url, at, 16, signal))?.bytes ?? null;
    if (!header || header.length < 8) return null;
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1 && header.length >= 16) {
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    }
    if (size === 0) size = head.total - at;
    if (size < headerSize || at + size > head.total) return null;
    const type = header.toString("latin1", 4, 8);
    if (type === "moov" || (type === "ftyp" && at === 0)) {
      if (size > MAX_MOOV || headerSize !== 8) return null;
      // A copy: the 256 KiB head is not kept alive for its few boxes.
      let bytes: Buffer | null =
        at + size <= head.bytes.length ? Buffer.from(head.bytes.subarray(at, at + size)) : null;
      if (!bytes) {
        const read = await readRange(url, at, size, signal);
        if (read?.bytes.length !== size || read.total !== head.total || read.etag !== head.etag) return null;
        bytes = read.bytes;
      }
      layout[type] = bytes;
    } else if (type === "mdat") {
      layout.mdats.push({ start: at + headerSize, end: at + size });
    } else if (type !== "free" && type !== "skip") {
      layout.others.push(type);
    }
    at += size;
  }
  const { ftyp, moov } = layout;
  return ftyp && moov ? { ...layout, ftyp, moov, total: head.total, etag: head.etag } : null;
}

/** Reads an MPEG-4 descriptor header (tag, then a length of 1–4 bytes); returns the body's bounds. */
function descriptor(buffer: Buffer, at: number, end: number): { tag: number; start: number; end: number } | null {
  if (at + 2 > end) return null;
  const tag = buffer[at]!;
  let length = 0;
  let i = at + 1;
  for (let n = 0; n < 4 && i < end; n++, i++) {
    length = (length << 7) | (buffer[i]! & 0x7f);
    if ((buffer[i]! & 0x80) === 0) {
      i++;
      break;
    }
  }
  return i + length <= end ? { tag, start: i, end: i + length } : null;
}

/** An esds's object type and AudioSpecificConfig, without the bitrates and buffer size every file has its own of. */
function esdsCore(buffer: Buffer, box: Box): Buffer | null {
  const es = descriptor(buffer, box.start + 12, box.end);
  if (es?.tag !== 3) return null;
  const flags = buffer[es.start + 2]!;
  let at = es.start + 3 + (flags & 0x80 ? 2 : 0); // depends on another stream
  if (flags & 0x40) at += 1 + buffer[at]!; // a URL
  if (flags & 0x20) at += 2; // an OCR stream
  const config = descriptor(buffer, at, es.end);
  if (config?.tag !== 4 || config.end - config.start < 13) return null;
  at = config.start + 13;
  const specific = descriptor(buffer, at, config.end);
  const objectType = buffer.subarray(config.start, config.start + 2);
  return Buffer.concat([
    objectType,
    specific?.tag === 5 ? buffer.subarray(specific.start, specific.end) : Buffer.alloc(0),
  ]);
}

/**
 * What of a sample description a stream copy needs equal: the entry's fixed
 * fields (picture size, depth; channels, sample size, rate) and its boxes
 * (avcC/hvcC, pasp, colr …), without what differs per file for the same
 * encoder settings: btrt (bitrates) and the esds's bitrates and buffer size.
 */
function sampleEntryCore(buffer: Buffer, entry: Box, handler: string): Buffer[] | null {
  const fixed = handler === "vide" ? 78 : 28;
  const boxesAt = entry.start + 8 + fixed;
  if (boxesAt > entry.end) return null;
  const parts = [buffer.subarray(entry.start + 4, boxesAt)];
  for (const box of children(buffer, boxesAt, entry.end)) {
    if (box.type === "btrt") continue;
    if (box.type === "esds") {
      const core = esdsCore(buffer, box);
      if (!core) return null;
      parts.push(core);
    } else {
      parts.push(buffer.subarray(box.start, box.end));
    }
  }
  return parts;
}

/** The edit list's start offsets and rates (its durations follow each file's length). */
function editStarts(buffer: Buffer, edts: Box | undefined): Buffer {
  const elst = child(buffer, edts, "elst");
  if (!elst) return Buffer.alloc(0);
  const entries = editEntries(buffer, elst);
  return Buffer.from(entries ? entries.map((e) => `${e.mediaTime}@${e.rate}`).join(",") : "damaged");
}

/** One track's facts; null for a track a plain stream copy of these items should not meet. */
function trackFacts(buffer: Buffer, trak: Box) {
  const mdia = child(buffer, trak, "mdia");
  const hdlr = child(buffer, mdia, "hdlr");
  const mdhd = child(buffer, mdia, "mdhd");
  const stbl = child(buffer, child(buffer, mdia, "minf"), "stbl");
  const stsd = child(buffer, stbl, "stsd");
  const stts = child(buffer, stbl, "stts");
  const tkhd = child(buffer, trak, "tkhd");
  if (!hdlr || !mdhd || !stsd || !stts || !tkhd) return null;
  const handler = buffer.toString("latin1", hdlr.start + 16, hdlr.start + 20);
  const v1 = buffer[mdhd.start + 8] === 1;
  const timescale = buffer.readUInt32BE(mdhd.start + (v1 ? 28 : 20));
  const duration = v1 ? Number(buffer.readBigUInt64BE(mdhd.start + 32)) : buffer.readUInt32BE(mdhd.start + 24);
  // One sample description only (a second would be a mid-track codec change).
  if (buffer.readUInt32BE(stsd.start + 12) !== 1) return null;
  const codec = buffer.toString("latin1", stsd.start + 20, stsd.start + 24);
  const firstDelta = buffer.readUInt32BE(stts.start + 12) > 0 ? buffer.readUInt32BE(stts.start + 20) : 0;
  // The display matrix and picture size: the last 44 bytes of tkhd.
  const placement = buffer.subarray(tkhd.end - 44, tkhd.end);
  const entry = children(buffer, stsd.start + 16, stsd.end)[0];
  const core = entry ? sampleEntryCore(buffer, entry, handler) : null;
  if (!core) return null;
  const hash = createHash("sha256");
  for (const part of [...core, placement.subarray(0, 36), editStarts(buffer, child(buffer, trak, "edts"))])
    hash.update(part);
  return {
    handler,
    codec,
    seconds: timescale > 0 ? duration / timescale : 0,
    width: placement.readUInt32BE(36) >>> 16,
    height: placement.readUInt32BE(40) >>> 16,
    signature: `${handler}/${codec}/${timescale}/${firstDelta}/${placement.readUInt32BE(36)}x${placement.readUInt32BE(40)}/${hash.digest("hex")}`,
  };
}

/**
 * The facts of a plain MP4 with one picture track and at most one sound
 * track, in codecs a stream copy into MP4 keeps; null for anything else.
 */
export async function readMp4Facts(url: string, signal: AbortSignal): Promise<Mp4Facts | null> {
  let found: Mp4Layout | null;
  try {
    found = await layoutOf(url, signal);
  } catch {
    signal.throwIfAborted();
    return null;
  }
  if (!found) return null;
  const { moov, total } = found;
  if (moov.readUInt32BE(0) !== moov.length) return null;
  const tracks = children(moov, 8, moov.length)
    .filter((b) => b.type === "trak")
    .map((trak) => trackFacts(moov, trak));
  if (tracks.length === 0 || tracks.some((t) => t === null)) return null;
  const video = tracks.filter((t) => t!.handler === "vide");
  const audio = tracks.filter((t) => t!.handler === "soun");
  if (video.length !== 1 || audio.length > 1 || video.length + audio.length !== tracks.length) return null;
  const picture = video[0]!;
  const sound = audio[0];
  const videoCodec = VIDEO_CODECS[picture.codec];
  const audioCodec = sound ? AUDIO_CODECS[sound.codec] : null;
  if (!videoCodec || audioCodec === undefined || !(picture.seconds > 0)) return null;
  return {
    signature: tracks.map((t) => t!.signature).join(" "),
    duration: Math.round(picture.seconds * 1e6) / 1e6,
    videoCodec,
    audioCodec,
    width: picture.width,
    height: picture.height,
    size: total,
    layout: found,
  };
}
