// The few ISO BMFF (MP4) box helpers the renderer's MP4 readers share
// (mp4-probe.ts, mp4-join.ts): boxes found inside a buffer, and boxes made.

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

/** A box of `type` around `parts` (32-bit size). */
export function boxOf(type: string, ...parts: Buffer[]): Buffer {
  const body = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}
