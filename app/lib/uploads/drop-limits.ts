// Drop zones: what a project file may be, and the seed's messages for
// react-dropzone's rejections.
import { MAX_FILE_SIZE } from "../schemas/files";

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
