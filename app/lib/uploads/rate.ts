// Speed and time left of one upload, from the bytes sent over the last few
// seconds (a moving window, so a stalled connection shows as slow quickly and
// one fast burst does not promise a minute that never comes).

/** How far back the speed looks. */
const WINDOW_MS = 5000;

export interface RateTracker {
  /** The bytes sent so far (held parts included) at time `at` (ms). */
  add(at: number, bytes: number): void;
  /** Bytes per second over the window, or null until there is enough to say. */
  speed(): number | null;
  /** Seconds until `total` bytes are sent at the current speed, or null. */
  secondsLeft(total: number): number | null;
  /** Forgets the samples (after a pause: the gap is not slowness). */
  reset(): void;
}

export function rateTracker(windowMs = WINDOW_MS): RateTracker {
  let samples: { at: number; bytes: number }[] = [];
  const speed = () => {
    const first = samples[0];
    const last = samples.at(-1);
    if (!first || !last || last.at - first.at < 500) return null;
    return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
  };
  return {
    add(at, bytes) {
      // The first figure after a (re)start is the bytes held before: a baseline, not speed.
      samples.push({ at, bytes });
      while (samples.length > 2 && samples[1]!.at <= at - windowMs) samples.shift();
    },
    speed,
    secondsLeft(total) {
      const rate = speed();
      const last = samples.at(-1);
      if (!rate || !last) return null;
      return Math.max(0, (total - last.bytes) / rate);
    },
    reset() {
      samples = [];
    },
  };
}
