// The renderer reports progress (and the outcome, worker/jobs/reports.ts) to
// a per-job URL signed with the app's secret.
import { and, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs, renders } from "../db/schema";
import { hmacSha256, timingSafeEqual } from "../security/crypto";

/**
 * A renderer job's lease lapses this long after its attempt's last sign of life (claim, progress,
 * heartbeat): then it is leased again (ADR 033). The renderer sends a heartbeat every few seconds.
 */
export const LEASE_LAPSE_MS = 60 * 1000;
/** The renderer's heartbeat comes every 5 s; this long without one, the page stops showing a frozen percentage. */
export const STALLED_MS = 20 * 1000;
/** A job put back after its attempt went silent or its renderer restarted: the reason its page shows. */
export const INTERRUPTED = "Retrying after an interruption.";

/** What a page says of a render: retrying after an interruption, rather than a percentage that no longer moves. */
export function isRetrying(
  render: { status: string; error: string | null },
  jobUpdatedAt: Date | null | undefined,
  now: number,
) {
  if (render.status === "queued") return render.error === INTERRUPTED;
  return render.status === "running" && jobUpdatedAt != null && jobUpdatedAt.getTime() < now - STALLED_MS;
}

/** A running render whose job goes back to the queue: its page says it is retrying after an interruption. */
export function interruptedRender(db: Database, jobId: string, also?: SQL) {
  return db
    .update(renders)
    .set({ status: "queued", error: INTERRUPTED })
    .where(and(eq(renders.id, jobId), eq(renders.status, "running"), also));
}

/**
 * Puts a running job whose attempt went silent (LEASE_LAPSE_MS) back to queued, visible to the next
 * pull, its render saying so; a no-op for a job that showed signs of life meanwhile.
 */
export function requeueLapsed(db: Database, jobId: string, now: number) {
  const lapsed = and(
    eq(jobs.id, jobId),
    eq(jobs.status, "running"),
    lt(jobs.updatedAt, new Date(now - LEASE_LAPSE_MS)),
  );
  return [
    interruptedRender(db, jobId, sql`exists (select 1 from ${jobs} where ${lapsed})`),
    db
      .update(jobs)
      .set({ status: "queued", error: INTERRUPTED, leaseId: null, leaseUntil: null })
      .where(lapsed)
      .returning({ id: jobs.id }),
  ] as const;
}

/** A job's URLs for the renderer (`progress`, `claim`) carry an HMAC of the purpose and the job id. */
type Purpose = "progress" | "claim";

/** The signed subject: a progress URL also names its attempt (the lease's fencing token). */
const subject = (purpose: Purpose, jobId: string, attempt?: number) =>
  attempt === undefined ? `${purpose}:${jobId}` : `${purpose}:${jobId}:${attempt}`;

export async function jobToken(secret: string, purpose: Purpose, jobId: string, attempt?: number) {
  return hmacSha256(secret, subject(purpose, jobId, attempt));
}

export async function jobUrl(origin: string, secret: string, purpose: Purpose, jobId: string, attempt?: number) {
  const token = await jobToken(secret, purpose, jobId, attempt);
  return `${origin}/api/jobs/${jobId}/${purpose}?${attempt === undefined ? "" : `attempt=${attempt}&`}token=${token}`;
}

export async function isJobToken(secret: string, purpose: Purpose, jobId: string, token: string, attempt?: number) {
  return timingSafeEqual(await jobToken(secret, purpose, jobId, attempt), token);
}

/** Where attempt `attempt` of a renderer job reports: its progress, heartbeats and outcome. */
export const progressUrl = (origin: string, secret: string, jobId: string, attempt: number) =>
  jobUrl(origin, secret, "progress", jobId, attempt);

/**
 * Progress of a job still under way; also its heartbeat (`updatedAt`), which keeps a renderer job's
 * lease (LEASE_LAPSE_MS) and the stale-job sweep away. Ignored once the job has ended (a late report
 * must not turn a finished render back to 'running'). With `attempt` (renderer jobs), only the
 * current attempt counts: a superseded one changes nothing; the current one, if its lease had
 * lapsed but no other attempt claimed the job yet, resumes it.
 */
export async function recordProgress(db: Database, jobId: string, progress: number, attempt?: number) {
  const value = Math.max(0, Math.min(99, Math.round(progress)));
  const current = and(
    eq(jobs.id, jobId),
    inArray(jobs.status, ["queued", "running"]),
    attempt === undefined ? undefined : eq(jobs.attempts, attempt),
  );
  const [changed] = await db.batch([
    db
      .update(jobs)
      .set({
        progress: value,
        updatedAt: sql`(unixepoch('subsec') * 1000)`,
        ...(attempt === undefined ? {} : { status: "running" as const }),
      })
      .where(current)
      .returning({ id: jobs.id }),
    db
      .update(renders)
      .set({ status: "running", error: null })
      .where(
        and(
          eq(renders.id, jobId),
          inArray(renders.status, ["queued", "running"]),
          sql`exists (select 1 from ${jobs} where ${current})`,
        ),
      ),
  ]);
  return changed.length > 0;
}
