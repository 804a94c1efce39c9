// What the playlist pickers (/playselect's render and package lists, /programming's apply dialog)
// send the browser about each of the member's playlists: counts and totals, never its items' keys.
import type { listPlaylists } from "../../../../worker/domain/playlists/playlists";

type ListedPlaylist = Awaited<ReturnType<typeof listPlaylists>>[number];

export function playlistSummary(playlist: ListedPlaylist) {
  return {
    id: playlist.id,
    projectId: playlist.projectId,
    projectTitle: playlist.projectTitle,
    mediaType: playlist.mediaType,
    itemCount: playlist.items.length,
    totalSeconds: playlist.totalSeconds,
  };
}
