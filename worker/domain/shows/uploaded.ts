// An episode uploaded as a file (FarmerTV's, migration 0047) rather than published from a
// playlist: its file is served as it is, its picture is its cover or the poster frame the
// renderer made (worker/jobs/poster.ts).
import type { ShowEpisode } from "../../db/schema";
import { imageExtension, imageTypeOf } from "../../storage/images";

/** The renderer's poster is a JPEG (worker/jobs/poster.ts). */
const POSTER_TYPE = "image/jpeg";

const VIDEO_EXTENSIONS: Record<string, string> = {
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
  "video/x-m4v": "m4v",
};

/** What an enclosure address of this file type ends in ("video.webm"). */
export const videoExtension = (contentType: string | null) => VIDEO_EXTENSIONS[contentType ?? ""] ?? "mp4";

/** The uploaded file, or null for an episode made from a playlist. */
export function uploadedMedia(episode: ShowEpisode) {
  const { mediaKey: key, mediaContentType: type, mediaSize: size } = episode;
  if (!key || !type || size === null) return null;
  return { key, type, size, durationSeconds: episode.durationSeconds ?? 0 };
}

/**
 * An episode's picture: its cover, else the poster the renderer made; with the image type it is
 * served as and the extension its stable address ends in (`…/cover.<extension>`).
 */
export function episodePicture(episode: Pick<ShowEpisode, "coverKey" | "coverType" | "posterKey">) {
  const key = episode.coverKey ?? episode.posterKey;
  if (!key) return null;
  const contentType = episode.coverKey ? imageTypeOf(episode.coverType, episode.coverKey) : POSTER_TYPE;
  if (!contentType) return null;
  return { key, contentType, extension: imageExtension(contentType, key) };
}
