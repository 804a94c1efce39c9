// Server-side copy inside the bucket. The R2 binding has no copy call, so
// the object streams from a get into a put (never buffered whole).
import type { Bucket } from "./bucket";

export async function copyObject(bucket: Bucket, from: string, to: string): Promise<R2Object> {
  const source = await bucket.get(from);
  if (!source) throw new Error(`copy source ${from} is missing`);
  return bucket.put(to, source.body, { httpMetadata: source.httpMetadata });
}
