// MPEG-1 Layer III frame walking: a delivery segment must be whole frames of
// one bit rate and sample rate, nothing before the first and nothing after the
// last, so segments joined end to end are one valid stream.
import { open } from "node:fs/promises";

export const SAMPLES_PER_FRAME = 1152;

const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const SAMPLE_RATES = [44_100, 48_000, 32_000];

export type FrameHeader = { bitrate: number; sampleRate: number; length: number };

/** The MPEG-1 Layer III header at `at`, or null. */
export function frameHeader(bytes: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xfe) !== 0xfa) return null;
  const bitrate = BITRATES[bytes[at + 2]! >> 4];
  const sampleRate = SAMPLE_RATES[(bytes[at + 2]! >> 2) & 3];
  if (!bitrate || !sampleRate) return null;
  const padding = (bytes[at + 2]! >> 1) & 1;
  return { bitrate, sampleRate, length: Math.floor((144_000 * bitrate) / sampleRate) + padding };
}

export type Counted = { ok: true; frames: number; bitrate: number } | { ok: false; reason: string };

/** Counts the frames of an MP3 file, refusing anything but back-to-back frames of one bit rate. */
export async function countFrames(path: string): Promise<Counted> {
  const file = await open(path, "r");
  try {
    const { size } = await file.stat();
    const chunk = Buffer.alloc(1 << 20);
    let position = 0;
    let frames = 0;
    let bitrate = 0;
    while (position < size) {
      const { bytesRead } = await file.read(chunk, 0, chunk.length, position);
      let at = 0;
      while (at + 4 <= bytesRead) {
        const header = frameHeader(chunk, at);
        if (!header) return { ok: false, reason: `something other than an MP3 frame at byte ${position + at}` };
        if (bitrate && header.bitrate !== bitrate) return { ok: false, reason: "frames of more than one bit rate" };
        bitrate = header.bitrate;
        if (position + at + header.length > size) return { ok: false, reason: "a truncated last frame" };
        if (at + header.length > bytesRead) break;
        at += header.length;
        frames += 1;
      }
      if (at === 0) return { ok: false, reason: "an unreadable frame" };
      position += at;
    }
    return frames > 0 ? { ok: true, frames, bitrate } : { ok: false, reason: "no audio frames" };
  } finally {
    await file.close();
  }
}
