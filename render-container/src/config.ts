// The renderer's settings, read once from the environment at start-up.
// A malformed number fails the start rather than silently using a default.

export type Config = {
  host: string;
  port: number;
  /** Binaries: FFMPEG_PATH / FFPROBE_PATH, else whatever `ffmpeg` / `ffprobe` PATH finds. */
  ffmpegPath: string;
  ffprobePath: string;
  /** At most this many jobs (each runs one ffmpeg/ffprobe process at a time) run at once. */
  maxConcurrentJobs: number;
  /** Jobs waiting for a slot beyond this are turned away with 503 `busy`. */
  maxQueuedJobs: number;
  probeTimeoutMs: number;
  /** Per render job, counted from leaving the queue: downloads, ffmpeg passes and uploads. */
  renderTimeoutMs: number;
  /** A render's inputs together may not exceed this many bytes (they are downloaded to disk first). */
  renderMaxInputBytes: number;
  /** Render progress callbacks go out at most this often. */
  progressIntervalMs: number;
  /** With nothing new to report, a running job's callback hears from it this often: its lease's heartbeat (ADR 033). */
  heartbeatIntervalMs: number;
  callbackTimeoutMs: number;
  shutdownGraceMs: number;
  /** Largest accepted job request body. */
  maxBodyBytes: number;
};

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function text(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  return raw ? raw : fallback;
}

export function readConfig(env: Env = process.env): Config {
  return {
    host: text(env, "HOST", "127.0.0.1"),
    port: integer(env, "PORT", 8788, 0),
    ffmpegPath: text(env, "FFMPEG_PATH", "ffmpeg"),
    ffprobePath: text(env, "FFPROBE_PATH", "ffprobe"),
    maxConcurrentJobs: integer(env, "MAX_CONCURRENT_JOBS", 2, 1),
    maxQueuedJobs: integer(env, "MAX_QUEUED_JOBS", 100, 0),
    probeTimeoutMs: integer(env, "PROBE_TIMEOUT_MS", 60_000, 1),
    renderTimeoutMs: integer(env, "RENDER_TIMEOUT_MS", 30 * 60_000, 1),
    renderMaxInputBytes: integer(env, "RENDER_MAX_INPUT_BYTES", 20 * 1024 ** 3, 1),
    progressIntervalMs: integer(env, "PROGRESS_INTERVAL_MS", 1_000, 0),
    heartbeatIntervalMs: integer(env, "HEARTBEAT_INTERVAL_MS", 5_000, 100),
    callbackTimeoutMs: integer(env, "CALLBACK_TIMEOUT_MS", 5_000, 1),
    shutdownGraceMs: integer(env, "SHUTDOWN_GRACE_MS", 10_000, 0),
    maxBodyBytes: integer(env, "MAX_BODY_BYTES", 256 * 1024, 1024),
  };
}
