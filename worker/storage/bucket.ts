// The one way to the R2 binding. Everything outside worker/storage/ reaches objects through
// `Storage` (the domain's `deps.storage`), never the binding (`npm run deps` checks it), so how
// objects are read, written and signed is decided here.
import type { Signer } from "./signer";

/** The R2 calls the app makes. */
export type Bucket = Pick<
  R2Bucket,
  "head" | "get" | "put" | "delete" | "list" | "createMultipartUpload" | "resumeMultipartUpload"
>;

export interface Storage extends Bucket {
  /** Short-lived URLs the browser and the renderer move bytes with (./signer.ts). */
  readonly signer: Signer;
}

/** `signer` is made on first use: most requests never sign a URL. */
export function storageFor(bucket: R2Bucket, signer: () => Signer): Storage {
  let made: Signer | undefined;
  return {
    head: (key) => bucket.head(key),
    get: ((key: string, options?: R2GetOptions) => bucket.get(key, options)) as Bucket["get"],
    put: ((key: string, value: Parameters<R2Bucket["put"]>[1], options?: R2PutOptions) =>
      bucket.put(key, value, options)) as Bucket["put"],
    delete: (keys) => bucket.delete(keys),
    list: (options) => bucket.list(options),
    createMultipartUpload: (key, options) => bucket.createMultipartUpload(key, options),
    resumeMultipartUpload: (key, uploadId) => bucket.resumeMultipartUpload(key, uploadId),
    get signer() {
      made ??= signer();
      return made;
    },
  };
}
