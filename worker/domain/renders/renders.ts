// Rendering playlists into one file and packaging them as a zip: both are
// jobs. The rows users see (renders, jobs) are written with the job in one
// batch; the queue message follows.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { NO_PLAYLISTS_SELECTED, SELECT_PLAYLIST_TO_RENDER } from "../../../app/lib/schemas/playlists";
import { inChunks } from "../../db/chunks";
import { jobs, playlistItems, playlists, projects, renders } from "../../db/schema";
import { enqueue, type JobMessage, sendJobs } from "../../jobs/jobs";
import { zipLimitProblem, zipName } from "../../packaging/zip";
import { renderKey } from "../../storage/keys";
import type { Deps } from "../deps";
import { Invalid, NotFound } from "../errors";
import { itemsOfPlaylists, ownPlaylistsWithTitles } from "../playlists/playlists";

const URL_SECONDS = 60 * 60;

export async function startRenders(deps: Deps, userId: string, playlistIds: string[], loudness = false) {
  if (playlistIds.length === 0) throw new Invalid(SELECT_PLAYLIST_TO_RENDER);
  const targets = await ownPlaylistsWithTitles(deps, userId, playlistIds);
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
    ]);
    started.push({ renderId: id, playlistId: playlist.id, projectTitle, status: "queued" as const });
    messages.push(job.message);
  }
  await sendJobs(deps, messages);
  return started;
}

export async function listRenders(deps: Deps, userId: string) {
  const rows = await deps.db.select().from(renders).where(eq(renders.userId, userId)).orderBy(desc(renders.createdAt));
  return Promise.all(
    rows.map(async (row) => {
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
  return inChunks(renderIds, (chunk) =>
    deps.db
      .select({
        id: renders.id,
        status: renders.status,
        progress: renders.progress,
        error: renders.error,
        projectTitle: renders.projectTitle,
      })
      .from(renders)
      .where(and(eq(renders.userId, userId), inArray(renders.id, chunk))),
  );
}

/** The entries a package of these playlists would hold: one folder per playlist. */
export async function packageEntries(deps: Deps, userId: string, playlistIds: string[]) {
  const targets = await ownPlaylistsWithTitles(deps, userId, playlistIds);
  const items = await itemsOfPlaylists(deps, playlistIds);
  const folders = new Set<string>();
  return targets.flatMap(({ playlist, projectTitle }) => {
    let folder = zipName(projectTitle);
    while (folders.has(folder)) folder += "_";
    folders.add(folder);
    return items
      .filter((i) => i.playlistId === playlist.id)
      .map((item, index) => ({
        name: `${folder}/${String(index + 1).padStart(2, "0")}-${zipName(item.fileName)}`,
        size: item.size,
        key: item.key,
      }));
  });
}

export async function startPackage(deps: Deps, userId: string, playlistIds: string[]) {
  if (playlistIds.length === 0) throw new Invalid(NO_PLAYLISTS_SELECTED);
  const entries = await packageEntries(deps, userId, playlistIds);
  if (entries.length === 0) throw new Invalid("The selected playlists have no files.");
  const problem = zipLimitProblem(entries);
  if (problem) throw new Invalid(problem);
  const job = enqueue(deps, userId, "package", { playlistIds, origin: deps.origin });
  await job.statement;
  await sendJobs(deps, [job.message]);
  return { jobId: job.id, status: "queued" as const };
}

/** A job of the caller's: status, progress, and for a finished package its download URL. */
export async function jobStatus(deps: Deps, userId: string, jobId: string) {
  const [job] = await deps.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.userId, userId)));
  if (!job) throw new NotFound("Job not found.");
  const output = job.output as { key?: string; fileName?: string } | null;
  const downloadUrl =
    job.status === "done" && output?.key
      ? (
          await deps.storage.signer.signGet(
            { key: output.key, contentType: zipType(output.fileName), downloadName: output.fileName },
            URL_SECONDS,
          )
        ).url
      : null;
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    error: job.error,
    downloadUrl,
    fileName: output?.fileName ?? null,
  };
}

/** Package and purchase outputs are zips: served as such, always as a download. */
function zipType(fileName?: string): string | undefined {
  return fileName?.toLowerCase().endsWith(".zip") ? "application/zip" : undefined;
}
