// Upload failures as the pages see them: one error type carrying the server's
// message (or a network message), status and field errors.

/** An upload failure with the server's message (or a network message). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status = 0,
    readonly code = "upload_failed",
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export const NETWORK_ERROR = "Network error: the connection was lost. Retry to send the rest.";

export function abortError(signal?: AbortSignal): unknown {
  return signal?.reason ?? new DOMException("The upload was cancelled.", "AbortError");
}

/** `{error: {message}}` from a JSON body, else the fallback. */
export function errorMessage(text: string, fallback: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof body.error?.message === "string" && body.error.message) return body.error.message;
  } catch {}
  return fallback;
}
