// The jobs queue consumer. A message carries a job id; the job row holds the
// input. Failures the renderer blames on the input fail the job at once;
// anything else (renderer down, crash, timeout) is retried with backoff and,
// after the last retry, lands in the dead-letter queue, where the job is
// marked failed with the reason. Jobs are idempotent: re-running one
// rewrites the same rows and output keys.
import { z } from "zod";
import type { Job } from "../db/schema";
import { type Deps, makeDeps } from "../domain/deps";
import { failPackage, runPackage, runPurchasePackage } from "../domain/packages/jobs";
import { RendererRefused } from "../renderer/client";
import { isJobKind, type JobInput, type JobKindName, readSpec, type SpecOf } from "./jobs";
import { failPoster, runPoster } from "./poster";
import { failPreview, runPreview } from "./preview";
import { failProbe, runProbe } from "./probe";
import { failRender, runRender } from "./render";
import { loadJob, markFailed, markRetrying } from "./store";

export const DEAD_LETTER_QUEUE = "creator-jobs-dlq";

const queued = z.object({ jobId: z.string() });

interface JobKind<K extends JobKindName> {
  run(deps: Deps, env: Env, job: Job, input: JobInput<K>): Promise<void>;
  fail(deps: Deps, job: Job, input: JobInput<K>, reason: string): Promise<void>;
}

const kinds: { [K in JobKindName]: JobKind<K> } = {
  probe: { run: runProbe, fail: failProbe },
  render: { run: runRender, fail: failRender },
  package: { run: runPackage, fail: failPackage },
  purchase: { run: runPurchasePackage, fail: failPackage },
  preview: { run: runPreview, fail: failPreview },
  poster: { run: runPoster, fail: failPoster },
};

function run<K extends JobKindName>(deps: Deps, env: Env, job: Job, spec: SpecOf<K>) {
  return kinds[spec.kind].run(deps, env, job, spec.input);
}

function fail<K extends JobKindName>(deps: Deps, job: Job, spec: SpecOf<K>, reason: string) {
  return kinds[spec.kind].fail(deps, job, spec.input, reason);
}

function reasonOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Fails a job through its kind's own `fail`, so the record a page polls (a render's status, a
 * file's probe status) ends with the job. Unknown kinds fail the row alone.
 */
export async function failJob(env: Env, job: Job, reason: string) {
  const spec = isJobKind(job.kind) ? readSpec(job) : null;
  const deps = makeDeps(env, spec?.input.origin ?? (env.APP_ORIGIN || "http://localhost"));
  if (spec) await fail(deps, job, spec, reason);
  else await markFailed(deps.db, job.id, reason);
}

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
    if (job.status === "done" || job.status === "failed") {
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
    if (deadLetters) {
      const reason = `Gave up after ${job.attempts} attempts: ${job.error ?? "the renderer did not answer"}`;
      await fail(deps, job, spec, reason);
      message.ack();
      continue;
    }
    try {
      await run(deps, env, job, spec);
      message.ack();
    } catch (error) {
      if (error instanceof RendererRefused) {
        await fail(deps, job, spec, error.message);
        message.ack();
        continue;
      }
      console.error(`job ${job.id} (${job.kind}) failed on attempt ${message.attempts}:`, error);
      await markRetrying(deps.db, job.id, reasonOf(error));
      message.retry({ delaySeconds: Math.min(300, 5 * 2 ** message.attempts) });
    }
  }
}
