// "Fast start" at upload time: an MP4 as ffmpeg writes it without
// `-movflags +faststart` (ftyp, mdat, then moov) is sent with its moov box
// in front of the media data, so a browser can play it before it has all of
// it. ffmpeg's own +faststart does this with a second pass that reads and
// rewrites the whole file on disk; here the upload, which reads the file
// once anyway, sends the parts in the new order and only the moov (a few
// hundred KiB) is held in memory, with its chunk offsets moved by its size.
import { open, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { boxOf } from "./mp4-box.ts";

/** What an upload sends: its exact length and a fresh stream of its bytes. */
export type Body = { size: number; stream(): Readable };

type Box = { type: string; start: number; size: number; header: number };

/** One part of the uploaded body: bytes held in memory, or a byte range [start, end) of the file. */
type Part = Buffer | { start: number; end: number };

const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl"]);
const U32 = 0xffff_ffff;
/** A moov bigger than this is not what ffmpeg writes for a playlist; the file is sent as it is. */
const MAX_MOOV = 256 * 1024 * 1024;

/** The top-level boxes of the file: type, where each starts, its size and header length. */
async function topLevelBoxes(path: string): Promise<{ boxes: Box[]; fileSize: number }> {
  const file = await open(path, "r");
  try {
    const fileSize = (await file.stat()).size;
    const boxes: Box[] = [];
    const head = Buffer.alloc(16);
    for (let at = 0; at + 8 <= fileSize; ) {
      const { bytesRead } = await file.read(head, 0, 16, at);
      let size = head.readUInt32BE(0);
      let header = 8;
      if (size === 1 && bytesRead === 16) {
        size = Number(head.readBigUInt64BE(8));
        header = 16;
      } else if (size === 0) {
        size = fileSize - at;
      }
      if (size < header || at + size > fileSize) break;
      boxes.push({ type: head.toString("latin1", 4, 8), start: at, size, header });
      at += size;
    }
    return { boxes, fileSize };
  } finally {
    await file.close();
  }
}

/** Calls `visit` with the body of every box inside `box` that is not itself a container. */
function walk(box: Buffer, visit: (type: string, body: Buffer) => void): void {
  for (let at = 8; at + 8 <= box.length; ) {
    const size = box.readUInt32BE(at);
    const type = box.toString("latin1", at + 4, at + 8);
    if (size < 8 || at + size > box.length) return;
    const child = box.subarray(at, at + size);
    if (CONTAINERS.has(type)) walk(child, visit);
    else visit(type, child.subarray(8));
    at += size;
  }
}

/**
 * The moov rebuilt with every chunk offset at or after `from` moved by
 * `shift`; with `wide`, each stco (32-bit) becomes a co64 (64-bit).
 */
function rebuild(box: Buffer, from: number, shift: number, wide: boolean): Buffer {
  const type = box.toString("latin1", 4, 8);
  const children: Buffer[] = [];
  for (let at = 8; at + 8 <= box.length; ) {
    const size = box.readUInt32BE(at);
    if (size < 8 || at + size > box.length) {
      children.push(box.subarray(at));
      break;
    }
    const child = box.subarray(at, at + size);
    const childType = child.toString("latin1", 4, 8);
    if (CONTAINERS.has(childType)) children.push(rebuild(child, from, shift, wide));
    else if (childType === "stco" || childType === "co64") children.push(offsets(child, from, shift, wide));
    else children.push(child);
    at += size;
  }
  return boxOf(type, Buffer.concat(children));
}

function offsets(box: Buffer, from: number, shift: number, wide: boolean): Buffer {
  const long = box.toString("latin1", 4, 8) === "co64";
  const count = box.readUInt32BE(12);
  const out = long || wide;
  const body = Buffer.alloc(8 + count * (out ? 8 : 4));
  box.copy(body, 0, 8, 16); // version, flags, entry count
  for (let i = 0; i < count; i++) {
    const offset = long ? Number(box.readBigUInt64BE(16 + i * 8)) : box.readUInt32BE(16 + i * 4);
    const moved = offset >= from ? offset + shift : offset;
    if (out) body.writeBigUInt64BE(BigInt(moved), 8 + i * 8);
    else body.writeUInt32BE(moved, 8 + i * 4);
  }
  return boxOf(out ? "co64" : "stco", body);
}

const CHUNK = 1024 * 1024;

/** The parts in order as 1 MiB chunks, read through one file handle (small parts are sent together). */
async function* chunks(path: string, parts: readonly Part[]): AsyncGenerator<Buffer> {
  const file = await open(path, "r");
  try {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const take = (buffer: Buffer) => {
      pending.push(buffer);
      pendingBytes += buffer.length;
    };
    const flush = () => {
      // One block read from the file goes out as it is (no copy); small parts are sent together.
      const out = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      return out;
    };
    for (const part of parts) {
      if (Buffer.isBuffer(part)) {
        take(part);
      } else {
        for (let at = part.start; at < part.end; ) {
          const buffer = Buffer.allocUnsafe(Math.min(CHUNK, part.end - at));
          const { bytesRead } = await file.read(buffer, 0, buffer.length, at);
          if (bytesRead === 0) throw new Error("the output file ended early");
          take(buffer.subarray(0, bytesRead));
          at += bytesRead;
          if (pendingBytes >= CHUNK) yield flush();
        }
      }
      if (pendingBytes >= CHUNK) yield flush();
    }
    if (pendingBytes > 0) yield flush();
  } finally {
    await file.close();
  }
}

function partsBody(path: string, parts: Part[]): Body {
  const size = parts.reduce((sum, p) => sum + (Buffer.isBuffer(p) ? p.length : p.end - p.start), 0);
  return { size, stream: () => Readable.from(chunks(path, parts), { objectMode: false }) };
}

/** The file as it is on disk. */
export async function fileBody(path: string): Promise<Body> {
  return partsBody(path, [{ start: 0, end: (await stat(path)).size }]);
}

/**
 * The MP4 at `path` as an upload body with its moov in front of the first
 * mdat (the file on disk is not changed). A file whose moov already comes
 * first, or that is not laid out as ffmpeg writes MP4, is sent as it is.
 */
export async function moovFirst(path: string): Promise<Body & { moved: boolean }> {
  const { boxes, fileSize } = await topLevelBoxes(path);
  const moov = boxes.find((b) => b.type === "moov");
  const firstMdat = boxes.find((b) => b.type === "mdat");
  const asIs = { ...partsBody(path, [{ start: 0, end: fileSize }]), moved: false };
  if (!moov || !firstMdat || moov.start < firstMdat.start || moov.header !== 8 || moov.size > MAX_MOOV) return asIs;
  // Right after ftyp, where ffmpeg's +faststart puts it (before its "free" box); else before the media.
  const insertAt = boxes[0]?.type === "ftyp" ? boxes[0].size : firstMdat.start;
  const file = await open(path, "r");
  let original: Buffer;
  try {
    original = Buffer.alloc(moov.size);
    await file.read(original, 0, moov.size, moov.start);
  } finally {
    await file.close();
  }
  // Offsets between the insertion point and the moov move by the moov's new size; 32-bit ones
  // that would pass 4 GiB make every table 64-bit (as ffmpeg's faststart does).
  let largest = 0;
  let entries = 0;
  walk(original, (type, body) => {
    if (type !== "stco") return;
    const count = body.readUInt32BE(4);
    entries += count;
    for (let i = 0; i < count; i++) largest = Math.max(largest, body.readUInt32BE(8 + i * 4));
  });
  const wide = largest + moov.size + entries * 4 > U32;
  const size = rebuild(original, insertAt, 0, wide).length;
  const moved = rebuild(original, insertAt, size, wide);
  return {
    ...partsBody(path, [
      { start: 0, end: insertAt },
      moved,
      { start: insertAt, end: moov.start },
      { start: moov.start + moov.size, end: fileSize },
    ]),
    moved: true,
  };
}
