// Delivery segments: every source object an audio episode plays, or that a
// program could put into one of its slots, is encoded once by the renderer to
// the delivery profile (MP3 CBR 128 kbit/s, 44.1 kHz stereo, loudness per
// segment, no ID3 or Xing header), so episodes are joined byte for byte at
// request time. One row per source key: a program file shared by a thousand
// episodes is encoded once, and applying a program enqueues nothing per
// episode.
//
// Encoded ahead (ADR 053): a program file is queued when it is uploaded, if an
// audio episode could take it; an item when it arrives in an audio episode's
// playlist. The apply then only swaps rows, and queues (whoever applies) only
// what the episodes it changed still miss.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { runBatch, type Statement } from "../../db/batch";
import { inChunks, insertChunks } from "../../db/chunks";
import {
  deliverySegments,
  playlistItems,
  playlists,
  programFiles,
  programMembers,
  programs,
  projectMembers,
  projects,
  showEpisodes,
  shows,
} from "../../db/schema";
import { enqueue, type JobMessage, sendJobs } from "../../jobs/jobs";
import type { Deps } from "../deps";
import { addFilesToPlaylist as addFiles } from "../playlists/playlists";

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

/** A source object to encode, and whose prefix its segment is stored under. */
export interface SegmentSource {
  sourceKey: string;
  userId: string;
}

/**
 * The statements (segment rows and their jobs) and queue messages that encode these sources; run
 * the statements in one batch, then send the messages. A source whose row exists and has not
 * failed keeps it: its job then finds the row is not its own and ends.
 */
export function segmentJobs(deps: Deps, sources: readonly SegmentSource[]) {
  const jobs = sources.map((source) => ({
    ...source,
    job: enqueue(deps, source.userId, "segment", { sourceKey: source.sourceKey, origin: deps.origin }),
  }));
  const statements: Statement[] = [];
  const rows = jobs.map(({ sourceKey, userId, job }) => ({ sourceKey, userId, jobId: job.id }));
  for (const chunk of insertChunks(rows)) {
    statements.push(
      deps.db
        .insert(deliverySegments)
        .values(chunk.map((row) => ({ ...row, status: "queued" as const })))
        .onConflictDoUpdate({
          target: deliverySegments.sourceKey,
          set: { status: "queued", jobId: sqlExcluded("job_id"), error: null },
          setWhere: eq(deliverySegments.status, "failed"),
        }),
    );
  }
  statements.push(...jobs.map(({ job }) => job.statement));
  return { statements, messages: jobs.map(({ job }): JobMessage => job.message) };
}

/** Queues the sources that have no segment yet (a failed one is tried again); how many were queued. */
async function queueMissing(deps: Deps, sources: readonly SegmentSource[]) {
  const bySource = new Map(sources.map((source) => [source.sourceKey, source]));
  const known = await inChunks([...bySource.keys()], (chunk) =>
    deps.db
      .select({ sourceKey: deliverySegments.sourceKey, status: deliverySegments.status })
      .from(deliverySegments)
      .where(inArray(deliverySegments.sourceKey, chunk)),
  );
  for (const row of known) if (row.status !== "failed") bySource.delete(row.sourceKey);
  if (bySource.size === 0) return 0;
  const { statements, messages } = segmentJobs(deps, [...bySource.values()]);
  await runBatch(deps.db, statements);
  await sendJobs(deps, messages);
  return bySource.size;
}

/**
 * Queues an encoding job for every source the member's audio episodes need that has no segment
 * yet (at publishing). The rows and their jobs are written in one batch.
 */
export async function ensureSegments(deps: Deps, userId: string) {
  const needed = await neededSourceKeys(deps, userId);
  return queueMissing(
    deps,
    needed.map((sourceKey) => ({ sourceKey, userId })),
  );
}

/**
 * Queues what the audio episodes of these playlists play and is not encoded yet, whoever changed
 * them (an editor applying a program to someone else's show): after an apply, after files are
 * added. Stored under the episode's owner. One read when nothing is missing.
 */
export async function ensureEpisodeSegments(deps: Deps, playlistIds: readonly string[]) {
  const played = await inChunks(playlistIds, (chunk) =>
    deps.db
      .selectDistinct({ sourceKey: playlistItems.key, userId: showEpisodes.userId })
      .from(playlistItems)
      .innerJoin(showEpisodes, eq(showEpisodes.playlistId, playlistItems.playlistId))
      .innerJoin(shows, eq(shows.id, showEpisodes.showId))
      .where(and(inArray(playlistItems.playlistId, chunk), eq(shows.mediaType, "audio"))),
  );
  return queueMissing(deps, played);
}

/**
 * 'Add to playlist' (../playlists/playlists.ts), then, in an audio episode's playlist, the new
 * items queued for delivery at once (the episode serves its last complete version meanwhile).
 * Here, not in the playlists module, which the jobs machinery imports.
 */
export async function addFilesToPlaylist(deps: Deps, userId: string, projectId: string, fileIds: string[]) {
  const result = await addFiles(deps, userId, projectId, fileIds);
  if (result.mediaType === "audio") await ensureEpisodeSegments(deps, [result.playlistId]);
  return result;
}

/** The owner of the audio episode this playlist is, or null: its new items are encoded as they arrive. */
export async function audioEpisodeOwner(deps: Deps, playlistId: string) {
  const [episode] = await deps.db
    .select({ userId: showEpisodes.userId })
    .from(showEpisodes)
    .innerJoin(shows, eq(shows.id, showEpisodes.showId))
    .where(and(eq(showEpisodes.playlistId, playlistId), eq(shows.mediaType, "audio")))
    .limit(1);
  return episode?.userId ?? null;
}

/**
 * Whether this program's files could land in an audio episode: one of the people who may apply it
 * (its owner and members) may edit the playlist of an audio episode. Then a file is encoded when
 * it is uploaded, not when the program is first applied.
 */
export async function programReachesEpisodes(deps: Deps, programId: string) {
  const appliers = sql`(SELECT ${programs.userId} FROM ${programs} WHERE ${programs.id} = ${programId}
    UNION SELECT ${programMembers.userId} FROM ${programMembers} WHERE ${programMembers.programId} = ${programId})`;
  const editable = sql`(SELECT ${projects.id} FROM ${projects} WHERE ${projects.userId} IN ${appliers}
    UNION SELECT ${projectMembers.projectId} FROM ${projectMembers}
    WHERE ${projectMembers.userId} IN ${appliers} AND ${projectMembers.role} IN ('editor', 'owner'))`;
  const [reached] = await deps.db
    .select({ id: showEpisodes.id })
    .from(showEpisodes)
    .innerJoin(shows, eq(shows.id, showEpisodes.showId))
    .innerJoin(playlists, eq(playlists.id, showEpisodes.playlistId))
    .where(and(eq(shows.mediaType, "audio"), sql`${playlists.projectId} IN ${editable}`))
    .limit(1);
  return Boolean(reached);
}

function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}
