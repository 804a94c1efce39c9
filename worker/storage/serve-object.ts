// One stored object as a response that the server decides: the type and
// disposition it was signed or checked as (never the uploader's stored
// metadata), user-content headers, byte ranges, and a body read a slice at a
// time. Used by the development storage route and by links the Worker
// resolves itself (blind-judged battle files), whose URLs name no storage key.
import { NotFound } from "../domain/errors";
import type { Bucket } from "./bucket";
import { ATTACHMENT_TYPE, type Served, USER_CONTENT_HEADERS } from "./served";
import { parseRange, slicedBody } from "./sliced-reads";

export async function serveObject(
  bucket: Bucket,
  key: string,
  served: Partial<Served> | undefined,
  rangeHeader: string | undefined,
  cacheControl = "private, max-age=300",
): Promise<Response> {
  const object = await bucket.head(key);
  if (!object) throw new NotFound();
  const headers = new Headers(USER_CONTENT_HEADERS);
  headers.set("content-type", served?.contentType ?? ATTACHMENT_TYPE);
  headers.set("content-disposition", served?.contentDisposition ?? "attachment");
  headers.set("etag", object.httpEtag);
  headers.set("accept-ranges", "bytes");
  headers.set("cache-control", cacheControl);
  const range = parseRange(rangeHeader, object.size);
  if (range === "unsatisfiable") {
    headers.set("content-range", `bytes */${object.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { offset, length } = range ?? { offset: 0, length: object.size };
  if (range) headers.set("content-range", `bytes ${offset}-${offset + length - 1}/${object.size}`);
  headers.set("content-length", String(length));
  return new Response(slicedBody(bucket, key, object.etag, offset, length), { status: range ? 206 : 200, headers });
}
