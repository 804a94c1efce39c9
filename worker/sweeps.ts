// Periodic clean-up (Cron Trigger): expired sessions, sign-ups and rate-limit
// windows; abandoned uploads; jobs whose queue message was lost or whose
// worker died; reminders to signers who have not signed after 3 days.
import { and, eq, inArray, isNotNull, lt, notInArray } from "drizzle-orm";
import { inChunks } from "./db/chunks";
import { jobs, playlists, rateLimits, sessions, signups } from "./db/schema";
import { runCampaignPacing } from "./domain/campaigns/pacing";
import { type Deps, makeDeps } from "./domain/deps";
import { sweepAbandonedDonations } from "./domain/fundraiser/donations";
import { sweepAbandonedOrders } from "./domain/orders/checkout";
import { runProgramSchedules } from "./domain/programs/schedules";
import { startRenders } from "./domain/renders/renders";
import { remindSigners } from "./domain/signing/signatures";
import { sweepUnclaimedUploads } from "./domain/uploads/claims";
import { purgeEndedUploads, sweepAbandonedUploads, sweepEndedUploadRows } from "./domain/uploads/uploads";
import { MAX_DELIVERIES } from "./jobs/dev-queue";
import { jobMessage, RENDERER_KINDS, sendJobs } from "./jobs/jobs";
import { failJob } from "./jobs/kinds";
import { LEASE_LAPSE_MS, requeueLapsed } from "./jobs/progress";

/** A queued job untouched this long lost its message: send it again. */
export const STALE_QUEUED_MS = 10 * 60 * 1000;
/** A running Worker job (packaging) untouched this long lost its worker: fail it with a reason. */
export const STALE_RUNNING_MS = 30 * 60 * 1000;

export async function runSweeps(env: Env, now = Date.now()) {
  const deps = { ...makeDeps(env, env.APP_ORIGIN || "http://localhost"), now: () => now };
  const { db } = deps;
  const cutoff = new Date(now);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, cutoff)),
    db.delete(signups).where(lt(signups.expiresAt, cutoff)),
    db.delete(rateLimits).where(lt(rateLimits.expiresAt, cutoff)),
  ]);
  // Each kind fails its own way, so the render or file a page polls ends with its job.
  const lost = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "running"),
        notInArray(jobs.kind, [...RENDERER_KINDS]),
        lt(jobs.updatedAt, new Date(now - STALE_RUNNING_MS)),
      ),
    )
    .limit(100);
  for (const job of lost) await failJob(env, job, "The job stopped answering and was abandoned.");
  await releaseLapsedLeases(env, deps);
  const stale = await db
    .select({ id: jobs.id, kind: jobs.kind })
    .from(jobs)
    .where(and(eq(jobs.status, "queued"), lt(jobs.updatedAt, new Date(now - STALE_QUEUED_MS))))
    .limit(100);
  await sendJobs(deps, stale.map(jobMessage));
  // A renderer container that went to sleep with jobs still queued starts again and pulls them.
  await deps.wakeRenderer?.();
  await sweepAbandonedUploads(deps);
  await sweepUnclaimedUploads(deps);
  await purgeEndedUploads(deps);
  await sweepEndedUploadRows(deps);
  // Before the schedules: a campaign's end withdraws its spots without re-rendering.
  await runCampaignPacing(deps);
  await runScheduledPrograms(deps);
  await remindSigners(deps);
  await sweepAbandonedDonations(deps);
  await sweepAbandonedOrders(deps);
}

/**
 * Renderer jobs whose attempt went silent (no heartbeat for LEASE_LAPSE_MS: the renderer died) are
 * leased again (ADR 033): back to queued and sent again, the page saying so, or failed with the
 * reason once every delivery is used. The cron runs every minute, so that is within about a minute.
 */
export async function releaseLapsedLeases(env: Env, deps: Deps) {
  const now = deps.now();
  const lapsed = await deps.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "running"),
        inArray(jobs.kind, [...RENDERER_KINDS]),
        lt(jobs.updatedAt, new Date(now - LEASE_LAPSE_MS)),
      ),
    )
    .limit(100);
  const again = [];
  for (const job of lapsed) {
    if (job.attempts >= MAX_DELIVERIES) {
      await failJob(env, job, `Gave up after ${job.attempts} attempts: the renderer stopped answering`);
      continue;
    }
    const [, requeued] = await deps.db.batch([...requeueLapsed(deps.db, job.id, now)]);
    if (requeued.length) again.push(job);
  }
  await sendJobs(deps, again.map(jobMessage));
  return again.length;
}

/** Scheduled programs start and end; playlists that had been rendered are rendered again. */
export async function runScheduledPrograms(deps: Deps) {
  const changed = await runProgramSchedules(deps);
  if (changed.length === 0) return;
  const rendered = await inChunks(changed, (chunk) =>
    deps.db
      .select({ id: playlists.id, userId: playlists.userId })
      .from(playlists)
      .where(and(inArray(playlists.id, chunk), isNotNull(playlists.renderedAt))),
  );
  for (const playlist of rendered) await startRenders(deps, playlist.userId, [playlist.id]);
}
