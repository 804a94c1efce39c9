// Delivery segments: every source object an audio episode plays, or that a
// program could put into one of its slots, is encoded once by the renderer to
// the delivery profile (MP3 CBR 128 kbit/s, 44.1 kHz stereo, loudness per
// segment, no ID3 or Xing header), so episodes are joined byte for byte at
// request time. One row per source key: a program file shared by a thousand
// episodes is encoded once, and applying a program enqueues nothing per
// episode.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { runBatch, type Statement } from "../../db/batch";
import { inChunks, insertChunks } from "../../db/chunks";
import { deliverySegments, playlistItems, programFiles, programs, showEpisodes, shows } from "../../db/schema";
import { enqueue, sendJobs } from "../../jobs/jobs";
import type { Deps } from "../deps";

/** The source keys the member's audio episodes need: their items', and their programs' files that fit a slot. */
export async function neededSourceKeys(deps: Deps, userId: string): Promise<string[]> {
  const items = await deps.db
    .selectDistinct({ key: playlistItems.key, slot: playlistItems.slotPosition })
    .from(playlistItems)
    .innerJoin(showEpisodes, eq(showEpisodes.playlistId, playlistItems.playlistId))
    .innerJoin(shows, eq(shows.id, showEpisodes.showId))
    .where(and(eq(shows.userId, userId), eq(shows.mediaType, "audio")));
  const slots = [...new Set(items.map((i) => i.slot).filter((s): s is string => s !== null))];
  const spots = await inChunks(slots, (chunk) =>
    deps.db
      .select({ key: programFiles.key })
      .from(programFiles)
      .innerJoin(programs, eq(programs.id, programFiles.programId))
      .where(
        and(
          eq(programs.userId, userId),
          or(isNull(programs.mediaType), eq(programs.mediaType, "audio")),
          inArray(programFiles.slotPosition, chunk),
        ),
      ),
  );
  return [...new Set([...items.map((i) => i.key), ...spots.map((s) => s.key)])];
}

/**
 * Queues an encoding job for every needed source key that has no segment yet (a failed one is
 * tried again). The rows and their jobs are written in one batch; a concurrent call may queue a
 * second job for a key, which then finds the segment is not its own and ends.
 */
export async function ensureSegments(deps: Deps, userId: string) {
  const needed = await neededSourceKeys(deps, userId);
  const known = await inChunks(needed, (chunk) =>
    deps.db
      .select({ sourceKey: deliverySegments.sourceKey, status: deliverySegments.status })
      .from(deliverySegments)
      .where(inArray(deliverySegments.sourceKey, chunk)),
  );
  const settled = new Set(known.filter((k) => k.status !== "failed").map((k) => k.sourceKey));
  const missing = needed.filter((key) => !settled.has(key));
  if (missing.length === 0) return 0;
  const jobs = missing.map((sourceKey) => ({
    sourceKey,
    job: enqueue(deps, userId, "segment", { sourceKey, origin: deps.origin }),
  }));
  const statements: Statement[] = [];
  for (const rows of insertChunks(jobs.map(({ sourceKey, job }) => ({ sourceKey, userId, jobId: job.id })))) {
    statements.push(
      deps.db
        .insert(deliverySegments)
        .values(rows.map((row) => ({ ...row, status: "queued" as const })))
        .onConflictDoUpdate({
          target: deliverySegments.sourceKey,
          set: { status: "queued", jobId: sqlExcluded("job_id"), error: null },
          setWhere: eq(deliverySegments.status, "failed"),
        }),
    );
  }
  statements.push(...jobs.map(({ job }) => job.statement));
  await runBatch(deps.db, statements);
  await sendJobs(
    deps,
    jobs.map(({ job }) => job.message),
  );
  return missing.length;
}

function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}
