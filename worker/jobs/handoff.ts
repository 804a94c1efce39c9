// How a job reaches the renderer (ADR 014): the renderer PULLS it. A queue
// message names the job and carries a signed claim URL; claiming marks the
// job running and answers the renderer's input (signed media URLs, the
// callback URL). The renderer reports progress and, once, the outcome to the
// signed callback; only that report finishes the job, through its kind's
// `finish` or `fail`. The `jobs` row is the one source of truth: a report for
// a job already done or failed changes nothing.
import type { RendererJobs } from "../../render-container/src/contract";
import { jobUrl } from "./progress";

/** The renderer's endpoint for a kind and the input it is given. */
export type RendererCall<P extends string> = {
  path: P;
  input: P extends keyof RendererJobs ? RendererJobs[P]["input"] : Record<string, unknown>;
};

export const claimUrl = (origin: string, secret: string, jobId: string) => jobUrl(origin, secret, "claim", jobId);
