// The upload API (ask for a ticket, resume, record a part, complete, abort) through the app's typed
// client (ADR 058): paths, bodies and answers are checked against worker/api/uploads.ts. A failure
// is an UploadError with the server's message, status, code and field errors; a lost connection
// says to retry; a cancelled call rejects with the signal's reason.
import type { ClientResponse } from "hono/client";
import type { UploadRequest } from "../../kernel/schemas/files";
import { type Answer, ApiError, api, call } from "../api-client";
import { abortError, NETWORK_ERROR, UploadError } from "./errors";

const uploads = api.uploads[":uploadId"];

/** Upload ids also come back from the browser's storage: encoded, one can only ever name one upload. */
const param = (uploadId: string) => ({ param: { uploadId: encodeURIComponent(uploadId) } });
const signalled = (signal?: AbortSignal) => ({ init: { signal } });

async function send<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
  signal?: AbortSignal,
): Promise<Answer<R>> {
  try {
    return await call(request, (status) => `The server answered HTTP ${status}.`);
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "network") throw new UploadError(NETWORK_ERROR);
    throw new UploadError(error.message, error.status, error.code === "http" ? undefined : error.code, error.fields);
  }
}

export const uploadApi = {
  /** POST /api/uploads: a ticket (signed URLs) for a new upload. */
  start: (json: UploadRequest, signal?: AbortSignal) => send(api.uploads.$post({ json }, signalled(signal)), signal),
  /** GET /api/uploads/:id: the ticket again, with fresh URLs and the parts the server already holds. */
  ticket: (uploadId: string, signal?: AbortSignal) => send(uploads.$get(param(uploadId), signalled(signal)), signal),
  /** POST /api/uploads/:id/parts: one stored part and its ETag. */
  recordPart: (uploadId: string, part: { partNumber: number; etag: string }, signal?: AbortSignal) =>
    send(uploads.parts.$post({ ...param(uploadId), json: part }, signalled(signal)), signal),
  /** POST /api/uploads/:id/complete: the server checks the bytes and files them for the upload's purpose. */
  complete: (uploadId: string, signal?: AbortSignal) =>
    send(uploads.complete.$post(param(uploadId), signalled(signal)), signal),
  /** DELETE /api/uploads/:id: the upload's stored bytes deleted. */
  abort: (uploadId: string) => send(uploads.$delete(param(uploadId))),
};
