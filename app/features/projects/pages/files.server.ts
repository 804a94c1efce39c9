// What the project page's file list and the large file view (/bigfile) send
// the browser about a stored file: never its storage key or owner id.
import type { PublicFile } from "../../../../worker/domain/files/files";

export function fileSummary(file: PublicFile) {
  return {
    id: file.id,
    fileName: file.fileName,
    kind: file.kind,
    size: file.size,
    accessType: file.accessType,
    createdAt: file.createdAt,
    probeStatus: file.probeStatus,
    probeError: file.probeError,
    durationSeconds: file.durationSeconds,
  };
}
