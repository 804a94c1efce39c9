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
export type Grouping = { description: Buffer; indices: number[] };

export type Tables = {
  /** Each sample's duration (stts). */
  durations: number[];
  /** Each sample's composition offset (ctts, signed); null without ctts. */
  offsets: number[] | null;
  /** Each sample's size (stsz). */
  sizes: number[];
  /** The stsz's fixed sample size, 0 when it lists every sample. */
  fixedSize: number;
  /** Each chunk's file offset and number of samples (stco/co64 with stsc). */
  chunks: { offset: number; samples: number }[];
  /** Sync sample numbers, 1-based (stss); null without stss: every sample is a sync sample. */
  sync: number[] | null;
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

/** Expands run-length entries (count, value) starting at `at` into one value per sample. */
function runs(buffer: Buffer, box: Box, signed: boolean): number[] {
  const count = entries(buffer, box, 8);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = box.start + 16 + i * 8;
    const n = buffer.readUInt32BE(at);
    const value = signed ? buffer.readInt32BE(at + 4) : buffer.readUInt32BE(at + 4);
    if (out.length + n > MAX_SAMPLES) throw new Unjoinable(`a damaged ${box.type}`);
    for (let k = 0; k < n; k++) out.push(value);
  }
  return out;
}

function readGrouping(buffer: Buffer, sbgp: Box, samples: number): { type: string; indices: number[] } {
  if (buffer[sbgp.start + 8] !== 0) throw new Unjoinable("an sbgp with a grouping parameter");
  const type = buffer.toString("latin1", sbgp.start + 12, sbgp.start + 16);
  const count = entries(buffer, sbgp, 8, 16);
  const indices: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = sbgp.start + 20 + i * 8;
    const n = buffer.readUInt32BE(at);
    if (indices.length + n > samples) throw new Unjoinable("an sbgp longer than its track");
    for (let k = 0; k < n; k++) indices.push(buffer.readUInt32BE(at + 4));
  }
  // Samples the table does not reach belong to no group.
  while (indices.length < samples) indices.push(0);
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
  let sizes: number[];
  if (fixedSize > 0) sizes = new Array<number>(samples).fill(fixedSize);
  else {
    entries(buffer, stsz, 4, 16);
    sizes = Array.from({ length: samples }, (_, i) => buffer.readUInt32BE(stsz.start + 20 + i * 4));
  }

  const durations = runs(buffer, get("stts"), false);
  if (durations.length !== samples) throw new Unjoinable("stts and stsz disagree");
  const ctts = byType.get("ctts");
  const offsets = ctts ? runs(buffer, ctts, true) : null;
  if (offsets && offsets.length !== samples) throw new Unjoinable("ctts and stsz disagree");

  const stco = byType.get("stco") ?? byType.get("co64");
  if (!stco || (byType.has("stco") && byType.has("co64"))) throw new Unjoinable("no single chunk offset table");
  const wide = stco.type === "co64";
  const chunkCount = entries(buffer, stco, wide ? 8 : 4);
  const stsc = get("stsc");
  const stscCount = entries(buffer, stsc, 12);
  const chunks: Tables["chunks"] = [];
  let placed = 0;
  for (let e = 0; e < stscCount; e++) {
    const at = stsc.start + 16 + e * 12;
    const first = buffer.readUInt32BE(at);
    const perChunk = buffer.readUInt32BE(at + 4);
    if (buffer.readUInt32BE(at + 8) !== 1) throw new Unjoinable("a second sample description");
    const next = e + 1 < stscCount ? buffer.readUInt32BE(at + 12) : chunkCount + 1;
    if (first !== chunks.length + 1 || next <= first || next > chunkCount + 1) throw new Unjoinable("a damaged stsc");
    for (let c = first; c < next; c++) {
      const where = stco.start + 16 + (c - 1) * (wide ? 8 : 4);
      const offset = wide ? Number(buffer.readBigUInt64BE(where)) : buffer.readUInt32BE(where);
      chunks.push({ offset, samples: perChunk });
      placed += perChunk;
    }
  }
  if (chunks.length !== chunkCount || placed !== samples) throw new Unjoinable("stsc, stco and stsz disagree");

  const stss = byType.get("stss");
  let sync: number[] | null = null;
  if (stss) {
    const count = entries(buffer, stss, 4);
    sync = Array.from({ length: count }, (_, i) => buffer.readUInt32BE(stss.start + 16 + i * 4));
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

/** Run-length entries (count, value) of `values`, as stts/ctts/sbgp write them. */
function runLength(values: readonly number[], signed: boolean): Buffer {
  const pairs: [number, number][] = [];
  for (const value of values) {
    const last = pairs.at(-1);
    if (last && last[1] === value) last[0]++;
    else pairs.push([1, value]);
  }
  const out = Buffer.alloc(4 + pairs.length * 8);
  out.writeUInt32BE(pairs.length, 0);
  pairs.forEach(([count, value], i) => {
    out.writeUInt32BE(count, 4 + i * 8);
    if (signed) out.writeInt32BE(value, 8 + i * 8);
    else out.writeUInt32BE(value, 8 + i * 8);
  });
  return out;
}

function u32s(values: readonly number[], withCount = true): Buffer {
  const out = Buffer.alloc((withCount ? 4 : 0) + values.length * 4);
  let at = 0;
  if (withCount) at = out.writeUInt32BE(values.length, 0);
  for (const value of values) at = out.writeUInt32BE(value, at);
  return out;
}

/**
 * The stbl of the joined track: `stsd` as it was (one description), the
 * other tables from `tables` in the first item's order; chunk offsets
 * 64-bit when `wide`.
 */
export function writeTables(tables: Tables, stsd: Buffer, wide: boolean): Buffer {
  const written: Buffer[] = [];
  for (const type of tables.order) {
    switch (type) {
      case "stsd":
        written.push(stsd);
        break;
      case "stts":
        written.push(fullBox("stts", 0, runLength(tables.durations, false)));
        break;
      case "ctts": {
        const offsets = tables.offsets!;
        const version = offsets.some((o) => o < 0) ? 1 : 0;
        written.push(fullBox("ctts", version, runLength(offsets, version === 1)));
        break;
      }
      case "stsc": {
        const rows: number[] = [];
        tables.chunks.forEach((chunk, i) => {
          if (rows.length === 0 || rows[rows.length - 2] !== chunk.samples) rows.push(i + 1, chunk.samples, 1);
        });
        written.push(fullBox("stsc", 0, Buffer.concat([u32s([rows.length / 3], false), u32s(rows, false)])));
        break;
      }
      case "stsz": {
        const head = u32s([tables.fixedSize, tables.sizes.length], false);
        written.push(fullBox("stsz", 0, tables.fixedSize ? head : Buffer.concat([head, u32s(tables.sizes, false)])));
        break;
      }
      case "stco":
      case "co64": {
        const body = Buffer.alloc(4 + tables.chunks.length * (wide ? 8 : 4));
        body.writeUInt32BE(tables.chunks.length, 0);
        tables.chunks.forEach((chunk, i) => {
          if (wide) body.writeBigUInt64BE(BigInt(chunk.offset), 4 + i * 8);
          else body.writeUInt32BE(chunk.offset, 4 + i * 4);
        });
        written.push(fullBox(wide ? "co64" : "stco", 0, body));
        break;
      }
      case "stss":
        if (tables.sync) written.push(fullBox("stss", 0, u32s(tables.sync)));
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
    written.push(fullBox("sbgp", 0, Buffer.concat([kind, runLength(grouping.indices, false)])));
  }
  return boxOf("stbl", ...written);
}
