// The multipart scheduler, free of any transport: a fixed number of parts in
// flight (as Uppy's S3 multipart does), each part retried on its own, the
// first part that fails for good stopping the others. Kept apart from the
// XMLHttpRequest code so its behaviour is tested with a stand-in transport.
import { abortError } from "./errors";
import { type RetryOptions, withRetries } from "./retry";

/** Parts in flight at once: enough to fill a connection, few enough not to starve the page. */
export const PART_CONCURRENCY = 4;

export interface ScheduleOptions extends Omit<RetryOptions, "onRetry"> {
  concurrency?: number;
  signal?: AbortSignal;
  /** Sends one part once; throws (an UploadError for a retriable failure) when it did not arrive. */
  send(partNumber: number, attempt: number, signal: AbortSignal): Promise<void>;
  /** A part's attempt failed and will be tried again (its progress should go back to what it holds). */
  onRetry?(partNumber: number, attempt: number, error: unknown): void;
}

/** Sends every part in `partNumbers` (in that order of start), at most `concurrency` at a time. */
export async function scheduleParts(partNumbers: readonly number[], options: ScheduleOptions): Promise<void> {
  const { concurrency = PART_CONCURRENCY, signal: outer, send, onRetry, ...retry } = options;
  // One part failing for good stops the parts in flight too.
  const stop = new AbortController();
  const onOuterAbort = () => stop.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  const signal = stop.signal;

  let next = 0;
  const lane = async () => {
    while (next < partNumbers.length && !signal.aborted) {
      const partNumber = partNumbers[next++]!;
      await withRetries(signal, (attempt) => send(partNumber, attempt, signal), {
        ...retry,
        onRetry: (attempt, error) => onRetry?.(partNumber, attempt, error),
      });
    }
  };
  let failure: { error: unknown } | null = null;
  try {
    await Promise.all(
      Array.from({ length: Math.min(Math.max(1, concurrency), partNumbers.length) }, () =>
        lane().catch((error: unknown) => {
          failure ??= { error };
          stop.abort(error);
        }),
      ),
    );
  } finally {
    outer?.removeEventListener("abort", onOuterAbort);
  }
  if (outer?.aborted) throw abortError(outer);
  if (failure) throw (failure as { error: unknown }).error;
}
