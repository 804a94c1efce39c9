// Moving bytes to a signed URL. XMLHttpRequest, not fetch: only it reports
// upload progress in every browser.
import type { SignedRequest } from "../../../worker/storage/signer";
import { abortError, errorMessage, NETWORK_ERROR, UploadError } from "./errors";

/** PUTs the bytes with XMLHttpRequest, for upload progress events. */
export function xhrPut(
  request: SignedRequest,
  body: Blob,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<{ etag: string | null }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const xhr = new XMLHttpRequest();
    xhr.open(request.method || "PUT", request.url);
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      // The browser sets Content-Length itself and refuses to be told.
      if (name.toLowerCase() !== "content-length") xhr.setRequestHeader(name, value);
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(body.size);
        resolve({ etag: xhr.getResponseHeader("etag") });
      } else {
        reject(
          new UploadError(
            errorMessage(xhr.responseText, `Storage refused the upload (HTTP ${xhr.status}).`),
            xhr.status,
          ),
        );
      }
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError(NETWORK_ERROR));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError(signal));
    };
    xhr.send(body);
  });
}
