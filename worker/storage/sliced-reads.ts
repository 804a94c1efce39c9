// The development download path's body (worker/api/storage.ts), read from the bucket one slice at a
// time, each only when the response's reader asks for more.
//
// Why: the local R2 binding (miniflare's) hands an object's whole body to the Worker as fast as the
// disk gives it, whatever the reader's pace. A 1 GiB download to a slow reader (the renderer's
// ffprobe through the dev server) took workerd from ~0.3 to 1.5–2.7 GiB of RSS, which it kept
// (bench:upload's probe rows, ADR 029). Production downloads never pass here: they are R2's own
// presigned URLs.
//
// How: a pull-based stream with no read-ahead. Each pull reads the next slice (a ranged `get` with
// `onlyIf: etagMatches`, so every slice comes from the version the headers described; a changed
// object ends the body with an error instead of mixing two versions), so at most one slice is held.
import type { Bucket } from "./bucket";

export const READ_SLICE_BYTES = 4 * 1024 * 1024;

/** The byte range a `Range` header asks of an object of `size` bytes (RFC 9110 §14.1.2, one range). */
export type RangeAsk = { offset: number; length: number } | "unsatisfiable" | null;

/**
 * `bytes=a-b`, `bytes=a-` and `bytes=-n`. null: no header, or one this server ignores (another
 * unit, several ranges, malformed): the whole object is served, as RFC 9110 allows.
 */
export function parseRange(header: string | null | undefined, size: number): RangeAsk {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [, first, last] = match;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const offset = Number(first);
  if (offset >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < offset) return null;
  return { offset, length: end - offset + 1 };
}

/** Ends a body whose object was replaced between two slices (its status has long been sent). */
export class ObjectChanged extends Error {
  constructor() {
    super("The file changed while it was being read.");
  }
}

/** The bytes [offset, offset + length) of `key` at `etag`, read `slice` bytes at a time on demand. */
export function slicedBody(
  bucket: Bucket,
  key: string,
  etag: string,
  offset: number,
  length: number,
  slice = READ_SLICE_BYTES,
): ReadableStream<Uint8Array> {
  let position = offset;
  const end = offset + length;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (position >= end) {
          controller.close();
          return;
        }
        const size = Math.min(slice, end - position);
        const part = await bucket.get(key, {
          range: { offset: position, length: size },
          onlyIf: { etagMatches: etag },
        });
        if (!part || !("body" in part)) throw new ObjectChanged();
        const bytes = new Uint8Array(await part.arrayBuffer());
        if (bytes.byteLength !== size) throw new ObjectChanged();
        position += size;
        controller.enqueue(bytes);
        if (position >= end) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
