// Smaller copies of an uploaded photo for the screens that show it (a lot's gallery, issue 45): a
// seller's 1200–4000 px photo is 4–20× the bytes a phone's 400 px column needs, and on a slow line
// it is the page's largest paint. Each width is made once with Cloudflare Images' binding, kept in
// R2 beside the original (`sizes/<key>/w<width>.webp`) and then served like any stored image.
import { NotFound } from "../domain/errors";
import type { Bucket } from "./bucket";

/** The widths a page may ask for (its `srcset`): a phone's column, a wide one, a 2× wide one. */
export const PHOTO_WIDTHS = [480, 720, 1080] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export const PHOTO_SIZE_TYPE = "image/webp";

export const photoSizeKey = (key: string, width: PhotoWidth) => `sizes/${key}/w${width}.webp`;

/**
 * The key of `key`'s copy at most `width` px wide (never enlarged), made now when missing; null when
 * the binding cannot read the original (a type it does not know): the caller serves the original.
 */
export async function photoSize(
  bucket: Bucket,
  images: ImagesBinding,
  key: string,
  width: PhotoWidth,
): Promise<string | null> {
  const sized = photoSizeKey(key, width);
  if (await bucket.head(sized)) return sized;
  const original = await bucket.get(key);
  if (!original) throw new NotFound();
  let bytes: ArrayBuffer;
  try {
    const result = await images
      .input(original.body)
      .transform({ width, fit: "scale-down" })
      .output({ format: PHOTO_SIZE_TYPE, quality: 75 });
    bytes = await result.response().arrayBuffer();
  } catch {
    return null;
  }
  await bucket.put(sized, bytes, { httpMetadata: { contentType: PHOTO_SIZE_TYPE } });
  return sized;
}
