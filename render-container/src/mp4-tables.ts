// One MP4 track's sample tables (the boxes in `stbl`) read into one entry
// per sample and written back, for the join at the box level (mp4-join.ts).
// Only tables whose meaning is known are read; any other box in `stbl`
// (stz2, stsh, padb, cslg, saiz/saio …), more than one sample description or
// a table that does not add up makes the item Unjoinable and the render
// falls back to ffmpeg.
import { type Box, boxOf, children } from "./mp4-box.ts";

/** Why items cannot be joined at the box level (the render then runs ffmpeg). */
export class Unjoinable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Unjoinable";
  }
}

/** A sample-to-group table (sbgp) with its description (sgpd), one group index per sample. */
export type Grouping = { description: Buffer; indices: Uint32Array };

export type Tables = {
  /** Each sample's duration (stts). */
  durations: Uint32Array;
  /** Each sample's composition offset (ctts, signed); null without ctts. */
  offsets: Int32Array | null;
  /** Each sample's size (stsz). */
  sizes: Uint32Array;
  /** The stsz's fixed sample size, 0 when it lists every sample. */
  fixedSize: number;
  /** Each chunk's file offset and number of samples (stco/co64 with stsc). */
  chunks: { offsets: Float64Array; samples: Uint32Array };
  /** Sync sample numbers, 1-based (stss); null without stss: every sample is a sync sample. */
  sync: Uint32Array | null;
  /** One dependency byte per sample (sdtp); null without it. */
  dependencies: Buffer | null;
  /** By grouping type (sbgp with its sgpd). */
  groups: Map<string, Grouping>;
  /** The stbl's child types in order (the output keeps it). */
  order: string[];
};

const KNOWN = new Set(["stsd", "stts", "ctts", "stsc", "stsz", "stco", "co64", "stss", "sdtp", "sgpd", "sbgp"]);
/** A table of more entries than this is not an item a render joins (about 17 h of 30 fps video). */
const MAX_SAMPLES = 2_000_000;

/** The entry count of a full box at `box.start + 12`, bounded by what fits in the box at `entrySize` bytes. */
function entries(buffer: Buffer, box: Box, entrySize: number, at = 12): number {
  const count = buffer.readUInt32BE(box.start + at);
  if (count > MAX_SAMPLES || box.start + at + 4 + count * entrySize > box.end)
    throw new Unjoinable(`a damaged ${box.type}`);
  return count;
}

/** Expands run-length entries (count, value) into one value per sample (stts, ctts). */
function runs<T extends Uint32Array | Int32Array>(buffer: Buffer, box: Box, into: (length: number) => T): T {
  const count = entries(buffer, box, 8);
  let total = 0;
  for (let i = 0; i < count; i++) total += buffer.readUInt32BE(box.start + 16 + i * 8);
  if (total > MAX_SAMPLES) throw new Unjoinable(`a damaged ${box.type}`);
  const out = into(total);
  const signed = out instanceof Int32Array;
  let filled = 0;
  for (let i = 0; i < count; i++) {
    const at = box.start + 16 + i * 8;
    const n = buffer.readUInt32BE(at);
    out.fill(signed ? buffer.readInt32BE(at + 4) : buffer.readUInt32BE(at + 4), filled, filled + n);
    filled += n;
  }
  return out;
}

function readGrouping(buffer: Buffer, sbgp: Box, samples: number): { type: string; indices: Uint32Array } {
  if (buffer[sbgp.start + 8] !== 0) throw new Unjoinable("an sbgp with a grouping parameter");
  const type = buffer.toString("latin1", sbgp.start + 12, sbgp.start + 16);
  const count = entries(buffer, sbgp, 8, 16);
  // Samples the table does not reach belong to no group (0).
  const indices = new Uint32Array(samples);
  let filled = 0;
  for (let i = 0; i < count; i++) {
    const at = sbgp.start + 20 + i * 8;
    const n = buffer.readUInt32BE(at);
    if (filled + n > samples) throw new Unjoinable("an sbgp longer than its track");
    indices.fill(buffer.readUInt32BE(at + 4), filled, filled + n);
    filled += n;
  }
  return { type, indices };
}

/** Reads a track's stbl; throws Unjoinable for anything it does not understand. */
export function readTables(buffer: Buffer, stbl: Box): Tables {
  const boxes = children(buffer, stbl.start + 8, stbl.end);
  const byType = new Map<string, Box>();
  for (const box of boxes) {
    if (!KNOWN.has(box.type)) throw new Unjoinable(`a ${box.type} box in stbl`);
    if (byType.has(box.type) && box.type !== "sgpd" && box.type !== "sbgp")
      throw new Unjoinable(`two ${box.type} boxes`);
    byType.set(box.type, box);
  }
  const get = (type: string) => {
    const box = byType.get(type);
    if (!box) throw new Unjoinable(`no ${type}`);
    return box;
  };
  const stsz = get("stsz");
  const fixedSize = buffer.readUInt32BE(stsz.start + 12);
  const samples = buffer.readUInt32BE(stsz.start + 16);
  if (samples === 0 || samples > MAX_SAMPLES) throw new Unjoinable("a track without samples");
  const sizes = new Uint32Array(samples);
  if (fixedSize > 0) sizes.fill(fixedSize);
  else {
    entries(buffer, stsz, 4, 16);
    for (let i = 0; i < samples; i++) sizes[i] = buffer.readUInt32BE(stsz.start + 20 + i * 4);
  }

  const durations = runs(buffer, get("stts"), (n) => new Uint32Array(n));
  if (durations.length !== samples) throw new Unjoinable("stts and stsz disagree");
  const ctts = byType.get("ctts");
  const offsets = ctts ? runs(buffer, ctts, (n) => new Int32Array(n)) : null;
  if (offsets && offsets.length !== samples) throw new Unjoinable("ctts and stsz disagree");

  const stco = byType.get("stco") ?? byType.get("co64");
  if (!stco || (byType.has("stco") && byType.has("co64"))) throw new Unjoinable("no single chunk offset table");
  const wide = stco.type === "co64";
  const chunkCount = entries(buffer, stco, wide ? 8 : 4);
  const stsc = get("stsc");
  const stscCount = entries(buffer, stsc, 12);
  const chunks = { offsets: new Float64Array(chunkCount), samples: new Uint32Array(chunkCount) };
  let placed = 0;
  let chunk = 0;
  for (let e = 0; e < stscCount; e++) {
    const at = stsc.start + 16 + e * 12;
    const first = buffer.readUInt32BE(at);
    const perChunk = buffer.readUInt32BE(at + 4);
    if (buffer.readUInt32BE(at + 8) !== 1) throw new Unjoinable("a second sample description");
    const next = e + 1 < stscCount ? buffer.readUInt32BE(at + 12) : chunkCount + 1;
    if (first !== chunk + 1 || next <= first || next > chunkCount + 1) throw new Unjoinable("a damaged stsc");
    for (; chunk < next - 1; chunk++) {
      const where = stco.start + 16 + chunk * (wide ? 8 : 4);
      chunks.offsets[chunk] = wide ? Number(buffer.readBigUInt64BE(where)) : buffer.readUInt32BE(where);
      chunks.samples[chunk] = perChunk;
      placed += perChunk;
    }
  }
  if (chunk !== chunkCount || placed !== samples) throw new Unjoinable("stsc, stco and stsz disagree");

  const stss = byType.get("stss");
  let sync: Uint32Array | null = null;
  if (stss) {
    sync = new Uint32Array(entries(buffer, stss, 4));
    for (let i = 0; i < sync.length; i++) sync[i] = buffer.readUInt32BE(stss.start + 16 + i * 4);
  }
  const sdtp = byType.get("sdtp");
  const dependencies = sdtp ? buffer.subarray(sdtp.start + 12, sdtp.end) : null;
  if (dependencies && dependencies.length !== samples) throw new Unjoinable("sdtp and stsz disagree");

  const groups = new Map<string, Grouping>();
  const descriptions = new Map<string, Buffer>();
  for (const box of boxes.filter((b) => b.type === "sgpd"))
    descriptions.set(buffer.toString("latin1", box.start + 12, box.start + 16), buffer.subarray(box.start, box.end));
  for (const box of boxes.filter((b) => b.type === "sbgp")) {
    const { type, indices } = readGrouping(buffer, box, samples);
    const description = descriptions.get(type);
    if (!description || groups.has(type)) throw new Unjoinable(`an sbgp of ${type} without its own sgpd`);
    groups.set(type, { description, indices });
  }
  if (descriptions.size !== groups.size) throw new Unjoinable("an sgpd without its sbgp");
  return { durations, offsets, sizes, fixedSize, chunks, sync, dependencies, groups, order: boxes.map((b) => b.type) };
}

/** A full box (version, flags) of `type` with `body` after them. */
function fullBox(type: string, version: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = version;
  return boxOf(type, head, body);
}

/** `values` as big-endian 32-bit words (one native copy and byte swap, not a write per value). */
function bigEndian(values: Uint32Array | Int32Array): Buffer {
  const out = Buffer.from(new Uint32Array(values).buffer);
  return BIG_ENDIAN ? out : out.swap32();
}

const BIG_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 0;

/** Run-length entries (count, value) of `values` after their count, as stts/ctts/sbgp write them. */
function runLength(values: Uint32Array | Int32Array): Buffer {
  const pairs = new Uint32Array(2 * values.length + 1);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (n > 0 && pairs[2 * n] === values[i]! >>> 0) pairs[2 * n - 1]!++;
    else {
      n++;
      pairs[2 * n - 1] = 1;
      pairs[2 * n] = values[i]! >>> 0;
    }
  }
  pairs[0] = n;
  return bigEndian(pairs.subarray(0, 2 * n + 1));
}

/**
 * The stbl of the joined track: `stsd` as it was (one description), the
 * other tables from `tables` in the first item's order; chunk offsets
 * moved by `base` and 64-bit when `wide`.
 */
export function writeTables(tables: Tables, stsd: Buffer, wide: boolean, base = 0): Buffer {
  const written: Buffer[] = [];
  for (const type of tables.order) {
    switch (type) {
      case "stsd":
        written.push(stsd);
        break;
      case "stts":
        written.push(fullBox("stts", 0, runLength(tables.durations)));
        break;
      case "ctts": {
        const offsets = tables.offsets!;
        // Version 1 reads the offsets as signed; the bytes of a negative one are the same.
        written.push(fullBox("ctts", offsets.some((o) => o < 0) ? 1 : 0, runLength(offsets)));
        break;
      }
      case "stsc": {
        const { samples } = tables.chunks;
        const rows: number[] = [0];
        for (let i = 0; i < samples.length; i++)
          if (i === 0 || samples[i] !== samples[i - 1]) rows.push(i + 1, samples[i]!, 1);
        rows[0] = (rows.length - 1) / 3;
        written.push(fullBox("stsc", 0, bigEndian(Uint32Array.from(rows))));
        break;
      }
      case "stsz": {
        const head = bigEndian(Uint32Array.of(tables.fixedSize, tables.sizes.length));
        written.push(fullBox("stsz", 0, tables.fixedSize ? head : Buffer.concat([head, bigEndian(tables.sizes)])));
        break;
      }
      case "stco":
      case "co64": {
        const { offsets } = tables.chunks;
        // 64-bit offsets as two 32-bit words each (high, low).
        const words = new Uint32Array(1 + offsets.length * (wide ? 2 : 1));
        words[0] = offsets.length;
        for (let i = 0; i < offsets.length; i++) {
          const offset = offsets[i]! + base;
          if (wide) {
            words[1 + 2 * i] = Math.floor(offset / 2 ** 32);
            words[2 + 2 * i] = offset % 2 ** 32;
          } else words[1 + i] = offset;
        }
        written.push(fullBox(wide ? "co64" : "stco", 0, bigEndian(words)));
        break;
      }
      case "stss":
        if (tables.sync)
          written.push(
            fullBox("stss", 0, Buffer.concat([bigEndian(Uint32Array.of(tables.sync.length)), bigEndian(tables.sync)])),
          );
        break;
      case "sdtp":
        written.push(fullBox("sdtp", 0, tables.dependencies!));
        break;
      case "sgpd":
        // Written with their sbgp below, in the order the groupings came.
        break;
      case "sbgp":
        break;
    }
  }
  for (const [type, grouping] of tables.groups) {
    written.push(grouping.description);
    const kind = Buffer.from(type, "latin1");
    written.push(fullBox("sbgp", 0, Buffer.concat([kind, runLength(grouping.indices)])));
  }
  return boxOf("stbl", ...written);
}
