// What a file really is, from its first bytes: never trust the announced type.
import type { MediaKind } from "../db/schema";

export interface Sniffed {
  /** The canonical type the bytes say. */
  contentType: string;
  kind: MediaKind;
}

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, ...signature: number[]) => signature.every((b, i) => bytes[i] === b);

function isoBaseMedia(bytes: Uint8Array): Sniffed | null {
  if (ascii(bytes, 4, 8) !== "ftyp") return null;
  const brand = ascii(bytes, 8, 12);
  if (brand === "qt  ") return { contentType: "video/quicktime", kind: "video" };
  if (brand.startsWith("M4A") || brand.startsWith("M4B")) return { contentType: "audio/mp4", kind: "audio" };
  return { contentType: "video/mp4", kind: "video" };
}

function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return true;
  if (bytes.includes(0)) return false;
  try {
    // A multi-byte character may be cut at the end of the sample: drop up to 3 trailing bytes.
    for (let cut = 0; cut < 4; cut++) {
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, bytes.length - cut));
        return true;
      } catch {}
    }
    return false;
  } catch {
    return false;
  }
}

export function sniff(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47)) return { contentType: "image/png", kind: "image" };
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return { contentType: "image/jpeg", kind: "image" };
  if (ascii(bytes, 0, 4) === "GIF8") return { contentType: "image/gif", kind: "image" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP")
    return { contentType: "image/webp", kind: "image" };
  if (ascii(bytes, 0, 5) === "%PDF-") return { contentType: "application/pdf", kind: "pdf" };
  const media = isoBaseMedia(bytes);
  if (media) return media;
  if (startsWith(bytes, 0x1a, 0x45, 0xdf, 0xa3)) return { contentType: "video/webm", kind: "video" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "AVI ")
    return { contentType: "video/x-msvideo", kind: "video" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WAVE")
    return { contentType: "audio/wav", kind: "audio" };
  if (ascii(bytes, 0, 3) === "ID3") return { contentType: "audio/mpeg", kind: "audio" };
  // MPEG audio frame sync: 11 set bits. Layer bits 01 (III) = mp3; layer 00 = ADTS AAC.
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) {
    const layer = ((bytes[1] ?? 0) >> 1) & 0b11;
    return layer === 0 ? { contentType: "audio/aac", kind: "audio" } : { contentType: "audio/mpeg", kind: "audio" };
  }
  if (ascii(bytes, 0, 4) === "OggS") return { contentType: "audio/ogg", kind: "audio" };
  // A zip (a beat's stems, ADR 055): stored as an archive, never opened.
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return { contentType: "application/zip", kind: "other" };
  if (looksLikeText(bytes)) return { contentType: "text/plain", kind: "text" };
  return { contentType: "application/octet-stream", kind: "other" };
}

/** The kind a browser-announced type claims, to compare with what the bytes say. */
export function announcedKind(contentType: string, fileName: string): MediaKind {
  const type = contentType.toLowerCase().split(";")[0]!.trim();
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("video/")) return "video";
  if (type.startsWith("audio/")) return "audio";
  if (type === "application/pdf") return "pdf";
  if (type.startsWith("text/") || type === "application/json") return "text";
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  if (["txt", "md", "json", "csv", "log"].includes(extension)) return "text";
  return "other";
}

/** An mp4 container holding only audio is announced as audio/mp4 but sniffs as video: both fine. */
export function kindsAgree(announced: MediaKind, sniffed: MediaKind, sniffedType: string): boolean {
  if (announced === sniffed) return true;
  return announced === "audio" && sniffedType === "video/mp4";
}
