// The storage key scheme. Keys never contain a raw user file name.
import { randomId } from "../security/crypto";

/** Seed 000 §5: whitespace to underscores, anything but letters, digits, `_`, `.`, `-` removed. */
export function sanitizeFileName(name: string): string {
  const cleaned = name.trim().replace(/\s+/g, "_").replace(/[^A-Za-z0-9_.-]/g, "").replace(/^\.+/, "");
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
