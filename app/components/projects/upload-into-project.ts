// Files into a project through the one upload helper, one after another: into an
// existing project, or into a new one that the first file to go up creates (the
// others then join it). Home's 'New project' box and /dropzone share it.
import type { ACCESS_TYPES } from "../../lib/schemas/files";
import { type UploadTarget, uploadFile } from "../../lib/upload-client";
import type { UploadRow } from "../files/UploadProgress";

export type AccessType = (typeof ACCESS_TYPES)[number];
export type ProjectTarget = { projectId: string } | { projectTitle: string };

/** The rows to show for `files` before any byte has gone up. */
export function uploadRows(files: File[]): UploadRow[] {
  const stamp = Date.now();
  return files.map((file, i) => ({ key: `${stamp}-${i}-${file.name}`, name: file.name, fraction: 0 }));
}

/**
 * Uploads `files` (each with its row's key) and reports progress and failures per row.
 * Answers the project's id (null when not one file went up into a new project) and whether any failed.
 */
export async function uploadIntoProject(
  files: File[],
  rows: UploadRow[],
  into: ProjectTarget,
  accessType: AccessType,
  update: (key: string, change: Partial<UploadRow>) => void,
): Promise<{ projectId: string | null; failed: number }> {
  let projectId = "projectId" in into ? into.projectId : null;
  let failed = 0;
  for (const [i, file] of files.entries()) {
    const key = rows[i]!.key;
    const target: UploadTarget = projectId
      ? { purpose: "project-file", accessType, projectId }
      : { purpose: "project-file", accessType, projectTitle: (into as { projectTitle: string }).projectTitle };
    try {
      const result = await uploadFile(file, target, { onProgress: (fraction) => update(key, { fraction }) });
      projectId = result.projectId;
      update(key, { fraction: 1 });
    } catch (error) {
      failed++;
      update(key, { error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { projectId, failed };
}
