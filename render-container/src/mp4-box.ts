// The few ISO BMFF (MP4) box helpers the renderer's MP4 readers share
// (mp4-probe.ts, mp4-join.ts): boxes found inside a buffer, an edit list's
// entries, and boxes made.

/** A box inside a buffer: its four-letter type and its bounds [start, end), header included. */
export type Box = { type: string; start: number; end: number };

/** The boxes directly inside `buffer[from, to)`; [] when they do not tile it (a damaged box). */
export function children(buffer: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  for (let at = from; at + 8 <= to; ) {
    const size = buffer.readUInt32BE(at);
    if (size < 8 || at + size > to) return [];
    boxes.push({ type: buffer.toString("latin1", at + 4, at + 8), start: at, end: at + size });
    at += size;
  }
  return boxes;
}

/** The first box of `type` inside `box`. */
export const child = (buffer: Buffer, box: Box | undefined, type: string): Box | undefined =>
  box ? children(buffer, box.start + 8, box.end).find((b) => b.type === type) : undefined;

/** One entry of an edit list (`elst`): its length in the movie's timescale, where it starts in the media (-1: empty), its rate (16.16). */
export type Edit = { duration: number; mediaTime: number; rate: number };

/** The entries of the `elst` box `elst` (version 0 or 1); null when they do not fit in it (a damaged box). */
export function editEntries(buffer: Buffer, elst: Box): Edit[] | null {
  const v1 = buffer[elst.start + 8] === 1;
  const size = v1 ? 20 : 12;
  const count = buffer.readUInt32BE(elst.start + 12);
  if (elst.start + 16 + count * size > elst.end) return null;
  return Array.from({ length: count }, (_, k) => {
    const at = elst.start + 16 + k * size;
    return {
      duration: v1 ? Number(buffer.readBigUInt64BE(at)) : buffer.readUInt32BE(at),
      mediaTime: v1 ? Number(buffer.readBigInt64BE(at + 8)) : buffer.readInt32BE(at + 4),
      rate: buffer.readUInt32BE(at + (v1 ? 16 : 8)),
    };
  });
}

/** A box of `type` around `parts` (32-bit size). */
export function boxOf(type: string, ...parts: Buffer[]): Buffer {
  const body = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}
