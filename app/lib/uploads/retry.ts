// Trying a request again after a network drop, a time-out or an expired link.
import { abortError, UploadError } from "./errors";

/** How many times a failed PUT is tried again, and the first back-off delay. */
export const MAX_RETRIES = 3;
const BACKOFF_MS = 1000;

export interface RetryOptions {
  retries?: number;
  /** The first back-off delay; it doubles with each attempt. */
  backoffMs?: number;
  /** Told of each failed attempt that will be tried again. */
  onRetry?: (attempt: number, error: unknown) => void;
}

/** Runs `send` and tries again up to MAX_RETRIES times (1 s, 2 s, 4 s) unless aborted or refused for good. */
export async function withRetries(
  signal: AbortSignal | undefined,
  send: (attempt: number) => Promise<void>,
  { retries = MAX_RETRIES, backoffMs = BACKOFF_MS, onRetry }: RetryOptions = {},
) {
  for (let attempt = 0; ; attempt++) {
    try {
      await send(attempt);
      return;
    } catch (error) {
      if (signal?.aborted || attempt >= retries || !retriable(error)) throw error;
      onRetry?.(attempt, error);
      await sleep(backoffMs * 2 ** attempt, signal);
    }
  }
}

export function retriable(error: unknown): boolean {
  if (!(error instanceof UploadError)) return false;
  // Network drops, time-outs, rate limits, server errors; 401/403 from storage is an expired link (refreshed on retry).
  return (
    error.status === 0 ||
    error.status === 401 ||
    error.status === 403 ||
    error.status === 408 ||
    error.status === 429 ||
    error.status >= 500
  );
}

export function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
