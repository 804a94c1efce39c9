// Which media a file chosen in the browser is, before it is uploaded (the
// playlist and program uploaders accept audio or video only).

export type MediaKind = "audio" | "video";

/** The media kind of a browser File, from its type or, failing that, its extension; null for anything else. */
export function kindOfFile(file: Pick<File, "type" | "name">): MediaKind | null {
  if (file.type.startsWith("video/")) return "video";
  if (file.type.startsWith("audio/")) return "audio";
  if (file.type) return null;
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (["mp4", "m4v", "mov", "webm", "avi", "mkv"].includes(ext)) return "video";
  if (["mp3", "wav", "m4a", "aac", "ogg", "oga", "flac"].includes(ext)) return "audio";
  return null;
}
