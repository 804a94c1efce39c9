// Preview job: the renderer makes a product audio file's streaming preview
// (MP3 128 kbit/s, the seller's current voice tag mixed in every 30 s) and
// its waveform peaks; the preview is stored beside the product's files.
import { eq } from "drizzle-orm";
import { type Job, productFiles, products, voiceTags } from "../db/schema";
import type { Deps } from "../domain/deps";
import { storeChanged } from "../domain/store/products";
import { productPreviewKey } from "../storage/keys";
import type { RendererCall } from "./handoff";
import type { JobInput } from "./jobs";
import { markDone, markFailed, markRunning } from "./store";

const URL_SECONDS = 60 * 60;
/** Levels drawn per waveform. */
export const PEAK_COUNT = 200;

export interface PreviewResult {
  durationSeconds: number | null;
  size: number;
  tagged: boolean;
  peaks: number[];
}

async function productFile(deps: Deps, fileId: string) {
  const [file] = await deps.db
    .select({ file: productFiles, status: products.status })
    .from(productFiles)
    .innerJoin(products, eq(products.id, productFiles.productId))
    .where(eq(productFiles.id, fileId));
  return !file || file.file.removedAt || file.status === "deleted" ? null : file.file;
}

export async function startPreview(
  deps: Deps,
  job: Job,
  { fileId }: JobInput<"preview">,
): Promise<RendererCall<"/jobs/preview"> | null> {
  const file = await productFile(deps, fileId);
  if (!file) {
    await markDone(deps.db, job.id, { skipped: "file removed" });
    return null;
  }
  const { userId, productId, key } = file;
  await deps.db.batch([
    markRunning(deps.db, job.id),
    deps.db.update(productFiles).set({ previewStatus: "running" }).where(eq(productFiles.id, fileId)),
  ]);
  const [tag] = await deps.db.select().from(voiceTags).where(eq(voiceTags.userId, userId));
  const { signer } = deps.storage;
  const previewKey = productPreviewKey(userId, productId, fileId);
  return {
    path: "/jobs/preview",
    input: {
      source: await signer.signGet({ key }, URL_SECONDS),
      tag: tag ? await signer.signGet({ key: tag.key }, URL_SECONDS) : undefined,
      output: await signer.signPut({ key: previewKey, contentType: "audio/mpeg", output: true }, URL_SECONDS),
      peaks: PEAK_COUNT,
    },
  };
}

export async function finishPreview(deps: Deps, job: Job, { fileId }: JobInput<"preview">, result: PreviewResult) {
  const file = await productFile(deps, fileId);
  if (!file) {
    await markDone(deps.db, job.id, { skipped: "file removed" });
    return;
  }
  const { userId, productId } = file;
  const previewKey = productPreviewKey(userId, productId, fileId);
  await deps.db.batch([
    deps.db
      .update(productFiles)
      .set({ previewKey, previewStatus: "done", previewError: null, peaks: result.peaks })
      .where(eq(productFiles.id, fileId)),
    markDone(deps.db, job.id, { previewKey, tagged: result.tagged, size: result.size }),
  ]);
  storeChanged(userId, productId);
}

export async function failPreview(deps: Deps, job: Job, { fileId }: JobInput<"preview">, reason: string) {
  await deps.db.batch([
    markFailed(deps.db, job.id, reason),
    deps.db
      .update(productFiles)
      .set({ previewStatus: "failed", previewError: reason })
      .where(eq(productFiles.id, fileId)),
  ]);
}
