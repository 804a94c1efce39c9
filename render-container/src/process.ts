// Runs one ffmpeg/ffprobe process and collects its output. The child gets its
// own process group, so aborting kills it together with anything it started
// (a wrapper script's children included) and its pipes close at once.
import { spawn } from "node:child_process";

export type ProcessResult = {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
};

export type RunOptions = {
  /** Aborting kills the process group; the promise then rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Output beyond this many bytes per stream is dropped (stderr keeps its tail). */
  maxOutputBytes?: number;
  /** Sees stdout as it arrives, e.g. ffmpeg's `-progress pipe:1` lines. */
  onStdout?: (chunk: string) => void;
  env?: NodeJS.ProcessEnv;
};

export class SpawnFailed extends Error {
  constructor(bin: string, cause: Error) {
    super(`could not start ${bin}: ${cause.message}`, { cause });
    this.name = "SpawnFailed";
  }
}

function killGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

export function runProcess(bin: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  const { signal, maxOutputBytes = 8 * 1024 * 1024, onStdout } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: options.env ?? process.env,
    });
    let stdout = "";
    let stderr = "";
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      outcome();
    };
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (stdout.length < maxOutputBytes) stdout += chunk;
      onStdout?.(chunk);
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-maxOutputBytes);
    });
    const onAbort = () => killGroup(child.pid);
    signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (error) => {
      // Not started at all (ENOENT, EACCES); a started child always ends in "close".
      if (child.pid === undefined) settle(() => reject(new SpawnFailed(bin, error)));
    });
    child.on("close", (code, exitSignal) => {
      settle(() => {
        if (signal?.aborted) reject(signal.reason);
        else resolve({ code, signal: exitSignal, stdout, stderr });
      });
    });
  });
}

/** First line of `<bin> -version`, or null when the binary is missing or broken. */
export async function binaryVersion(bin: string, timeoutMs = 5_000): Promise<string | null> {
  try {
    const { code, stdout } = await runProcess(bin, ["-hide_banner", "-version"], {
      signal: AbortSignal.timeout(timeoutMs),
    });
    const line = stdout.split("\n")[0]?.trim();
    return code === 0 && line ? line : null;
  } catch {
    return null;
  }
}
