// Alike MP4s joined at the box level, without ffmpeg (ADR 025): one moov
// made from the items' moovs, then each item's mdat payload as it is. The
// output is the first item's ftyp, the new moov (in front: it plays before
// it has all of it), one mdat header and the payloads in order, so its size
// is known before a byte is sent and it can be streamed straight into one PUT
// (mp4-join-stream.ts).
//
// Per track (matched by order; the items' signatures are equal, so are
// their kinds and sample descriptions) the sample tables are concatenated:
// durations, composition offsets, sizes, chunks (offsets moved to where each
// payload lands), sync samples, dependencies and sample groups. Timing is
// what ffmpeg's concat demuxer and mov muxer make of the same items: item i
// starts at the sum of the earlier items' durations (each its mvhd duration,
// in microseconds as the demuxer rounds it); a track shorter than its item
// gets the gap in its last sample's duration, and a sample that would start
// no later than the one before it starts one tick after it (ffmpeg's
// "non-monotonous DTS" fix, e.g. each next item's AAC priming frame). The
// edit list is the first item's, its duration the whole track's.
import { type Box, boxOf, child, children, editEntries } from "./mp4-box.ts";
import { readTables, type Tables, Unjoinable, writeTables } from "./mp4-tables.ts";

export { Unjoinable };

export type JoinItem = {
  ftyp: Buffer;
  moov: Buffer;
  /** The item's one mdat payload [start, end) in its file. */
  mdat: { start: number; end: number };
};

export type Joined = {
  /** ftyp, moov and the mdat header: the first bytes of the output. */
  head: Buffer;
  /** The output's size: head plus every payload. */
  size: number;
};

const U32 = 0xffff_ffff;
const MOOV_BOXES = new Set(["mvhd", "trak", "udta", "iods", "meta"]);
const TRAK_BOXES = new Set(["tkhd", "edts", "mdia", "udta"]);
const MINF_BOXES = new Set(["vmhd", "smhd", "nmhd", "dinf", "stbl"]);

/** A full box's version and the offset of one of its fields, version 0 or 1. */
function field(buffer: Buffer, box: Box, v0: number, v1: number): { v1: boolean; at: number } {
  const wide = buffer[box.start + 8] === 1;
  return { v1: wide, at: box.start + 8 + (wide ? v1 : v0) };
}

function readField(buffer: Buffer, box: Box, v0: number, v1: number): number {
  const f = field(buffer, box, v0, v1);
  return f.v1 ? Number(buffer.readBigUInt64BE(f.at)) : buffer.readUInt32BE(f.at);
}

/** A copy of `box` with one duration field set (mvhd, tkhd, mdhd: at v0 / v1 offsets). */
function withDuration(buffer: Buffer, box: Box, v0: number, v1: number, value: number): Buffer {
  const copy = Buffer.from(buffer.subarray(box.start, box.end));
  const f = field(buffer, box, v0, v1);
  const at = f.at - box.start;
  if (f.v1) copy.writeBigUInt64BE(BigInt(value), at);
  else if (value > U32) throw new Unjoinable(`a ${box.type} duration past 32 bits`);
  else copy.writeUInt32BE(value, at);
  return copy;
}

const need = (box: Box | undefined, what: string): Box => {
  if (!box) throw new Unjoinable(`no ${what}`);
  return box;
};

type Track = {
  trak: Box;
  tables: Tables;
  timescale: number;
  /**
   * The edit list: an empty edit's length (0 without one), which entry is
   * the edit, its length (movie timescale) and media start; null without one.
   */
  edit: { delay: number; entry: number; duration: number; mediaTime: number } | null;
  /** The track's length in the movie's timescale (its edit, else its media duration). */
  length: number;
};

/** Checks every box `within` is known and returns them. */
function known(buffer: Buffer, box: Box, allowed: Set<string>): Box[] {
  const boxes = children(buffer, box.start + 8, box.end);
  const strange = boxes.find((b) => !allowed.has(b.type));
  if (strange) throw new Unjoinable(`a ${strange.type} box in ${box.type}`);
  return boxes;
}

function readTrack(moov: Buffer, trak: Box, movieScale: number): Track {
  known(moov, trak, TRAK_BOXES);
  const mdia = need(child(moov, trak, "mdia"), "mdia");
  const mdhd = need(child(moov, mdia, "mdhd"), "mdhd");
  const minf = need(child(moov, mdia, "minf"), "minf");
  known(moov, minf, MINF_BOXES);
  const tables = readTables(moov, need(child(moov, minf, "stbl"), "stbl"));
  const timescale = readField(moov, mdhd, 12, 20);
  if (!(timescale > 0)) throw new Unjoinable("a track without a timescale");
  let edit: Track["edit"] = null;
  const edts = child(moov, trak, "edts");
  if (edts) {
    const entries = editEntries(moov, need(known(moov, edts, new Set(["elst"]))[0], "elst"));
    if (!entries) throw new Unjoinable("a damaged elst");
    const count = entries.length;
    // One edit, after at most one empty one (a delayed start, as ffmpeg's concat writes it).
    const empty = count === 2 ? entries[0]! : null;
    const main = count === 1 || count === 2 ? entries[count - 1]! : null;
    if (!main || main.mediaTime < 0 || main.rate !== 0x0001_0000 || (empty && empty.mediaTime !== -1))
      throw new Unjoinable("an edit list other than one edit after at most one empty one");
    edit = { delay: empty?.duration ?? 0, entry: count - 1, duration: main.duration, mediaTime: main.mediaTime };
  }
  const mediaDuration = tables.durations.reduce((sum, d) => sum + d, 0);
  const length = edit ? edit.delay + edit.duration : Math.round((mediaDuration * movieScale) / timescale);
  return { trak, tables, timescale, edit, length };
}

type Movie = { item: JoinItem; scale: number; micros: number; tracks: Track[] };

function readMovie(item: JoinItem): Movie {
  const { moov } = item;
  const root: Box = { type: "moov", start: 0, end: moov.length };
  const boxes = known(moov, root, MOOV_BOXES);
  const udta = boxes.find((b) => b.type === "udta");
  if (udta && children(moov, udta.start + 8, udta.end).some((b) => b.type === "chpl"))
    throw new Unjoinable("chapters (chpl)");
  const mvhd = need(child(moov, root, "mvhd"), "mvhd");
  const scale = readField(moov, mvhd, 12, 20);
  const duration = readField(moov, mvhd, 16, 24);
  if (!(scale > 0 && duration > 0)) throw new Unjoinable("a movie without a duration");
  const tracks = boxes.filter((b) => b.type === "trak").map((trak) => readTrack(moov, trak, scale));
  // ffmpeg's join maps the picture first (stream 0); a file whose sound comes first is left to it.
  const hdlr = child(moov, need(child(moov, tracks[0]?.trak ?? root, "mdia"), "mdia"), "hdlr");
  if (!hdlr || moov.toString("latin1", hdlr.start + 16, hdlr.start + 20) !== "vide")
    throw new Unjoinable("a first track that is not the picture");
  // The concat demuxer's item duration: the mvhd's, in microseconds (av_rescale rounds to nearest).
  return { item, scale, micros: Math.round((duration * 1e6) / scale), tracks };
}

/** A sample's chunk bytes must lie inside its item's mdat payload. */
function checkChunks(tables: Tables, mdat: JoinItem["mdat"]): void {
  const { offsets, samples } = tables.chunks;
  let sample = 0;
  for (let c = 0; c < offsets.length; c++) {
    let bytes = 0;
    for (let k = 0; k < samples[c]!; k++) bytes += tables.sizes[sample++]!;
    if (offsets[c]! < mdat.start || offsets[c]! + bytes > mdat.end)
      throw new Unjoinable("a chunk outside the item's mdat");
  }
}

/** Track `k` of every movie as one track's tables; chunk offsets counted from the output's first payload. */
function joinTrack(movies: Movie[], k: number, starts: number[], payloadAt: number[]): Tables {
  const tracks = movies.map((m) => m.tracks[k]!);
  const first = tracks[0]!;
  const { timescale } = first;
  if (tracks.some((t) => t.timescale !== timescale || t.edit?.delay !== first.edit?.delay))
    throw new Unjoinable("tracks with other timescales or edits");
  const withCtts = tracks.some((t) => t.tables.offsets);
  const withSync = tracks.some((t) => t.tables.sync);
  const withDeps = tracks.some((t) => t.tables.dependencies);
  if (withDeps && !tracks.every((t) => t.tables.dependencies)) throw new Unjoinable("sdtp in some items only");
  const groupTypes = [...first.tables.groups.keys()].join();
  for (const t of tracks) {
    if ([...t.tables.groups.keys()].join() !== groupTypes) throw new Unjoinable("other sample groups");
    for (const [type, g] of t.tables.groups)
      if (!g.description.equals(first.tables.groups.get(type)!.description))
        throw new Unjoinable("other sample group descriptions");
  }
  const samples = tracks.reduce((sum, t) => sum + t.tables.durations.length, 0);
  const chunks = tracks.reduce((sum, t) => sum + t.tables.chunks.offsets.length, 0);
  const out: Tables = {
    durations: new Uint32Array(samples),
    offsets: withCtts ? new Int32Array(samples) : null,
    sizes: new Uint32Array(samples),
    fixedSize: tracks.every((t) => t.tables.fixedSize === first.tables.fixedSize) ? first.tables.fixedSize : 0,
    chunks: { offsets: new Float64Array(chunks), samples: new Uint32Array(chunks) },
    sync: withSync
      ? new Uint32Array(tracks.reduce((sum, t) => sum + (t.tables.sync ?? t.tables.durations).length, 0))
      : null,
    dependencies: null,
    groups: new Map(
      [...first.tables.groups].map(([type, g]) => [
        type,
        { description: g.description, indices: new Uint32Array(samples) },
      ]),
    ),
    order: [...first.tables.order],
  };
  if (withSync && !out.order.includes("stss")) out.order.splice(out.order.indexOf("stts") + 1, 0, "stss");
  // A later item's composition offsets are written even when the first item had none (its offsets are 0).
  if (withCtts && !out.order.includes("ctts")) out.order.splice(out.order.indexOf("stts") + 1, 0, "ctts");
  let previous = Number.NEGATIVE_INFINITY;
  let before = 0;
  let chunksBefore = 0;
  let syncBefore = 0;
  tracks.forEach((track, i) => {
    const t = track.tables;
    const count = t.durations.length;
    checkChunks(t, movies[i]!.item.mdat);
    // Where the concat demuxer puts the item: its start in this track's timescale.
    const start = Math.round((starts[i]! * timescale) / 1e6);
    let own = 0;
    for (let s = 0; s < count; s++) {
      const desired = start + own;
      const dts = Math.max(desired, previous + 1);
      if (dts !== desired && t.offsets) throw new Unjoinable("reordered samples that would overlap");
      if (before + s > 0) {
        const gap = dts - previous;
        if (gap > 0xffff_ffff) throw new Unjoinable("a gap past 32 bits");
        out.durations[before + s - 1] = gap;
      }
      out.durations[before + s] = t.durations[s]!;
      previous = dts;
      own += t.durations[s]!;
    }
    if (out.offsets && t.offsets) out.offsets.set(t.offsets, before);
    out.sizes.set(t.sizes, before);
    const shift = payloadAt[i]! - movies[i]!.item.mdat.start;
    for (let c = 0; c < t.chunks.offsets.length; c++)
      out.chunks.offsets[chunksBefore + c] = t.chunks.offsets[c]! + shift;
    out.chunks.samples.set(t.chunks.samples, chunksBefore);
    chunksBefore += t.chunks.offsets.length;
    if (out.sync) {
      // An item without stss: every one of its samples is a sync sample.
      const numbers = t.sync ?? Uint32Array.from({ length: count }, (_, s) => s + 1);
      for (let s = 0; s < numbers.length; s++) out.sync[syncBefore + s] = numbers[s]! + before;
      syncBefore += numbers.length;
    }
    for (const [type, g] of t.groups) out.groups.get(type)!.indices.set(g.indices, before);
    before += count;
  });
  if (withDeps) out.dependencies = Buffer.concat(tracks.map((t) => t.tables.dependencies!));
  return out;
}

/** The joined trak: track `k` of the first movie with new tables and durations. */
function writeTrak(movie: Movie, k: number, tables: Tables, length: number, wide: boolean, base: number): Buffer {
  const { moov } = movie.item;
  const track = movie.tracks[k]!;
  const mediaDuration = tables.durations.reduce((sum, d) => sum + d, 0);
  const rebuild = (box: Box): Buffer => {
    switch (box.type) {
      case "tkhd":
        return withDuration(moov, box, 20, 28, length);
      case "mdhd":
        return withDuration(moov, box, 16, 24, mediaDuration);
      case "elst": {
        // The edit (after its empty one, if any) lasts the joined track.
        const copy = Buffer.from(moov.subarray(box.start, box.end));
        const { delay, entry } = track.edit!;
        const at = 16 + entry * (copy[8] === 1 ? 20 : 12);
        if (copy[8] === 1) copy.writeBigUInt64BE(BigInt(length - delay), at);
        else if (length - delay > U32) throw new Unjoinable("an edit past 32 bits");
        else copy.writeUInt32BE(length - delay, at);
        return copy;
      }
      case "stbl":
        return writeTables(
          tables,
          Buffer.from(moov.subarray(...bounds(need(child(moov, box, "stsd"), "stsd")))),
          wide,
          base,
        );
      case "trak":
      case "edts":
      case "mdia":
      case "minf":
        return boxOf(box.type, ...children(moov, box.start + 8, box.end).map(rebuild));
      default:
        return moov.subarray(box.start, box.end);
    }
  };
  return rebuild(track.trak);
}

const bounds = (box: Box): [number, number] => [box.start, box.end];

/**
 * The joined file's head (ftyp, moov, mdat header) for `items` whose mdat
 * payloads follow it in order; throws Unjoinable for what it does not
 * understand (the render then runs ffmpeg).
 */
export function joinMp4s(items: readonly JoinItem[]): Joined {
  if (items.length === 0) throw new Unjoinable("no items");
  const movies = items.map(readMovie);
  const first = movies[0]!;
  const trackCount = first.tracks.length;
  if (movies.some((m) => m.tracks.length !== trackCount || m.scale !== first.scale))
    throw new Unjoinable("items with other tracks or movie timescales");
  const starts: number[] = [];
  let at = 0;
  for (const m of movies) {
    starts.push(at);
    at += m.micros;
  }
  const payload = items.reduce((sum, i) => sum + (i.mdat.end - i.mdat.start), 0);
  const mdatHeader = payload + 8 > U32 ? 16 : 8;
  const ftyp = first.item.ftyp;
  // Each track's presentation length: the last item's own, placed where that item starts.
  const lastStart = Math.round((starts.at(-1)! * first.scale) / 1e6);
  const lengths = movies.at(-1)!.tracks.map((t) => lastStart + t.length);

  // The tables once, chunk offsets counted from the first payload; the head's size is added when written.
  const payloadAt: number[] = [];
  let next = 0;
  for (const i of items) {
    payloadAt.push(next);
    next += i.mdat.end - i.mdat.start;
  }
  const joined = first.tracks.map((_, k) => joinTrack(movies, k, starts, payloadAt));
  const build = (headSize: number, wide: boolean) => {
    const traks = first.tracks.map((_, k) => writeTrak(first, k, joined[k]!, lengths[k]!, wide, headSize));
    const { moov } = first.item;
    const parts: Buffer[] = [];
    let trak = 0;
    for (const box of children(moov, 8, moov.length)) {
      if (box.type === "trak") parts.push(traks[trak++]!);
      else if (box.type === "mvhd") parts.push(withDuration(moov, box, 16, 24, Math.max(...lengths)));
      else parts.push(moov.subarray(box.start, box.end));
    }
    return { moov: boxOf("moov", ...parts) };
  };
  // Sizes first (offsets as placeholders), then the offsets where the payloads land.
  let wide = false;
  let moov = build(0, wide).moov;
  let headSize = ftyp.length + moov.length + mdatHeader;
  if (headSize + payload > U32) {
    wide = true;
    moov = build(0, wide).moov;
    headSize = ftyp.length + moov.length + mdatHeader;
  }
  const built = build(headSize, wide);
  if (built.moov.length !== moov.length) throw new Error("the joined moov changed size");
  const header = Buffer.alloc(mdatHeader);
  if (mdatHeader === 16) {
    header.writeUInt32BE(1, 0);
    header.write("mdat", 4, "latin1");
    header.writeBigUInt64BE(BigInt(payload + 16), 8);
  } else {
    header.writeUInt32BE(payload + 8, 0);
    header.write("mdat", 4, "latin1");
  }
  return { head: Buffer.concat([ftyp, built.moov, header]), size: headSize + payload };
}
