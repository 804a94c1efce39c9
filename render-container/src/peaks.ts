// Waveform levels from decoded audio: used by store previews (preview.ts)
// and by the probe of every audio and video file (probe-peaks.ts).
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";

/** How many levels `peaks` has unless the input asks otherwise. */
export const DEFAULT_PEAKS = 200;
/** The waveform is read from audio decoded to mono at this rate: plenty for levels. */
export const PEAK_RATE = 4000;

/** Loudest sample of each of `count` equal spans of signed 16-bit mono PCM, as 0..1 (3 decimals). */
export async function peaksOf(pcmPath: string, count: number): Promise<number[]> {
  const { size } = await stat(pcmPath);
  const samples = Math.floor(size / 2);
  if (samples === 0) return [];
  const buckets = Math.min(count, samples);
  const levels = new Array<number>(buckets).fill(0);
  let index = 0;
  let carry: number | null = null;
  for await (const chunk of createReadStream(pcmPath) as AsyncIterable<Buffer>) {
    let offset = 0;
    if (carry !== null) {
      record((((chunk[0]! << 8) | carry) << 16) >> 16);
      offset = 1;
      carry = null;
    }
    for (; offset + 1 < chunk.length; offset += 2) record(chunk.readInt16LE(offset));
    if (offset < chunk.length) carry = chunk[offset]!;
  }
  return levels.map((level) => Math.round((level / 32768) * 1000) / 1000);

  function record(sample: number) {
    const bucket = Math.min(buckets - 1, Math.floor((index * buckets) / samples));
    const level = Math.abs(sample);
    if (level > levels[bucket]!) levels[bucket] = level;
    index += 1;
  }
}
