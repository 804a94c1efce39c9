// Progress callbacks: `POST callbackUrl {jobId, progress, status}`. Posts for
// one job go out one at a time and in order; while one is in flight only the
// newest pending report is kept (ffmpeg reports several times a second).
// A failed callback is logged and never fails the job. They are also the
// job's heartbeat (ADR 033): with nothing new to say for `heartbeatMs`, the
// last percentage is sent again, which renews the job's lease; an answer 409
// says another attempt holds the lease now, and `onSuperseded` stops the job.

import type { ProgressReport } from "./contract.ts";

type ProgressStatus = ProgressReport["status"];

export type ProgressReporter = {
  report(progress: number, status?: ProgressStatus): void;
  /** Waits (at most `timeoutMs`) for the posts already asked for, then drops any later ones. */
  close(timeoutMs: number): Promise<void>;
};

type Log = (message: string) => void;

const silent: ProgressReporter = {
  report() {},
  async close() {},
};

export function progressReporter(
  jobId: string,
  callbackUrl: string | undefined,
  options: { timeoutMs: number; log: Log; heartbeatMs?: number; onSuperseded?: () => void },
): ProgressReporter {
  if (!callbackUrl) return silent;
  let pending: ProgressReport | undefined;
  let inFlight: Promise<void> | undefined;
  let closed = false;
  let lastSent = -1;
  let sentAt = Date.now();
  let superseded = false;

  async function post(body: ProgressReport) {
    try {
      const response = await fetch(callbackUrl!, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.body?.cancel();
      if (response.status === 409 && !superseded) {
        superseded = true;
        options.log(`job ${jobId}: another attempt holds the job's lease now; stopping`);
        options.onSuperseded?.();
      } else if (!response.ok) options.log(`job ${jobId}: progress callback answered ${response.status}`);
    } catch (error) {
      options.log(`job ${jobId}: progress callback failed: ${(error as Error).message}`);
    }
  }

  function pump() {
    if (inFlight || !pending || closed) return;
    const body = pending;
    pending = undefined;
    lastSent = body.progress;
    sentAt = Date.now();
    inFlight = post(body).finally(() => {
      inFlight = undefined;
      pump();
    });
  }

  const heartbeat =
    options.heartbeatMs && options.heartbeatMs > 0
      ? setInterval(
          () => {
            if (closed || inFlight || pending || Date.now() - sentAt < options.heartbeatMs!) return;
            pending = { jobId, progress: Math.max(0, lastSent), status: "running" };
            pump();
          },
          Math.max(50, Math.floor(options.heartbeatMs / 2)),
        )
      : undefined;
  heartbeat?.unref();

  return {
    report(progress, status = "running") {
      if (closed) return;
      const value = Math.max(0, Math.min(100, Math.round(progress)));
      if (value === lastSent && !pending) return; // nothing new to say
      pending = { jobId, progress: value, status };
      pump();
    },
    async close(timeoutMs) {
      clearInterval(heartbeat);
      const deadline = Date.now() + timeoutMs;
      while ((inFlight || pending) && Date.now() < deadline) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          inFlight ?? Promise.resolve(),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
          }),
        ]);
        clearTimeout(timer);
      }
      closed = true;
      pending = undefined;
    },
  };
}

/** Reads `-progress pipe:1` output and reports the fraction (0..1) of `totalSeconds` written so far. */
export function progressParser(totalSeconds: number, onFraction: (fraction: number) => void): (chunk: string) => void {
  let buffered = "";
  return (chunk) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      const match = /^out_time_(?:us|ms)=(\d+)\s*$/.exec(line);
      if (match && totalSeconds > 0) onFraction(Math.min(1, Number(match[1]) / 1e6 / totalSeconds));
      else if (line.trim() === "progress=end") onFraction(1);
    }
  };
}

/**
 * Passes on increasing whole percentages, at most one per `intervalMs`
 * (`final` ones, like the closing 100, always go through).
 */
export function throttledProgress(
  report: (percent: number) => void,
  intervalMs: number,
  now: () => number = Date.now,
): (percent: number, final?: boolean) => void {
  let last = 0;
  let sentAt = now();
  return (percent, final = false) => {
    const value = Math.max(0, Math.min(100, Math.floor(percent)));
    if (value <= last) return;
    const time = now();
    if (!final && time - sentAt < intervalMs) return;
    last = value;
    sentAt = time;
    report(value);
  };
}
