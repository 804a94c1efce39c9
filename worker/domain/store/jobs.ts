// The jobs of a product's audio file: a probe (duration, sample rate,
// channels, bitrate) and a preview (MP3 with the seller's voice tag, and
// waveform peaks). Their rows are written in the same batch as the file's
// row; the queue messages are sent once that batch is committed.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { productFiles, products } from "../../db/schema";
import { enqueue, type JobMessage, sendJobs } from "../../jobs/jobs";
import type { Deps } from "../deps";

export interface QueuedJobs {
  statements: BatchItem<"sqlite">[];
  messages: JobMessage[];
}

/** Probe and preview of a new product audio file. */
export function productFileJobs(deps: Deps, userId: string, file: { id: string; key: string }): QueuedJobs {
  const probe = enqueue(deps, userId, "probe", {
    target: "product-file",
    id: file.id,
    key: file.key,
    origin: deps.origin,
  });
  const preview = enqueue(deps, userId, "preview", { fileId: file.id, origin: deps.origin });
  return { statements: [probe.statement, preview.statement], messages: [probe.message, preview.message] };
}

/** The most previews one voice-tag change makes again (a seller's catalogue; ours, not the seed's). */
export const MAX_RETAGGED_FILES = 500;

/** New previews for every listed file of the seller: the voice tag changed. */
export async function retagJobs(deps: Deps, userId: string): Promise<QueuedJobs> {
  const listed = await deps.db
    .select({ id: productFiles.id })
    .from(productFiles)
    .innerJoin(products, eq(products.id, productFiles.productId))
    .where(and(eq(productFiles.userId, userId), isNull(productFiles.removedAt), inArray(products.status, ["active"])))
    .limit(MAX_RETAGGED_FILES);
  const queued = listed.map((file) => enqueue(deps, userId, "preview", { fileId: file.id, origin: deps.origin }));
  const ids = listed.map((file) => file.id);
  const statements: BatchItem<"sqlite">[] = queued.map((q) => q.statement);
  // ≤ 100 bound parameters per statement: mark the files in chunks.
  for (let i = 0; i < ids.length; i += 90) {
    statements.push(
      deps.db
        .update(productFiles)
        .set({ previewStatus: "queued" })
        .where(inArray(productFiles.id, ids.slice(i, i + 90))),
    );
  }
  return { statements, messages: queued.map((q) => q.message) };
}

export { sendJobs };
