// The renderer reports progress (and the outcome, worker/jobs/reports.ts) to
// a per-job URL signed with the app's secret.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs, renders } from "../db/schema";
import { hmacSha256, timingSafeEqual } from "../security/crypto";

/** A job's URLs for the renderer (`progress`, `claim`) carry an HMAC of the purpose and the job id. */
type Purpose = "progress" | "claim";

export async function jobToken(secret: string, purpose: Purpose, jobId: string) {
  return hmacSha256(secret, `${purpose}:${jobId}`);
}

export async function jobUrl(origin: string, secret: string, purpose: Purpose, jobId: string) {
  return `${origin}/api/jobs/${jobId}/${purpose}?token=${await jobToken(secret, purpose, jobId)}`;
}

export async function isJobToken(secret: string, purpose: Purpose, jobId: string, token: string) {
  return timingSafeEqual(await jobToken(secret, purpose, jobId), token);
}

export const progressUrl = (origin: string, secret: string, jobId: string) => jobUrl(origin, secret, "progress", jobId);

/**
 * Progress of a job still under way; also its heartbeat (`updatedAt`), so the stale-job sweep leaves
 * a long render alone while it reports. Ignored once the job has ended (a late report must not
 * turn a finished render back to 'running').
 */
export async function recordProgress(db: Database, jobId: string, progress: number) {
  const value = Math.max(0, Math.min(99, Math.round(progress)));
  const [changed] = await db.batch([
    db
      .update(jobs)
      .set({ progress: value, updatedAt: sql`(unixepoch('subsec') * 1000)` })
      .where(and(eq(jobs.id, jobId), inArray(jobs.status, ["queued", "running"])))
      .returning({ id: jobs.id }),
    db
      .update(renders)
      .set({ progress: value, status: "running" })
      .where(and(eq(renders.id, jobId), inArray(renders.status, ["queued", "running"]))),
  ]);
  return changed.length > 0;
}
