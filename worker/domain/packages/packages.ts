// Packaging playlists into one zip (seed 000 §7 `POST /package-playlists`):
// what a package holds and starting its job. The job itself (streaming the
// zip into storage, shared with purchase packages) is ./jobs.ts; the zip
// format is ./zip.ts.
import { NO_PLAYLISTS_SELECTED } from "../../../app/kernel/schemas/playlists";
import { enqueue, sendJobs } from "../../jobs/jobs";
import type { Deps } from "../deps";
import { Invalid } from "../errors";
import { itemsOfPlaylists, ownPlaylistsWithTitles } from "../playlists/playlists";
import { zipLimitProblem, zipName } from "./zip";

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
