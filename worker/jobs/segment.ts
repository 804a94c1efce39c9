// Segment job (issue 30): the renderer encodes one source object to the
// delivery profile and reports the encoded bytes and exact duration; the
// segment row becomes ready and every episode that plays the source serves it
// from the next request on. Several episodes (and programs) share the row.
import { eq } from "drizzle-orm";
import type { SegmentResult } from "../../render-container/src/contract";
import { deliverySegments, type Job } from "../db/schema";
import type { Deps } from "../domain/deps";
import { deliverySegmentKey } from "../storage/keys";
import type { RendererCall } from "./handoff";
import type { JobInput } from "./jobs";
import { markDone, markFailed, markRunning } from "./store";

const URL_SECONDS = 60 * 60;

export const SEGMENT_NOT_STORED = "The renderer reported a segment that storage does not hold.";

async function ownRow(deps: Deps, job: Job, sourceKey: string) {
  const [row] = await deps.db.select().from(deliverySegments).where(eq(deliverySegments.sourceKey, sourceKey));
  return row && row.jobId === job.id ? row : null;
}

export async function startSegment(
  deps: Deps,
  job: Job,
  { sourceKey }: JobInput<"segment">,
): Promise<RendererCall<"/jobs/segment"> | null> {
  const row = await ownRow(deps, job, sourceKey);
  if (!row || row.status === "ready") {
    await markDone(deps.db, job.id, { skipped: row ? "already encoded" : "another job encodes this source" });
    return null;
  }
  await markRunning(deps.db, job.id);
  const { signer } = deps.storage;
  return {
    path: "/jobs/segment",
    input: {
      source: await signer.signGet({ key: sourceKey }, URL_SECONDS),
      output: await signer.signPut(
        { key: deliverySegmentKey(job.userId, job.id), contentType: "audio/mpeg", output: true },
        URL_SECONDS,
      ),
    },
  };
}

export async function finishSegment(deps: Deps, job: Job, input: JobInput<"segment">, result: SegmentResult) {
  const { sourceKey } = input;
  const row = await ownRow(deps, job, sourceKey);
  if (!row) {
    await markDone(deps.db, job.id, { skipped: "another job encodes this source" });
    return;
  }
  const key = deliverySegmentKey(job.userId, job.id);
  // Reported done is not stored: a segment storage does not hold whole never becomes ready.
  const stored = await deps.storage.head(key);
  if (stored?.size !== result.bytes) {
    await failSegment(deps, job, input, SEGMENT_NOT_STORED);
    return;
  }
  await deps.db.batch([
    deps.db
      .update(deliverySegments)
      .set({
        status: "ready",
        key,
        bytes: result.bytes,
        durationSeconds: result.durationSeconds,
        error: null,
        updatedAt: new Date(deps.now()),
      })
      .where(eq(deliverySegments.sourceKey, sourceKey)),
    markDone(deps.db, job.id, { key, bytes: result.bytes, durationSeconds: result.durationSeconds }),
  ]);
}

/** Episodes holding the source keep serving their last complete version. */
export async function failSegment(deps: Deps, job: Job, { sourceKey }: JobInput<"segment">, reason: string) {
  const row = await ownRow(deps, job, sourceKey);
  await deps.db.batch([
    markFailed(deps.db, job.id, reason),
    ...(row
      ? [
          deps.db
            .update(deliverySegments)
            .set({ status: "failed", error: reason, updatedAt: new Date(deps.now()) })
            .where(eq(deliverySegments.sourceKey, sourceKey)),
        ]
      : []),
  ]);
}
