// Upload failures as the pages see them: one error type carrying the server's
// message (or a network message), status and field errors.

import { ApiError } from "../api-error";

/** An upload failure with the server's message (or a network message): an `ApiError` (ADR 058). */
export class UploadError extends ApiError {
  constructor(message: string, status = 0, code = "upload_failed", fields?: Record<string, string[]>) {
    super(message, status, code, fields);
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
