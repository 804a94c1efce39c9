// Rendering playlists into one file each: a job. The rows users see
// (renders, jobs) are written with the job in one batch; the queue message
// follows. Packaging playlists as a zip lives in ../packages/.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { SELECT_PLAYLIST_TO_RENDER } from "../../../app/kernel/schemas/playlists";
import { inChunks } from "../../db/chunks";
import { jobs, playlistItems, playlists, programApplications, renders } from "../../db/schema";
import { enqueue, type JobMessage, sendJobs } from "../../jobs/jobs";
import { isRetrying } from "../../jobs/progress";
import { renderKey } from "../../storage/keys";
import type { Deps } from "../deps";
import { Invalid, NotFound } from "../errors";
import { memberData } from "../member-data";
import { zipName } from "../packages/zip";
import { ownPlaylistsWithTitles } from "../playlists/playlists";
import { activity } from "../teams/activity";

const URL_SECONDS = 60 * 60;

export async function startRenders(deps: Deps, userId: string, playlistIds: string[], loudness = false) {
  if (playlistIds.length === 0) throw new Invalid(SELECT_PLAYLIST_TO_RENDER);
  const targets = await ownPlaylistsWithTitles(deps, userId, playlistIds, "edit");
  const started = [];
  const messages: JobMessage[] = [];
  for (const { playlist, projectTitle } of targets) {
    const [first] = await deps.db
      .select({ id: playlistItems.id })
      .from(playlistItems)
      .where(eq(playlistItems.playlistId, playlist.id))
      .limit(1);
    if (!first) throw new Invalid(`The playlist of ${projectTitle.replaceAll("_", " ")} has no files.`);
    const id = crypto.randomUUID();
    const fileName = `${zipName(projectTitle)}-${new Date(deps.now()).toISOString().slice(0, 10)}.mp4`;
    const job = enqueue(
      deps,
      userId,
      "render",
      { renderId: id, playlistId: playlist.id, loudness, origin: deps.origin },
      id,
    );
    await deps.db.batch([
      job.statement,
      deps.db
        .insert(renders)
        .values({ id, userId, playlistId: playlist.id, projectTitle, fileName, key: renderKey(userId, id, "mp4") }),
      activity(deps.db, playlist.projectId, userId, "rendered", fileName),
    ]);
    started.push({ renderId: id, playlistId: playlist.id, projectTitle, status: "queued" as const });
    messages.push(job.message);
  }
  await sendJobs(deps, messages);
  return started;
}

/** Renders the member started, and those of the playlists of projects shared with them. */
function visibleRenders(deps: Deps, userId: string) {
  return or(
    eq(renders.userId, userId),
    sql`${renders.playlistId} IN (SELECT ${playlists.id} FROM ${playlists} WHERE ${memberData(deps.db, userId).mine(playlists)})`,
  );
}

// A finished render is out of date when a program was applied to its
// playlist, or an application undone, after the render started: the file
// still holds the replaced spot. A newer finished render of the same playlist
// supersedes it, so 'Render again' clears the state once it is done.
const other = sql`other_renders`;

function outOfDate() {
  return sql<number>`(${renders.status} = 'done' AND EXISTS (
    SELECT 1 FROM ${programApplications}
    WHERE ${programApplications.playlistId} = ${renders.playlistId}
      AND (${programApplications.createdAt} > ${renders.createdAt} OR ${programApplications.undoneAt} > ${renders.createdAt})
  ))`;
}

function superseded() {
  return sql<number>`EXISTS (
    SELECT 1 FROM ${renders} AS ${other}
    WHERE ${other}.playlist_id = ${renders.playlistId} AND ${other}.status = 'done' AND ${other}.created_at > ${renders.createdAt}
  )`;
}

/** 'Render again': a new render of the playlist an earlier render was made from, with the same loudness choice. */
export async function renderAgain(deps: Deps, userId: string, renderId: string) {
  const [render] = await deps.db
    .select({ playlistId: renders.playlistId, loudnessReport: renders.loudnessReport })
    .from(renders)
    .where(and(visibleRenders(deps, userId), eq(renders.id, renderId)))
    .limit(1);
  if (!render) throw new NotFound("Render not found.");
  if (!render.playlistId) throw new Invalid("The playlist of this render no longer exists.");
  return startRenders(deps, userId, [render.playlistId], render.loudnessReport != null);
}

/** A render's progress is its job's (the renderer's reports land in `jobs.progress`). */
const renderProgress = () =>
  sql<number>`case when ${renders.status} = 'done' then 100 else coalesce(${jobs.progress}, 0) end`.mapWith(Number);

export async function listRenders(deps: Deps, userId: string) {
  return presentRenders(deps, await rendersQuery(deps, userId));
}

/** The member's renders with their job's heartbeat, for `presentRenders` (a page may batch it with its other reads). */
export function rendersQuery(deps: Deps, userId: string) {
  return deps.db
    .select({
      render: renders,
      progress: renderProgress(),
      heartbeat: jobs.updatedAt,
      outOfDate: outOfDate(),
      superseded: superseded(),
    })
    .from(renders)
    .leftJoin(jobs, eq(jobs.id, renders.id))
    .where(visibleRenders(deps, userId))
    .orderBy(desc(renders.createdAt));
}

/** The rows of `rendersQuery` as the Downloads page shows them, with fresh signed links. */
export async function presentRenders(deps: Deps, joined: Awaited<ReturnType<typeof rendersQuery>>) {
  const now = deps.now();
  return Promise.all(
    joined.map(async ({ render, progress, heartbeat, outOfDate, superseded }) => {
      const row = {
        ...render,
        progress,
        retrying: isRetrying(render, heartbeat, now),
        outOfDate: Boolean(outOfDate) && !superseded,
        superseded: Boolean(superseded),
      };
      if (row.status !== "done") return { ...row, url: null, downloadUrl: null, audioUrl: null, chaptersUrl: null };
      const { signer } = deps.storage;
      const [play, download, audio, chapters] = await Promise.all([
        signer.signGet({ key: row.key, contentType: "video/mp4" }, URL_SECONDS),
        signer.signGet({ key: row.key, contentType: "video/mp4", downloadName: row.fileName }, URL_SECONDS),
        row.audioKey
          ? signer.signGet(
              { key: row.audioKey, contentType: "audio/mp4", downloadName: row.fileName.replace(/\.mp4$/, ".m4a") },
              URL_SECONDS,
            )
          : null,
        row.chaptersKey
          ? signer.signGet(
              {
                key: row.chaptersKey,
                contentType: "application/json",
                downloadName: row.fileName.replace(/\.mp4$/, ".chapters.json"),
              },
              URL_SECONDS,
            )
          : null,
      ]);
      return {
        ...row,
        url: play.url,
        downloadUrl: download.url,
        audioUrl: audio?.url ?? null,
        chaptersUrl: chapters?.url ?? null,
      };
    }),
  );
}

export async function renderStatus(deps: Deps, userId: string, renderIds: string[]) {
  const rows = await inChunks(renderIds, (chunk) =>
    deps.db
      .select({
        id: renders.id,
        status: renders.status,
        progress: renderProgress(),
        error: renders.error,
        projectTitle: renders.projectTitle,
        heartbeat: jobs.updatedAt,
      })
      .from(renders)
      .leftJoin(jobs, eq(jobs.id, renders.id))
      .where(and(visibleRenders(deps, userId), inArray(renders.id, chunk))),
  );
  const now = deps.now();
  return rows.map(({ heartbeat, ...row }) => ({ ...row, retrying: isRetrying(row, heartbeat, now) }));
}
