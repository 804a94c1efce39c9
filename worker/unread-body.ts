// Writes refused before their body was read (401, 403, 404, 413…) must not
// break the next request. Locally, vite's dev server and `vite preview` hand
// every request to workerd through one pool of keep-alive connections
// (miniflare's dispatchFetch, undici). When the Worker answers without
// reading the body, workerd drops that connection while undici is still
// sending the body or has already put the connection back in its pool: the
// refused write, or the next request on that connection (any client's, as
// the pool is shared), fails with "TypeError: fetch failed" and vite answers
// its own HTML 500 page. Reading what is left of the body before answering
// keeps the connection in a known state. Cloudflare's edge buffers and
// terminates client connections itself, so the Worker drains only outside
// production (worker/index.ts); there it would only cost reading bodies
// nobody wanted.
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/** Reads and discards the part of `request`'s body nobody read (at most `limit` bytes, then cancels). */
export async function drainUnreadBody(request: Request, limit = DRAIN_LIMIT_BYTES) {
  if (!request.body || request.bodyUsed) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    return; // somebody is reading it (a stream handed on): theirs to finish
  }
  try {
    for (let read = 0; read <= limit; ) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to keep in order.
  }
}
