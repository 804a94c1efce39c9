// Small generated WAVs that sound and look like real material, for the content the tour, the layout
// check and the store journeys upload: a beat, speech and an ad spot. Each is seeded by its name, so
// two files never share a waveform and a run always makes the same bytes. No dependencies (the
// renderer's tests import it too). 16 kHz mono 16-bit keeps a few seconds near 100 KB.

export type SoundKind = "beat" | "speech" | "spot";

const RATE = 16_000;

/** A 32-bit hash of the name (FNV-1a): the seed. */
function hash(text: string) {
  let h = 2166136261;
  for (const char of text) {
    h ^= char.codePointAt(0) ?? 0;
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A small seeded random source (mulberry32), 0..1. */
function random(seed: number) {
  let state = seed || 1;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Adds a voice into `out` from `start` (seconds): `sample(t)` for `length` seconds. */
function mix(out: Float32Array, start: number, length: number, sample: (t: number) => number) {
  const from = Math.max(0, Math.round(start * RATE));
  const to = Math.min(out.length, Math.round((start + length) * RATE));
  for (let i = from; i < to; i++) out[i]! += sample((i - from) / RATE);
}

/** A kick/snare/hat pattern with decays, a bass and a pentatonic melody; sometimes a break. */
function beat(out: Float32Array, rnd: () => number) {
  const bpm = 80 + Math.floor(rnd() * 70);
  const step = 60 / bpm / 2; // eighths
  const steps = Math.floor(out.length / RATE / step);
  const kicks = [0, 3, 4, 6, 7].filter((_, i) => i === 0 || rnd() < 0.55);
  const root = 45 + Math.floor(rnd() * 12);
  const scale = [0, 3, 5, 7, 10, 12, 15];
  const breakAt = rnd() < 0.7 ? 8 + Math.floor(rnd() * Math.max(1, steps - 12)) : -1;
  const hz = (note: number) => 440 * 2 ** ((note - 69) / 12);
  const noise = random(Math.floor(rnd() * 2 ** 32));
  for (let s = 0; s < steps; s++) {
    const at = s * step;
    const inBar = s % 8;
    const silent = breakAt >= 0 && s >= breakAt && s < breakAt + 4;
    const intro = s < 8 && rnd() < 0.5;
    if (!silent && !intro && kicks.includes(inBar))
      mix(
        out,
        at,
        0.35,
        (t) => 0.9 * Math.sin(2 * Math.PI * (48 * t + 7 * (1 - Math.exp(-t * 30)))) * Math.exp(-t * 9),
      );
    if (!silent && !intro && (inBar === 2 || inBar === 6))
      mix(
        out,
        at,
        0.25,
        (t) => (0.55 * (noise() * 2 - 1) + 0.25 * Math.sin(2 * Math.PI * 190 * t)) * Math.exp(-t * 18),
      );
    if (!silent) mix(out, at, 0.06, (t) => 0.12 * (noise() * 2 - 1) * Math.exp(-t * 80));
    if (!silent && inBar % 4 === 0) {
      const f = hz(root - 12 + (rnd() < 0.3 ? 5 : 0));
      mix(out, at, step * 3.5, (t) => 0.35 * Math.sin(2 * Math.PI * f * t) * Math.exp(-t * 2.5));
    }
    if (rnd() < (silent ? 0.8 : 0.45)) {
      const f = hz(root + 12 + scale[Math.floor(rnd() * scale.length)]!);
      const length = step * (1 + Math.floor(rnd() * 3));
      const level = 0.15 + rnd() * 0.2;
      mix(out, at, length + 0.2, (t) => {
        const envelope = Math.min(1, t * 80) * Math.exp(-t * 4);
        return level * envelope * (Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t));
      });
    }
  }
}

/** Syllables at about 4–6 a second in words and phrases, with pauses between phrases. */
function speech(out: Float32Array, rnd: () => number, from = 0, level = 1) {
  const pitch = 100 + rnd() * 120;
  let at = from + 0.1 + rnd() * 0.2;
  const end = out.length / RATE - 0.2;
  while (at < end) {
    const phrase = 0.5 + rnd() * 0.6;
    const words = 2 + Math.floor(rnd() * 5);
    for (let w = 0; w < words && at < end; w++) {
      const syllables = 1 + Math.floor(rnd() * 3);
      for (let s = 0; s < syllables && at < end; s++) {
        const length = 0.12 + rnd() * 0.14;
        const f0 = pitch * (0.85 + rnd() * 0.35);
        const formant = 500 + rnd() * 1500;
        const loud = level * phrase * (0.5 + rnd() * 0.5);
        mix(out, at, length, (t) => {
          const envelope = Math.sin((Math.PI * t) / length) ** 1.5;
          let voice = 0;
          for (let h = 1; h <= 8; h++) {
            const weight = 1 / (1 + ((h * f0 - formant) / 400) ** 2) + 0.3 / h;
            voice += weight * Math.sin(2 * Math.PI * h * f0 * t);
          }
          return 0.28 * loud * envelope * voice;
        });
        at += length + 0.02;
      }
      at += 0.04 + rnd() * 0.1;
    }
    at += 0.25 + rnd() * 0.45;
  }
}

/** An ad spot: a pad that swells in, a voice over a quiet bed, and a closing sting. */
function spot(out: Float32Array, rnd: () => number) {
  const seconds = out.length / RATE;
  const root = 110 * 2 ** (Math.floor(rnd() * 7) / 12);
  const chord = [1, 1.26, 1.5, 2];
  const swell = 0.8 + rnd() * 0.6;
  mix(out, 0, seconds, (t) => {
    const envelope = t < swell ? (t / swell) ** 2 : t > seconds - 0.6 ? 0.25 : 0.25 + 0.75 * Math.exp(-(t - swell) * 4);
    return 0.2 * envelope * chord.reduce((sum, ratio) => sum + Math.sin(2 * Math.PI * root * ratio * t), 0);
  });
  speech(out, rnd, swell + 0.1, 0.9);
  mix(out, seconds - 0.55, 0.55, (t) => 0.6 * Math.sin(2 * Math.PI * root * 4 * t) * Math.exp(-t * 6));
}

/** Seconds of each kind unless asked: a few, so uploads stay small and the tests fast. */
const SECONDS: Record<SoundKind, number> = { beat: 5, speech: 5, spot: 4 };
const DRIVE: Record<SoundKind, number> = { beat: 3, speech: 1.5, spot: 2.5 };

/**
 * A 16-bit mono WAV of `kind`, different for every `name` (the seed), normalised to about −1 dBFS.
 * The renderer can make its preview, probe it and draw its waveform from it.
 */
export function sound(kind: SoundKind, name: string, seconds = SECONDS[kind]) {
  const rnd = random(hash(`${kind}:${name}`));
  const length = Math.round(seconds * (0.85 + rnd() * 0.3) * RATE);
  const out = new Float32Array(length);
  if (kind === "beat") beat(out, rnd);
  else if (kind === "speech") speech(out, rnd);
  else spot(out, rnd);
  // Mastered as real material is: normalised, then a soft limiter (tanh) that brings the body of
  // the sound up towards its peaks, harder for music than for a voice.
  const drive = DRIVE[kind];
  let loudest = 0;
  for (const value of out) loudest = Math.max(loudest, Math.abs(value));
  for (let i = 0; i < length; i++) out[i] = Math.tanh((drive * out[i]!) / (loudest || 1));
  loudest = Math.tanh(drive);
  const gain = 0.89 / loudest;
  const samples = Buffer.alloc(length * 2);
  for (let i = 0; i < length; i++)
    samples.writeInt16LE(Math.round(Math.max(-1, Math.min(1, out[i]! * gain)) * 32767), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}
