// Sends a product's chosen files, one after the other, through the one upload
// module, reporting progress and failures per file. The first file of a new
// product gets its id from the server; the others follow it there.
import type { PendingFile } from "../components/store/UploadList";
import { UNEXPECTED_ERROR } from "./schemas/products";
import { UploadError, uploadFile } from "./upload-client";

export type StorePurpose = "product-cover" | "product-audio" | "voice-tag";

export async function uploadPending(
  items: PendingFile[],
  purpose: StorePurpose,
  productId: string | undefined,
  update: (key: string, change: Partial<PendingFile>) => void,
): Promise<{ productId: string | undefined; failed: number; uploadIds: Map<string, string> }> {
  let failed = 0;
  const uploadIds = new Map<string, string>();
  for (const item of items) {
    if (item.status === "done") {
      if (item.uploadId) uploadIds.set(item.key, item.uploadId);
      continue;
    }
    update(item.key, { status: "uploading", fraction: 0, error: undefined });
    try {
      const record = await uploadFile(
        item.file,
        { purpose, productId, accessType: "private" },
        { onProgress: (fraction) => update(item.key, { fraction }) },
      );
      productId = (record.productId as string | undefined) ?? productId;
      const uploadId = record.uploadId as string;
      uploadIds.set(item.key, uploadId);
      update(item.key, { status: "done", fraction: 1, uploadId });
    } catch (error) {
      failed += 1;
      const message = error instanceof UploadError && error.message ? error.message : UNEXPECTED_ERROR;
      update(item.key, { status: "error", error: message });
    }
  }
  return { productId, failed, uploadIds };
}
