// The jobs queue consumer. A message carries a job id; the job row holds the
// input. Failures the renderer blames on the input fail the job at once;
// anything else (renderer down, crash, timeout) is retried with backoff and,
// after the last retry, lands in the dead-letter queue, where the job is
// marked failed with the reason. Jobs are idempotent: re-running one
// rewrites the same rows and output keys.
import { z } from "zod";
import type { Job } from "../db/schema";
import { type Deps, makeDeps } from "../domain/deps";
import { RendererRefused } from "../renderer/client";
import { failPackage, runPackage } from "./package";
import { failPreview, runPreview } from "./preview";
import { failProbe, runProbe } from "./probe";
import { runPurchasePackage } from "./purchase";
import { failRender, runRender } from "./render";
import { loadJob, markFailed, markRetrying } from "./store";

export const DEAD_LETTER_QUEUE = "creator-jobs-dlq";

const jobMessage = z.object({ jobId: z.string(), kind: z.string() });
export type JobMessage = z.infer<typeof jobMessage>;

interface JobKind {
  run(deps: Deps, env: Env, job: Job): Promise<void>;
  fail(deps: Deps, job: Job, reason: string): Promise<void>;
}

const kinds: Record<string, JobKind> = {
  probe: { run: runProbe, fail: failProbe },
  render: { run: runRender, fail: failRender },
  package: { run: runPackage, fail: failPackage },
  purchase: { run: runPurchasePackage, fail: failPackage },
  preview: { run: runPreview, fail: failPreview },
};

function depsFor(env: Env, job: Job) {
  const origin = typeof job.input.origin === "string" ? job.input.origin : env.APP_ORIGIN || "http://localhost";
  return makeDeps(env, origin);
}

function reasonOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Fails a job through its kind's own `fail`, so the record a page polls (a render's status, a
 * file's probe status) ends with the job. Unknown kinds fail the row alone.
 */
export async function failJob(env: Env, job: Job, reason: string) {
  const kind = kinds[job.kind];
  const deps = depsFor(env, job);
  if (kind) await kind.fail(deps, job, reason);
  else await markFailed(deps.db, job.id, reason);
}

export async function consumeJobs(batch: MessageBatch<unknown>, env: Env) {
  const deadLetters = batch.queue === DEAD_LETTER_QUEUE;
  for (const message of batch.messages) {
    const parsed = jobMessage.safeParse(message.body);
    const job = parsed.success ? await loadJob(makeDeps(env, "http://localhost").db, parsed.data.jobId) : undefined;
    const kind = job ? kinds[job.kind] : undefined;
    if (!job || !kind) {
      console.error(`dropping unknown job message on ${batch.queue}:`, message.body);
      message.ack();
      continue;
    }
    if (job.status === "done" || job.status === "failed") {
      message.ack();
      continue;
    }
    const deps = depsFor(env, job);
    if (deadLetters) {
      await kind.fail(
        deps,
        job,
        `Gave up after ${job.attempts} attempts: ${job.error ?? "the renderer did not answer"}`,
      );
      message.ack();
      continue;
    }
    try {
      await kind.run(deps, env, job);
      message.ack();
    } catch (error) {
      if (error instanceof RendererRefused) {
        await kind.fail(deps, job, error.message);
        message.ack();
        continue;
      }
      console.error(`job ${job.id} (${job.kind}) failed on attempt ${message.attempts}:`, error);
      await markRetrying(deps.db, job.id, reasonOf(error));
      message.retry({ delaySeconds: Math.min(300, 5 * 2 ** message.attempts) });
    }
  }
}
