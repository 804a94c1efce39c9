// Job rows: the state users see (status, progress, error, output).
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type Job, jobs } from "../db/schema";

export async function loadJob(db: Database, jobId: string): Promise<Job | undefined> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  return job;
}

const touched = () => ({ updatedAt: sql`(unixepoch('subsec') * 1000)` });

/**
 * Takes the job for one run, in one statement: it is queued, or running on a lease with no sign of
 * life for `lapseMs`. False when another delivery holds it or it has ended, so of one message
 * delivered several times at once, one delivery runs it.
 */
export async function takeJob(db: Database, jobId: string, now: number, lapseMs: number) {
  const taken = await db
    .update(jobs)
    .set({ status: "running", ...touched() })
    .where(
      and(
        eq(jobs.id, jobId),
        or(eq(jobs.status, "queued"), and(eq(jobs.status, "running"), lt(jobs.updatedAt, new Date(now - lapseMs)))),
      ),
    )
    .returning({ id: jobs.id });
  return taken.length > 0;
}

/** A new attempt starts: from 0 %, whatever the one before it reached. */
export function markRunning(db: Database, jobId: string) {
  return db
    .update(jobs)
    .set({ status: "running", progress: 0, attempts: sql`${jobs.attempts} + 1`, ...touched() })
    .where(eq(jobs.id, jobId));
}

export function markDone(db: Database, jobId: string, output: Record<string, unknown>) {
  return db
    .update(jobs)
    .set({ status: "done", progress: 100, output, error: null, ...touched() })
    .where(eq(jobs.id, jobId));
}

export function markFailed(db: Database, jobId: string, error: string) {
  return db
    .update(jobs)
    .set({ status: "failed", error, ...touched() })
    .where(eq(jobs.id, jobId));
}

/** A failed attempt that will be retried: back to queued, the reason kept for the user and the dead-letter handler. */
export function markRetrying(db: Database, jobId: string, error: string) {
  return db
    .update(jobs)
    .set({ status: "queued", error, ...touched() })
    .where(eq(jobs.id, jobId));
}
