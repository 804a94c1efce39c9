// Development's stand-in for the renderer's queue (ADR 014). Production puts
// renderer jobs on the `creator-render-jobs` queue, which the renderer reads
// through Cloudflare Queues' HTTP pull API; wrangler's local queues have no
// such API, so here the `jobs` table is the queue and these two calls answer
// in the same shapes (`messages/pull`, `messages/ack`), so the renderer runs
// one client against either. A pulled row is leased until its visibility
// timeout; a running one whose attempt stopped showing signs of life for
// LEASE_LAPSE_MS (its renderer died) is delivered again at once (ADR 033);
// after MAX_DELIVERIES it goes where the dead-letter queue would send it:
// failed through its kind, with the reason. Sending to it is `sendJobs` in ./jobs.ts.
import { and, asc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";
import { jobs } from "../db/schema";
import type { Deps } from "../domain/deps";
import { RENDERER_KINDS, renderMessage } from "./jobs";
import { failJob } from "./kinds";
import { INTERRUPTED, LEASE_LAPSE_MS, requeueLapsed } from "./progress";

/** Deliveries before a job is given up (the production queue's max_retries + 1). */
export const MAX_DELIVERIES = 5;
/** An acknowledged row is never visible again (unless sent again). */
const ACKED = Number.MAX_SAFE_INTEGER;

export const pullRequest = z.object({
  batch_size: z.number().int().min(1).max(100).default(5),
  visibility_timeout_ms: z
    .number()
    .int()
    .min(1)
    .max(12 * 60 * 60 * 1000)
    .default(30_000),
});

export const ackRequest = z.object({
  acks: z
    .array(z.object({ lease_id: z.string().max(100) }))
    .max(100)
    .default([]),
  retries: z
    .array(z.object({ lease_id: z.string().max(100), delay_seconds: z.number().int().min(0).max(86_400).default(0) }))
    .max(100)
    .default([]),
});

export async function pullMessages(env: Env, deps: Deps, request: z.infer<typeof pullRequest>) {
  const now = deps.now();
  const visible = and(
    inArray(jobs.kind, [...RENDERER_KINDS]),
    or(
      and(eq(jobs.status, "queued"), or(isNull(jobs.leaseUntil), lt(jobs.leaseUntil, now))),
      // Its attempt went silent: leased again, however long the visibility timeout it was pulled with.
      and(eq(jobs.status, "running"), lt(jobs.updatedAt, new Date(now - LEASE_LAPSE_MS))),
    ),
  );
  const rows = await deps.db.select().from(jobs).where(visible).orderBy(asc(jobs.createdAt)).limit(request.batch_size);
  const messages = [];
  for (const row of rows) {
    if (row.attempts >= MAX_DELIVERIES) {
      await failJob(
        env,
        row,
        `Gave up after ${row.attempts} attempts: ${row.error && row.error !== INTERRUPTED ? row.error : "the renderer stopped answering"}`,
      );
      continue;
    }
    const leaseId = crypto.randomUUID();
    // Conditional, so two renderers pulling at once never hold the same row. A silent attempt's
    // row is first put back to queued (the page says so), then leased, in one batch.
    const lease = deps.db
      .update(jobs)
      .set({ leaseId, leaseUntil: now + request.visibility_timeout_ms })
      .where(and(eq(jobs.id, row.id), visible))
      .returning({ id: jobs.id });
    const leased =
      row.status === "running"
        ? (await deps.db.batch([...requeueLapsed(deps.db, row.id, now), lease]))[2]
        : await lease;
    if (leased.length === 0) continue;
    messages.push({
      id: row.id,
      lease_id: leaseId,
      attempts: row.attempts + 1,
      timestamp_ms: row.createdAt.getTime(),
      metadata: { "CF-Content-Type": "json" },
      body: JSON.stringify(await renderMessage({ origin: row.input.origin as string, secret: deps.secret }, row)),
    });
  }
  return { messages, message_backlog_count: messages.length };
}

export async function ackMessages(deps: Deps, { acks, retries }: z.infer<typeof ackRequest>) {
  const now = deps.now();
  const statements = [
    ...acks.map((a) =>
      deps.db.update(jobs).set({ leaseId: null, leaseUntil: ACKED }).where(eq(jobs.leaseId, a.lease_id)),
    ),
    ...retries.map((r) =>
      deps.db
        .update(jobs)
        .set({ leaseId: null, leaseUntil: now + r.delay_seconds * 1000 })
        .where(eq(jobs.leaseId, r.lease_id)),
    ),
  ];
  const [first, ...rest] = statements;
  if (first) await deps.db.batch([first, ...rest]);
  return { ackCount: acks.length, retryCount: retries.length, warnings: {} };
}
