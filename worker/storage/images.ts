// Pictures the product serves at its own stable addresses (issue 44 items 2 and 3): show artwork and
// FarmerTV covers and posters. A podcast directory (Apple's feed checks) wants an artwork URL that
// ends in the image's extension, does not expire and answers with an image type; a share preview
// wants an image type too. So these are served by the Worker itself, straight from the bucket, with
// the record's checked type, an ETag and a cache lifetime, never a redirect to a signed link.
import { NotFound } from "../domain/errors";
import type { Bucket } from "./bucket";
import { USER_CONTENT_HEADERS } from "./served";

/** The image types served inline (./served.ts), each with the extension its address ends in. */
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
};
const BY_EXTENSION: Record<string, string> = {
  ...Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type])),
  jpeg: "image/jpeg",
};

/** Artwork changes rarely and keeps its address: an hour fresh, then revalidated by ETag. */
export const IMAGE_CACHE_CONTROL = "public, max-age=3600, stale-while-revalidate=86400";

/**
 * The image type to serve an object as: the record's checked type when it is an image shown
 * inline, else (rows written before the type was kept) the one its key's extension names; null
 * when neither is an image.
 */
export function imageTypeOf(contentType: string | null | undefined, key: string): string | null {
  const type = (contentType ?? "").toLowerCase().split(";")[0]!.trim();
  if (EXTENSIONS[type]) return type;
  const extension = key.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return (extension && BY_EXTENSION[extension]) || null;
}

/** The extension an image's stable address ends in ("jpg" when the type is unknown). */
export function imageExtension(contentType: string | null | undefined, key: string): string {
  return EXTENSIONS[imageTypeOf(contentType, key) ?? "image/jpeg"]!;
}

/** An address's "artwork.png" → "png" (null when it names no image extension). */
export function requestedExtension(name: string): string | null {
  const extension = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return extension && BY_EXTENSION[extension] ? extension : null;
}

/**
 * The stored image as the answer: its type, length, ETag (304 for a matching If-None-Match) and
 * `IMAGE_CACHE_CONTROL`; HEAD answers the headers alone. 404 when the object is gone.
 */
export async function serveImage(
  bucket: Bucket,
  key: string,
  contentType: string,
  request: Request,
): Promise<Response> {
  const headers = new Headers(USER_CONTENT_HEADERS);
  headers.set("content-type", contentType);
  headers.set("content-disposition", "inline");
  headers.set("cache-control", IMAGE_CACHE_CONTROL);
  const head = request.method === "HEAD" || request.headers.has("if-none-match");
  const object = head ? await bucket.head(key) : await bucket.get(key);
  if (!object) throw new NotFound();
  headers.set("etag", object.httpEtag);
  headers.set("last-modified", object.uploaded.toUTCString());
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === object.httpEtag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("content-length", String(object.size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  const body = "body" in object ? (object as R2ObjectBody).body : (await bucket.get(key))?.body;
  if (!body) throw new NotFound();
  return new Response(body, { status: 200, headers });
}
