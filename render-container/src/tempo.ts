// A beat's tempo, suggested at probe time for a store product's audio (issue 33: "the probe can
// suggest BPM; the seller confirms"). ffmpeg decodes a mono 11025 Hz excerpt from the middle of
// the file; an onset-strength envelope (log spectral flux) is autocorrelated, and the tempo whose
// beat period and its multiples line up best with the envelope's periodicity wins, within
// 70–180 BPM (a half or double tempo folds into that range). Best effort, like the peaks: a file
// that cannot be decoded, or has no steady pulse, gets no suggestion rather than a failed probe.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { TempoEstimate } from "./contract.ts";
import type { JobContext } from "./jobs.ts";
import { NETWORK_PROTOCOLS } from "./protocols.ts";
import { inJobFolder } from "./transfer.ts";

export type { TempoEstimate };

export const TEMPO_RATE = 11025;
/** Seconds decoded from the middle of the file. */
export const TEMPO_EXCERPT_SECONDS = 75;
/** Shorter audio carries too few beats to tell a tempo. */
export const TEMPO_MIN_SECONDS = 6;
export const TEMPO_MIN_BPM = 70;
export const TEMPO_MAX_BPM = 180;
/** Below this the envelope has no pulse worth suggesting. */
export const TEMPO_MIN_CONFIDENCE = 0.1;

const FRAME = 512;
const HOP = 64;
/** Envelope frames per second (≈ 172): one frame is 5.8 ms. */
const FRAME_RATE = TEMPO_RATE / HOP;
/** Beat periods and these multiples of them are compared with the envelope's autocorrelation. */
const MULTIPLES = 4;
const DECODE_CPU_SECONDS = 20;
/** The 99th percentile of the onset envelope must reach this rise (in log band energy). */
const MIN_ONSET = 0.5;

/** The tempo of the file at `url` (network protocols only), or null. */
export async function probeTempo(
  context: JobContext,
  url: string,
  facts: { hasAudio: boolean; durationSeconds: number | null },
): Promise<TempoEstimate | null> {
  const duration = facts.durationSeconds ?? 0;
  if (!facts.hasAudio || duration < TEMPO_MIN_SECONDS) return null;
  const start = Math.max(0, (duration - TEMPO_EXCERPT_SECONDS) / 2);
  return inJobFolder("tempo", context.jobId, async (dir) => {
    const pcm = join(dir, "tempo.pcm");
    const decoded = await context.exec(
      "ffmpeg",
      [
        ["-hide_banner", "-v", "error", "-y", "-timelimit", String(DECODE_CPU_SECONDS)],
        ["-ss", start.toFixed(3), "-t", String(TEMPO_EXCERPT_SECONDS)],
        ["-protocol_whitelist", NETWORK_PROTOCOLS, "-i", url],
        ["-map", "0:a:0", "-vn", "-sn", "-dn", "-ac", "1", "-ar", String(TEMPO_RATE)],
        ["-f", "s16le", "-c:a", "pcm_s16le", pcm],
      ].flat(),
    );
    if (decoded.code !== 0) {
      context.log("tempo: the audio could not be decoded; the probe goes on without a BPM suggestion");
      return null;
    }
    const bytes = await readFile(pcm);
    const samples = new Float32Array(Math.floor(bytes.length / 2));
    for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2) / 32768;
    return estimateTempo(samples);
  });
}

/** The tempo of mono PCM at TEMPO_RATE, or null when it has no steady pulse. */
export function estimateTempo(samples: Float32Array): TempoEstimate | null {
  if (samples.length < TEMPO_MIN_SECONDS * TEMPO_RATE) return null;
  const envelope = onsetEnvelope(samples);
  // A steady tone or silence ripples too (spectral leakage), perfectly periodically: without onsets
  // that rise by a clear step in level there is no beat to time.
  const strongest = [...envelope].sort((a, b) => a - b)[Math.floor(envelope.length * 0.99)] ?? 0;
  if (strongest < MIN_ONSET) return null;
  const acf = autocorrelation(envelope, lagOf(TEMPO_MIN_BPM / 2) * MULTIPLES + 2);
  if (acf === null) return null;

  // Every candidate on a 0.05 BPM grid, including half and double the range so folding can see them.
  let best = { bpm: 0, score: Number.NEGATIVE_INFINITY, raw: 0 };
  for (let step = (TEMPO_MIN_BPM / 2) * 20; step <= TEMPO_MAX_BPM * 2 * 20; step++) {
    const bpm = step / 20;
    const raw = combScore(acf, bpm);
    // A soft preference for the middle of the range decides between a tempo and its half (a click
    // at 90 also lines up at 180): the seller confirms anyway.
    const score = raw * prior(bpm);
    if (score > best.score) best = { bpm, score, raw };
  }
  if (!(best.raw > 0)) return null;
  const confidence = Math.min(1, best.raw);
  if (confidence < TEMPO_MIN_CONFIDENCE) return null;
  return { bpm: Math.round(fold(best.bpm) * 10) / 10, confidence: Math.round(confidence * 100) / 100 };
}

/** Halves or doubles `bpm` into 70–180. */
export function fold(bpm: number): number {
  let folded = bpm;
  while (folded < TEMPO_MIN_BPM) folded *= 2;
  while (folded > TEMPO_MAX_BPM) folded /= 2;
  return folded;
}

function lagOf(bpm: number): number {
  return (60 / bpm) * FRAME_RATE;
}

/**
 * Log-normal preference around 120 BPM, 1.5 octaves wide: enough to choose 90 over 180 for a
 * pulse that fits both, not so much that 2/3 of a fast beat (116 for 174, where the hats of its
 * eighths line up too) beats the beat itself. Tempos outside 70–180 count a little less.
 */
function prior(bpm: number): number {
  const inRange = bpm >= TEMPO_MIN_BPM && bpm <= TEMPO_MAX_BPM ? 1 : 0.9;
  const spread = Math.log2(bpm / 120) / 1.5;
  return inRange * Math.exp(-0.5 * spread * spread);
}

/** Mean normalised autocorrelation at the beat period and its first multiples. */
function combScore(acf: Float64Array, bpm: number): number {
  const lag = lagOf(bpm);
  let sum = 0;
  for (let k = 1; k <= MULTIPLES; k++) sum += at(acf, lag * k);
  return sum / MULTIPLES;
}

/** The autocorrelation at a fractional lag, interpolated linearly. */
function at(acf: Float64Array, lag: number): number {
  const low = Math.floor(lag);
  if (low + 1 >= acf.length) return 0;
  const fraction = lag - low;
  return acf[low]! * (1 - fraction) + acf[low + 1]! * fraction;
}

/** Band edges in FFT bins, two bands an octave from 21.5 Hz up: every octave counts alike. */
const BANDS = [...new Set(Array.from({ length: 17 }, (_, i) => Math.round(2 ** (i / 2))))];

/**
 * Onset strength per frame: the rise of log energy summed over half-octave bands (half-wave
 * rectified spectral flux; a broadband hat does not drown the kick and snare that carry the beat),
 * minus its local mean so only sudden rises remain.
 */
function onsetEnvelope(samples: Float32Array): Float64Array {
  const frames = Math.max(0, Math.floor((samples.length - FRAME) / HOP) + 1);
  const bands = BANDS.length - 1;
  const window = new Float64Array(FRAME);
  for (let i = 0; i < FRAME; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME);
  const re = new Float64Array(FRAME);
  const im = new Float64Array(FRAME);
  let previous = new Float64Array(bands);
  let current = new Float64Array(bands);
  const flux = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    const offset = f * HOP;
    for (let i = 0; i < FRAME; i++) {
      re[i] = samples[offset + i]! * window[i]!;
      im[i] = 0;
    }
    fft(re, im);
    let rise = 0;
    for (let band = 0; band < bands; band++) {
      let energy = 0;
      for (let b = BANDS[band]!; b < BANDS[band + 1]!; b++) energy += re[b]! * re[b]! + im[b]! * im[b]!;
      const level = Math.log1p(100 * energy);
      current[band] = level;
      if (f > 0 && level > previous[band]!) rise += level - previous[band]!;
    }
    flux[f] = rise;
    [previous, current] = [current, previous];
  }
  // Subtract a moving average of ~0.4 s: sustained loudness is not an onset.
  const half = Math.round(0.2 * FRAME_RATE);
  const prefix = new Float64Array(frames + 1);
  for (let f = 0; f < frames; f++) prefix[f + 1] = prefix[f]! + flux[f]!;
  const envelope = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    const from = Math.max(0, f - half);
    const to = Math.min(frames, f + half + 1);
    envelope[f] = Math.max(0, flux[f]! - (prefix[to]! - prefix[from]!) / (to - from));
  }
  return envelope;
}

/** Autocorrelation of the mean-removed envelope for lags 0..maxLag-1, unbiased and divided by lag 0; null when flat. */
function autocorrelation(envelope: Float64Array, maxLag: number): Float64Array | null {
  const n = envelope.length;
  if (n <= maxLag) return null;
  let mean = 0;
  for (const value of envelope) mean += value;
  mean /= n;
  const centred = envelope.map((value) => value - mean);
  const acf = new Float64Array(maxLag);
  for (let lag = 0; lag < maxLag; lag++) {
    let sum = 0;
    for (let i = 0; i + lag < n; i++) sum += centred[i]! * centred[i + lag]!;
    acf[lag] = sum / (n - lag);
  }
  const zero = acf[0]!;
  if (!(zero > 0)) return null;
  for (let lag = 0; lag < maxLag; lag++) acf[lag] = acf[lag]! / zero;
  return acf;
}

/** In-place iterative radix-2 FFT; the length is a power of two. */
function fft(re: Float64Array, im: Float64Array) {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    const wRe = Math.cos(angle);
    const wIm = Math.sin(angle);
    for (let start = 0; start < n; start += size) {
      let uRe = 1;
      let uIm = 0;
      for (let k = 0; k < size / 2; k++) {
        const a = start + k;
        const b = a + size / 2;
        const tRe = re[b]! * uRe - im[b]! * uIm;
        const tIm = re[b]! * uIm + im[b]! * uRe;
        re[b] = re[a]! - tRe;
        im[b] = im[a]! - tIm;
        re[a] = re[a]! + tRe;
        im[a] = im[a]! + tIm;
        const next = uRe * wRe - uIm * wIm;
        uIm = uRe * wIm + uIm * wRe;
        uRe = next;
      }
    }
  }
}
