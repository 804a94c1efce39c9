// The storage key scheme. Keys never contain a raw user file name.
import { randomId } from "../security/crypto";

/** Seed 000 §5: whitespace to underscores, anything but letters, digits, `_`, `.`, `-` removed. */
export function sanitizeFileName(name: string): string {
  const cleaned = name
    .trim()
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9_.-]/g, "")
    .replace(/^\.+/, "");
  return (cleaned || "file").slice(-120);
}

/** `{timestamp}-{random id}-{sanitised name}` (seed 000 §9). */
export function storedName(fileName: string, now = Date.now()): string {
  return `${now}-${randomId(6)}-${sanitizeFileName(fileName)}`;
}

export function projectFileKey(userId: string, projectId: string, fileName: string, now = Date.now()): string {
  return `users/${userId}/projects/${projectId}/files/${storedName(fileName, now)}`;
}

export function projectPrefix(userId: string, projectId: string): string {
  return `users/${userId}/projects/${projectId}/`;
}

export function bidMediaKey(userId: string, fileName: string, now = Date.now()): string {
  return `users/${userId}/bids/${storedName(fileName, now)}`;
}

/** A welcome popup's picture, uploaded by the admin in the popup editor. */
export function popupImageKey(userId: string, fileName: string, now = Date.now()): string {
  return `users/${userId}/popups/${storedName(fileName, now)}`;
}

/** Seed 000 §3: a playlist copy lives at the file's key with `files/` replaced by `playlists/`. */
export function playlistKeyFor(fileKey: string): string {
  return fileKey.replace("/files/", "/playlists/");
}

export function playlistUploadKey(userId: string, projectId: string, fileName: string, now = Date.now()): string {
  return `users/${userId}/projects/${projectId}/playlists/${storedName(fileName, now)}`;
}

export function programFileKey(userId: string, programId: string, fileName: string, now = Date.now()): string {
  return `users/${userId}/programs/${programId}/${storedName(fileName, now)}`;
}

/** A render's file; each attempt of its job writes its own (ADR 033), so a superseded one cannot overwrite it. */
export function renderKey(userId: string, renderId: string, extension: "mp4" | "m4a", attempt?: number): string {
  return `users/${userId}/renders/${renderId}${attempt === undefined ? "" : `.${attempt}`}.${extension}`;
}

/** The render's chapters as Podcasting 2.0 JSON, beside it. */
export function chaptersKey(userId: string, renderId: string): string {
  return `users/${userId}/renders/${renderId}.chapters.json`;
}

/** A bought item's licence PDF, made once beside the purchase and reused by every package of it. */
export function licenceKey(buyerId: string, orderId: string, code: string): string {
  return `users/${buyerId}/purchases/${orderId}/licence-${code}.pdf`;
}

export function packageKey(userId: string, jobId: string): string {
  return `users/${userId}/packages/${jobId}.zip`;
}

/** Seed 001 §9: a product's cover and audio originals. */
export function productFileKey(
  userId: string,
  productId: string,
  folder: "images" | "audioFiles" | "stems",
  fileName: string,
  now = Date.now(),
): string {
  return `users/${userId}/digiStore/${productId}/${folder}/${storedName(fileName, now)}`;
}

/** The streaming preview of one product audio file (the only audio a store page plays). */
export function productPreviewKey(userId: string, productId: string, fileId: string): string {
  return `users/${userId}/digiStore/${productId}/previews/${fileId}.mp3`;
}

export function voiceTagKey(userId: string, fileName: string, now = Date.now()): string {
  return `users/${userId}/digiStore/voiceTag/${storedName(fileName, now)}`;
}

export function beatBattleKey(userId: string, battleId: string, fileName: string, now = Date.now()): string {
  return `users/${userId}/beatbattle/${battleId}/${storedName(fileName, now)}`;
}

export function episodeKey(userId: string, fileName: string, now = Date.now()): string {
  return `users/${userId}/farmertv/${storedName(fileName, now)}`;
}

/** The renderer's poster frame of an episode; derived from the episode, so a retried job writes the same key. */
export function episodePosterKey(userId: string, episodeId: string): string {
  return `users/${userId}/farmertv/posters/${episodeId}.jpg`;
}

/** A show's cover art (square JPEG or PNG, checked on upload). */
export function showArtworkKey(userId: string, fileName: string, now = Date.now()): string {
  return `users/${userId}/shows/${storedName(fileName, now)}`;
}

/** A source object encoded to the delivery profile; derived from the job, so a retried job writes the same key. */
export function deliverySegmentKey(userId: string, jobId: string): string {
  return `users/${userId}/delivery/${jobId}.mp3`;
}
