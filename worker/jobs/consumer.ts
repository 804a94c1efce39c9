// The Worker's jobs queue consumer: the kinds that run in the Worker
// (packaging). A message carries a job id; the job row holds the input. A
// failed attempt is retried with backoff and, after the last retry, lands in
// the dead-letter queue, where the job is failed through its kind with the
// reason. Renderer kinds are not run here (ADR 014): the renderer pulls them
// from its own queue; one found here is handed on to that queue. The
// dead-letter queue serves both queues. Jobs are idempotent: re-running one
// rewrites the same rows and output keys.
import { z } from "zod";
import type { Job } from "../db/schema";
import { makeDeps } from "../domain/deps";
import { observeJob } from "../observability";
import { isJobKind, jobMessage, readSpec, sendJobs } from "./jobs";
import { failJob, kindOf } from "./kinds";
import { LEASE_LAPSE_MS } from "./progress";
import { leaseHolds } from "./reports";
import { loadJob, markFailed, markRetrying, takeJob } from "./store";

export const DEAD_LETTER_QUEUE = "creator-jobs-dlq";
export { failJob };

const queued = z.object({ jobId: z.string() });

function reasonOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

const finished = (job: Job) => job.status === "done" || job.status === "failed";

export async function consumeJobs(batch: MessageBatch<unknown>, env: Env) {
  const deadLetters = batch.queue === DEAD_LETTER_QUEUE;
  for (const message of batch.messages) {
    const parsed = queued.safeParse(message.body);
    const job = parsed.success ? await loadJob(makeDeps(env, "http://localhost").db, parsed.data.jobId) : undefined;
    if (!job || !isJobKind(job.kind)) {
      console.error(`dropping unknown job message on ${batch.queue}:`, message.body);
      message.ack();
      continue;
    }
    if (finished(job)) {
      message.ack();
      continue;
    }
    const spec = readSpec(job);
    if (!spec) {
      console.error(`job ${job.id} (${job.kind}) has an input no kind reads:`, job.input);
      await markFailed(makeDeps(env, "http://localhost").db, job.id, "The job's input is not valid.");
      message.ack();
      continue;
    }
    const deps = makeDeps(env, spec.input.origin);
    const kind = kindOf(spec);
    if (deadLetters) {
      // A duplicate delivery that gave up while another delivery runs the job: that one ends it.
      if (kind.runs === "worker" && leaseHolds(job, Date.now())) {
        message.ack();
        continue;
      }
      const reason = `Gave up after ${job.attempts} attempts: ${job.error ?? "the renderer did not answer"}`;
      await kind.fail(deps, job, spec.input, reason);
      observeJob(job, "failed", { attempt: job.attempts, reason });
      message.ack();
      continue;
    }
    if (kind.runs === "renderer") {
      await sendJobs(deps, [jobMessage(job)]);
      observeJob(job, "handed-to-renderer");
      message.ack();
      continue;
    }
    if (!(await takeJob(deps.db, job.id, Date.now(), LEASE_LAPSE_MS))) {
      // Another delivery of this message runs it now: come back once its lease would have lapsed.
      const current = await loadJob(deps.db, job.id);
      if (!current || finished(current)) message.ack();
      else message.retry({ delaySeconds: LEASE_LAPSE_MS / 1000 });
      continue;
    }
    try {
      await kind.run(deps, env, job, spec.input);
      observeJob(job, "done", { attempt: message.attempts });
      message.ack();
    } catch (error) {
      console.error(`job ${job.id} (${job.kind}) failed on attempt ${message.attempts}:`, error);
      await markRetrying(deps.db, job.id, reasonOf(error));
      observeJob(job, "retrying", { attempt: message.attempts, reason: reasonOf(error) });
      message.retry({ delaySeconds: Math.min(300, 5 * 2 ** message.attempts) });
    }
  }
}
