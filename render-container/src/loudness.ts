// Loudness per segment (EBU R128): every item of a playlist is measured on
// its own with ffmpeg's ebur128 (integrated loudness and true peak, through
// the same resampling and channel layout the render uses) and gets its own
// gain to the target; one true-peak limiter over the joined audio keeps the
// whole file at or below the ceiling. Measurements are facts about a file:
// the Worker keeps them and sends them back, so a file is measured once.
// Pure: no I/O here.

/** What the renderer measured about one file, in its own channel count. */
export type Loudness = { integrated: number | null; truePeak: number | null; channels: number };

/** Quieter than this is silence or room tone, not programme: lifting it would only pump up noise. */
export const SILENCE_BELOW_LUFS = -60;
/** Shorter than the EBU R128 short-term window: a sting or a gap, measured unreliably. */
export const SHORT_SECONDS = 3;
/** The most a short item is lifted. */
export const SHORT_MAX_BOOST_DB = 12;
/** The limiter's ceiling, below the −1 dBTP target: the AAC encoder adds a little overshoot. */
export const LIMIT_DBTP = -1.5;

/** Appended to an item's audio chain in the measuring pass; per-frame lines only at verbose. */
export const MEASURE_FILTER = "ebur128=peak=true:framelog=verbose";

/**
 * The summaries ebur128 prints at the end, in the order of the filters in
 * the graph (`Parsed_ebur128_<n>` numbers them in parse order, so one
 * measuring chain per item gives one summary per item, in item order).
 */
export function parseEbur128(stderr: string): { integrated: number | null; truePeak: number | null }[] {
  const found = new Map<number, { integrated: number | null; truePeak: number | null }>();
  let current: number | null = null;
  const value = (text: string) => {
    const n = Number(text);
    return Number.isFinite(n) ? n : null;
  };
  for (const line of stderr.split(/\r?\n/)) {
    const tag = /Parsed_ebur128_(\d+) @ [^\]]*\]\s*(?:\[\w+\]\s*)?Summary:/.exec(line);
    if (tag) {
      current = Number(tag[1]);
      found.set(current, { integrated: null, truePeak: null });
      continue;
    }
    if (current === null) continue;
    const entry = found.get(current)!;
    const integrated = /^\s*(?:\[\w+\]\s*)?I:\s+(\S+) LUFS/.exec(line);
    if (integrated) entry.integrated = value(integrated[1]!);
    const peak = /^\s*(?:\[\w+\]\s*)?Peak:\s+(\S+) dBFS/.exec(line);
    if (peak) entry.truePeak = value(peak[1]!);
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, summary]) => summary);
}

export type Outcome = "normalised" | "silence" | "short" | "no audio";

/** The gain (dB, 2 decimals) that brings one item to `target`, and why it is what it is. */
export function segmentGain(
  loudness: Loudness | null,
  durationSeconds: number,
  target: number,
): { gainDb: number; outcome: Outcome } {
  if (!loudness) return { gainDb: 0, outcome: "no audio" };
  const measured = loudness.integrated;
  // ebur128 reports −70 LUFS (its absolute gate) when no block was loud enough to count.
  if (measured === null || measured <= SILENCE_BELOW_LUFS) return { gainDb: 0, outcome: "silence" };
  const gain = Math.round((target - measured) * 100) / 100;
  if (durationSeconds < SHORT_SECONDS && gain > SHORT_MAX_BOOST_DB)
    return { gainDb: SHORT_MAX_BOOST_DB, outcome: "short" };
  return { gainDb: gain, outcome: "normalised" };
}

/** A stored measurement can stand in for measuring again when it was taken in the same channel count (mono or stereo). */
export function reusable(stored: Loudness | undefined, channels: number | undefined): stored is Loudness {
  return Boolean(stored && channels && channels <= 2 && stored.channels === channels);
}

/**
 * The joined audio's true-peak limit: 4× oversampled (true peaks fall
 * between samples), a look-ahead limiter without auto-level, delay
 * compensated so chapters stay where they are, back to the output rate.
 */
export function limiterFilter(sampleRate = 48_000): string {
  const limit = (10 ** (LIMIT_DBTP / 20)).toFixed(4);
  return (
    `aresample=${sampleRate * 4},alimiter=limit=${limit}:attack=5:release=100:level=0:latency=1,` +
    `aresample=${sampleRate}`
  );
}

export function isLoudness(value: unknown): value is Loudness {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { integrated, truePeak, channels } = value as Record<string, unknown>;
  const level = (v: unknown) => v === null || (typeof v === "number" && Number.isFinite(v) && Math.abs(v) < 200);
  return level(integrated) && level(truePeak) && Number.isInteger(channels) && (channels as number) > 0;
}
