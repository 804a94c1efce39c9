// The browser upload API, kept at this path for its importers; the code lives
// in app/lib/uploads/ (one module per concern, see ADR 019).
export { type DropLimits, dropRejectionMessage, PROJECT_FILE_ACCEPT, PROJECT_FILE_LIMITS } from "./uploads/drop-limits";
export { UploadError } from "./uploads/errors";
export { resumeKeyFor } from "./uploads/resume";
export { MAX_RETRIES } from "./uploads/retry";
export type { UploadOptions, UploadResult, UploadTarget, UploadTicket } from "./uploads/types";
export { uploadFile } from "./uploads/upload";
