// The renderer's side of a job (ADR 014): it claims the job it pulled, then
// reports progress and, once, the outcome on the job's signed callback. The
// `jobs` row decides: a claim or report for a job already done or failed
// changes nothing, so a duplicate report, a late one, or a redelivered
// message is harmless. Each claim is an attempt (ADR 033): its number is the
// lease's fencing token, signed into its callback URL, so once the job is
// leased again the earlier attempt's reports are refused and its output
// discarded. A job whose attempt still shows signs of life is not claimed.
import { z } from "zod";
import type { ProgressReport } from "../../render-container/src/contract";
import type { Job } from "../db/schema";
import type { Deps } from "../domain/deps";
import { NotFound } from "../domain/errors";
import { observeJob } from "../observability";
import { readSpec, runsInRenderer } from "./jobs";
import { kindOf } from "./kinds";
import { interruptedRender, LEASE_LAPSE_MS, progressUrl, recordProgress } from "./progress";
import { loadJob, markFailed, markRetrying, takeJob } from "./store";

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

/** Running, and its attempt's last sign of life is recent: its lease holds. */
export const leaseHolds = (job: Job, now: number) =>
  job.status === "running" && job.updatedAt.getTime() > now - LEASE_LAPSE_MS;

/** What the renderer is told when it claims a job; null when the job has nothing left to do (or another attempt holds it). */
export async function claimJob(deps: Deps, jobId: string) {
  const open = await openJob(deps, jobId);
  if (!open) return null;
  const { job, spec } = open;
  if (leaseHolds(job, deps.now())) return null;
  const kind = kindOf(spec);
  if (kind.runs !== "renderer") return null;
  // Of several claims at once (one message delivered more than once), one takes the job.
  if (!(await takeJob(deps.db, jobId, deps.now(), LEASE_LAPSE_MS))) return null;
  let call: Awaited<ReturnType<typeof kind.start>>;
  try {
    call = await kind.start(deps, job, spec.input);
  } catch (error) {
    // What the job works on cannot be handed over (e.g. a playlist emptied meanwhile): retrying will not help.
    await kind.fail(deps, job, spec.input, error instanceof Error ? error.message : String(error));
    return null;
  }
  if (!call) return null;
  // `start` marked it running as the next attempt; read back, so two claims at once cannot both hold an older number.
  const attempt = (await loadJob(deps.db, jobId))?.attempts ?? job.attempts + 1;
  observeJob(job, "running", { attempt });
  return {
    jobId,
    kind: job.kind,
    attempt,
    path: call.path,
    input: call.input,
    callbackUrl: await progressUrl(deps.origin, deps.secret, jobId, attempt),
  };
}

const percent = z.number().min(0).max(100);

/** The renderer's `ProgressReport` (render-container/src/contract.ts); the callback URL names the job, so `jobId` may be left out. */
const progressReport = z
  .object({ jobId: z.string().max(64).optional(), status: z.literal("running").optional(), progress: percent })
  .loose() satisfies z.ZodType<Pick<ProgressReport, "progress"> & Partial<ProgressReport>>;

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
  progressReport,
]);
export type JobReport = z.infer<typeof jobReport>;

/** What became of a report: applied; ignored (the job had ended: a duplicate or late report); or refused (a superseded attempt). */
export type ReportOutcome = "applied" | "ignored" | "superseded";

/** Applies attempt `attempt`'s report. */
export async function applyReport(
  deps: Deps,
  jobId: string,
  attempt: number,
  report: JobReport,
): Promise<ReportOutcome> {
  if (report.status !== "done" && report.status !== "failed") {
    if (await recordProgress(deps.db, jobId, report.progress, attempt)) return "applied";
    const job = await loadJob(deps.db, jobId);
    return !job || finished(job) ? "ignored" : "superseded";
  }
  const job = await loadJob(deps.db, jobId);
  if (!job || !runsInRenderer(job.kind)) throw new NotFound("Job not found.");
  if (job.attempts !== attempt) {
    // Leased again meanwhile (whether or not the later attempt has finished): this attempt's outcome
    // is not the job's, and what it wrote goes.
    const spec = readSpec(job);
    const kind = spec && kindOf(spec);
    if (report.status === "done" && kind?.runs === "renderer") await kind.discard?.(deps, job, spec!.input, attempt);
    observeJob(job, "superseded", { attempt, reported: report.status });
    return "superseded";
  }
  const open = await openJob(deps, jobId);
  if (!open) return "ignored";
  const { spec } = open;
  const kind = kindOf(spec);
  if (report.status === "done") {
    if (kind.runs !== "renderer") return "ignored";
    await kind.finish(deps, job, spec.input, report.result);
  } else if (report.retry)
    await deps.db.batch([markRetrying(deps.db, job.id, report.error.message), interruptedRender(deps.db, job.id)]);
  else await kind.fail(deps, job, spec.input, report.error.message);
  const reason = report.status === "failed" ? report.error.message : undefined;
  observeJob(job, report.status === "done" ? "done" : report.retry ? "retrying" : "failed", { attempt, reason });
  return "applied";
}
