// Files into a project through the upload queue, one after another: into an
// existing project, or into a new one that the first file to go up creates (the
// others then join it). Home's 'New project' box and /dropzone share it.
import type { ACCESS_TYPES } from "../../../kernel/schemas/files";
import type { UploadTarget } from "../../../lib/upload-client";
import type { UploadHandle } from "../../../lib/uploads/queue";

export type AccessType = (typeof ACCESS_TYPES)[number];
export type ProjectTarget = { projectId: string } | { projectTitle: string };

/**
 * Uploads `files` through `start` (a screen's `useUploader().start`, whose rows show progress and failures).
 * Answers the project's id (null when not one file went up into a new project) and whether any failed.
 */
export async function uploadIntoProject(
  files: File[],
  into: ProjectTarget,
  accessType: AccessType,
  start: (file: File, target: UploadTarget) => UploadHandle,
  /** Told as each file goes to the queue (its index in `files`, its queue id). */
  started?: (index: number, queueId: string) => void,
): Promise<{ projectId: string | null; failed: number }> {
  let projectId = "projectId" in into ? into.projectId : null;
  let failed = 0;
  for (const [index, file] of files.entries()) {
    const target: UploadTarget = projectId
      ? { purpose: "project-file", accessType, projectId }
      : { purpose: "project-file", accessType, projectTitle: (into as { projectTitle: string }).projectTitle };
    try {
      const handle = start(file, target);
      started?.(index, handle.id);
      projectId = (await handle.done).projectId;
    } catch {
      // The file's row says why.
      failed++;
    }
  }
  return { projectId, failed };
}
