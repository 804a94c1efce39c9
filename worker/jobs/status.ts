// A job as its owner sees it (GET /api/jobs/:jobId): status, progress, and
// for a finished package its download URL.
import { and, eq } from "drizzle-orm";
import { type Job, jobs } from "../db/schema";
import type { Deps } from "../domain/deps";
import { NotFound } from "../domain/errors";

const URL_SECONDS = 60 * 60;

/** A job of the caller's: status, progress, and for a finished package its download URL. */
export async function jobStatus(deps: Deps, userId: string, jobId: string) {
  const [job] = await deps.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.userId, userId)));
  if (!job) throw new NotFound("Job not found.");
  return jobView(deps, job);
}

/** A job row as its owner sees it (for callers that read the row with their own queries). */
export async function jobView(deps: Pick<Deps, "storage">, job: Job) {
  const output = job.output as { key?: string; fileName?: string } | null;
  const downloadUrl =
    job.status === "done" && output?.key
      ? (
          await deps.storage.signer.signGet(
            { key: output.key, contentType: zipType(output.fileName), downloadName: output.fileName },
            URL_SECONDS,
          )
        ).url
      : null;
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    error: job.error,
    downloadUrl,
    fileName: output?.fileName ?? null,
  };
}

/** Package and purchase outputs are zips: served as such, always as a download. */
function zipType(fileName?: string): string | undefined {
  return fileName?.toLowerCase().endsWith(".zip") ? "application/zip" : undefined;
}
