// What callers of `uploadFile` pass in and get back.
import type { UploadTicket } from "../../../worker/domain/uploads/uploads";
import type { UploadRequest } from "../../kernel/schemas/files";

export type { UploadTicket };

/** What the caller says about the upload; name, type and size come from the File. */
export type UploadTarget = Omit<UploadRequest, "fileName" | "contentType" | "size">;

/** The answer of POST /api/uploads/:id/complete for a project file. */
export interface UploadResult {
  message: string;
  fileId: string;
  projectId: string;
  projectTitle: string;
  kind: string;
  probeStatus: string;
  [key: string]: unknown;
}

export interface UploadOptions {
  /** Fraction of the bytes sent, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** An upload of this file started before (kept in IndexedDB): continue it rather than start afresh. */
  uploadId?: string;
  /** Told the upload's id as soon as the server has given it (to abort it on cancel, to resume it later). */
  onTicket?: (uploadId: string) => void;
}

export type MultipartPart = NonNullable<UploadTicket["multipart"]>["parts"][number];
