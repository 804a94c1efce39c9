// Sends a product's chosen files, one after the other, through the upload
// queue (its rows show progress, pause, cancel and failures per file). The first file of a new
// product gets its id from the server; the others follow it there.
import { sendOrResume } from "./uploads/queue";

/** A file chosen for a product, as its form holds it (components/uploads/ChosenFiles draws it). */
export interface PendingFile {
  key: string;
  file: File;
  status: "waiting" | "uploading" | "done" | "error";
  /** The stored upload's id, once the file is up. */
  uploadId?: string;
  /** The upload queue's id once sent (a second try resumes it). */
  queueId?: string;
}

let counter = 0;
export function pending(file: File): PendingFile {
  counter += 1;
  return { key: `${Date.now().toString(36)}-${counter}`, file, status: "waiting" };
}

export type StorePurpose = "product-cover" | "product-audio" | "voice-tag" | "product-stems";

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
    try {
      const done = sendOrResume(item.file, { purpose, productId, accessType: "private" }, item.queueId, (queueId) =>
        update(item.key, { queueId }),
      );
      update(item.key, { status: "uploading" });
      const record = await done;
      productId = (record.productId as string | undefined) ?? productId;
      const uploadId = record.uploadId as string;
      uploadIds.set(item.key, uploadId);
      update(item.key, { status: "done", uploadId });
    } catch {
      // The queue's row names the file and the server's reason.
      failed += 1;
      update(item.key, { status: "error" });
    }
  }
  return { productId, failed, uploadIds };
}
