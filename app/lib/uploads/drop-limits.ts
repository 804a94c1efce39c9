// Drop zones: what a project file may be, and the seed's messages for
// react-dropzone's rejections.
import { MAX_FILE_SIZE } from "../../kernel/schemas/files";

/** What a project file may be (the previewable kinds the server accepts), as react-dropzone's `accept`. */
export const PROJECT_FILE_ACCEPT: Record<string, string[]> = {
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/gif": [".gif"],
  "image/webp": [".webp"],
  "video/mp4": [".mp4", ".m4v"],
  "video/quicktime": [".mov"],
  "video/webm": [".webm"],
  "video/x-msvideo": [".avi"],
  "audio/mpeg": [".mp3"],
  "audio/wav": [".wav"],
  "audio/mp4": [".m4a"],
  "audio/aac": [".aac"],
  "audio/ogg": [".ogg", ".oga"],
  "application/pdf": [".pdf"],
  "text/plain": [".txt", ".log"],
  "text/markdown": [".md"],
  "text/csv": [".csv"],
  "application/json": [".json"],
};

/** The project drop zones' limits: the accepted kinds, no empty files, and the server's size cap. */
export const PROJECT_FILE_LIMITS: DropLimits = { accept: PROJECT_FILE_ACCEPT, minSize: 1, maxSize: MAX_FILE_SIZE };

export interface DropLimits {
  accept?: Record<string, string[]>;
  minSize?: number;
  maxSize?: number;
}

/**
 * Seed 000 §5 drop-zone messages for react-dropzone's error codes:
 * 'File type must be ...', 'File is larger than N bytes', 'File is smaller than N bytes', 'Too many files'.
 */
export function dropRejectionMessage(error: { code: string; message: string }, limits: DropLimits): string {
  switch (error.code) {
    case "file-invalid-type": {
      const extensions = [...new Set(Object.values(limits.accept ?? {}).flat())];
      return extensions.length ? `File type must be one of ${extensions.join(", ")}` : error.message;
    }
    case "file-too-large":
      return `File is larger than ${limits.maxSize} bytes`;
    case "file-too-small":
      return `File is smaller than ${limits.minSize} bytes`;
    case "too-many-files":
      return "Too many files";
    default:
      return error.message;
  }
}

/** react-dropzone's type test (its `attr-accept`): a `.ext` by name, a `type/*` by family, else the exact type. */
function typeAccepted(file: File, accept: DropLimits["accept"]) {
  const allowed = Object.entries(accept ?? {}).flatMap(([type, extensions]) => [type, ...extensions]);
  if (allowed.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || "").toLowerCase();
  return allowed.some((entry) => {
    const wanted = entry.trim().toLowerCase();
    if (wanted.startsWith(".")) return name.endsWith(wanted);
    if (wanted.endsWith("/*")) return type.replace(/\/.*$/, "") === wanted.replace(/\/.*$/, "");
    return type === wanted;
  });
}

export interface DropRejection {
  file: File;
  errors: readonly { code: string; message: string }[];
}

/**
 * Files sorted as react-dropzone sorts them (type, then size; its error codes), for files a drop
 * zone takes before react-dropzone has loaded (components/DropZone.tsx).
 */
export function sortDroppedFiles(files: File[], limits: DropLimits) {
  const accepted: File[] = [];
  const rejected: DropRejection[] = [];
  for (const file of files) {
    const errors: { code: string; message: string }[] = [];
    if (!typeAccepted(file, limits.accept)) errors.push({ code: "file-invalid-type", message: "" });
    if (limits.maxSize != null && file.size > limits.maxSize) errors.push({ code: "file-too-large", message: "" });
    else if (limits.minSize != null && file.size < limits.minSize) errors.push({ code: "file-too-small", message: "" });
    if (errors.length) rejected.push({ file, errors });
    else accepted.push(file);
  }
  return { accepted, rejected };
}
