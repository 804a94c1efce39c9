// The renderer's side of a job (ADR 014): it claims the job it pulled, then
// reports progress and, once, the outcome on the job's signed callback. The
// `jobs` row decides: a claim or report for a job already done or failed
// changes nothing, so a duplicate report, a late one, or a redelivered
// message is harmless.
import { z } from "zod";
import type { Job } from "../db/schema";
import type { Deps } from "../domain/deps";
import { NotFound } from "../domain/errors";
import { readSpec, runsInRenderer } from "./jobs";
import { kindOf } from "./kinds";
import { progressUrl, recordProgress } from "./progress";
import { loadJob, markFailed, markRetrying } from "./store";

const finished = (job: Job) => job.status === "done" || job.status === "failed";

/** A renderer job still under way, with its input read; null (the job failed or ended) otherwise. */
async function openJob(deps: Deps, jobId: string) {
  const job = await loadJob(deps.db, jobId);
  if (!job || !runsInRenderer(job.kind)) throw new NotFound("Job not found.");
  if (finished(job)) return null;
  const spec = readSpec(job);
  if (!spec) await markFailed(deps.db, job.id, "The job's input is not valid.");
  return spec ? { job, spec } : null;
}

/** What the renderer is told when it claims a job; null when the job has nothing left to do. */
export async function claimJob(deps: Deps, jobId: string) {
  const open = await openJob(deps, jobId);
  if (!open) return null;
  const { job, spec } = open;
  const kind = kindOf(spec);
  if (kind.runs !== "renderer") return null;
  let call: Awaited<ReturnType<typeof kind.start>>;
  try {
    call = await kind.start(deps, job, spec.input);
  } catch (error) {
    // What the job works on cannot be handed over (e.g. a playlist emptied meanwhile): retrying will not help.
    await kind.fail(deps, job, spec.input, error instanceof Error ? error.message : String(error));
    return null;
  }
  if (!call) return null;
  return {
    jobId,
    kind: job.kind,
    path: call.path,
    input: call.input,
    callbackUrl: await progressUrl(deps.origin, deps.secret, jobId),
  };
}

const percent = z.number().min(0).max(100);

/** A report on the job's callback: progress (the renderer's reporter sends `status: "running"`), or the outcome. */
export const jobReport = z.union([
  z.object({ status: z.literal("done"), result: z.record(z.string(), z.unknown()) }).loose(),
  z
    .object({
      status: z.literal("failed"),
      error: z.object({ code: z.string().max(100), message: z.string().min(1).max(2000) }),
      /** The renderer could not finish for reasons of its own (busy, shutting down, crashed): try again. */
      retry: z.boolean().default(false),
    })
    .loose(),
  z.object({ status: z.literal("running").optional(), progress: percent }).loose(),
]);
export type JobReport = z.infer<typeof jobReport>;

/** Applies a report; false when the job had already ended and the report changed nothing. */
export async function applyReport(deps: Deps, jobId: string, report: JobReport): Promise<boolean> {
  if (report.status !== "done" && report.status !== "failed") return recordProgress(deps.db, jobId, report.progress);
  const open = await openJob(deps, jobId);
  if (!open) return false;
  const { job, spec } = open;
  const kind = kindOf(spec);
  if (report.status === "done") {
    if (kind.runs !== "renderer") return false;
    await kind.finish(deps, job, spec.input, report.result);
  } else if (report.retry) await markRetrying(deps.db, job.id, report.error.message);
  else await kind.fail(deps, job, spec.input, report.error.message);
  return true;
}
