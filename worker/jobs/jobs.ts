// Every job kind's input, written once: a zod discriminated union. `enqueue()`
// is the only writer of a job row and its queue message; `readJob()` the only
// reader, so a job's input is typed everywhere without casts.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { type JOB_KINDS, type Job, jobs } from "../db/schema";
import type { Deps } from "../domain/deps";
import { observeJob } from "../observability";
import { claimUrl } from "./handoff";

const origin = z.string();

export const PROBE_TARGETS = ["file", "playlist-item", "program-file", "product-file"] as const;

export const jobSpec = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("probe"),
    /** The media record the facts are written to (project file, playlist item, program file, product file). */
    input: z.object({ target: z.enum(PROBE_TARGETS), id: z.string(), key: z.string(), origin }),
  }),
  z.object({
    kind: z.literal("render"),
    input: z.object({ renderId: z.string(), playlistId: z.string(), loudness: z.boolean(), origin }),
  }),
  z.object({
    kind: z.literal("package"),
    input: z.object({ playlistIds: z.array(z.string()).max(100), origin }),
  }),
  z.object({
    kind: z.literal("purchase"),
    input: z.object({ orderId: z.string(), origin }),
  }),
  z.object({
    kind: z.literal("preview"),
    /** A store product's audio file. */
    input: z.object({ fileId: z.string(), origin }),
  }),
  z.object({
    kind: z.literal("poster"),
    /** A FarmerTV episode: its video probed and one frame of it stored as its poster. */
    input: z.object({ episodeId: z.string(), origin }),
  }),
  z.object({
    kind: z.literal("segment"),
    /** A source object encoded to a show's delivery profile (issue 30). */
    input: z.object({ sourceKey: z.string(), origin }),
  }),
]);

export type JobSpec = z.infer<typeof jobSpec>;
export type JobKindName = JobSpec["kind"];
type JobInputs = { [S in JobSpec as S["kind"]]: S["input"] };
export type JobInput<K extends JobKindName> = JobInputs[K];
/** One kind's spec, written so a table indexed by `kind` can be called with its `input` (correlated union). */
export type SpecOf<K extends JobKindName = JobKindName> = { [P in K]: { kind: P; input: JobInputs[P] } }[K];
export type ProbeTarget = JobInput<"probe">["target"];

/** Every kind here is one the database accepts (`JOB_KINDS` may list kinds whose handler is still being built). */
const kindsAgree: JobKindName extends (typeof JOB_KINDS)[number] ? true : never = true;
void kindsAgree;

/** What the queue carries: the job's id (its row holds the input) and kind (for logs). */
export interface JobMessage {
  jobId: string;
  kind: Job["kind"];
}

export const jobMessage = (job: Pick<Job, "id" | "kind">): JobMessage => ({ jobId: job.id, kind: job.kind });

/**
 * A new job: `statement` inserts its row — put it in the same `batch()` as the rows the job
 * works on, so neither exists without the other — and `message` goes to `sendJobs()` once
 * that batch has committed. A message lost in between leaves the row 'queued'; the sweep
 * sends it again.
 */
export function enqueue<K extends JobKindName>(
  deps: Deps,
  userId: string,
  kind: K,
  input: JobInput<K>,
  id: string = crypto.randomUUID(),
) {
  const spec = jobSpec.parse({ kind, input });
  return {
    id,
    statement: deps.db.insert(jobs).values({ id, userId, kind: spec.kind, input: spec.input }),
    message: jobMessage({ id, kind }),
  };
}

/** The kinds that need ffmpeg: the renderer pulls them from their own queue (ADR 014). */
export const RENDERER_KINDS = ["probe", "render", "preview", "poster", "segment"] as const satisfies JobKindName[];
export type RendererKindName = (typeof RENDERER_KINDS)[number];

export function runsInRenderer(kind: string): kind is RendererKindName {
  return (RENDERER_KINDS as readonly string[]).includes(kind);
}

/** The queue message a renderer job travels as, here and in production: the renderer claims the job with `claimUrl`. */
export async function renderMessage(deps: Pick<Deps, "origin" | "secret">, job: { id: string; kind: string }) {
  return { jobId: job.id, kind: job.kind, claimUrl: await claimUrl(deps.origin, deps.secret, job.id) };
}

/**
 * Development's "send": the rows become visible to the next pull of dev-queue.ts. It lives here,
 * not there, because dev-queue.ts fails given-up jobs through ./kinds, which imports every kind,
 * and every kind imports `enqueue` from this file: sending through dev-queue.ts made a cycle.
 */
async function sendToDevQueue(deps: Deps, jobIds: string[]) {
  if (jobIds.length === 0) return;
  await deps.db.update(jobs).set({ leaseId: null, leaseUntil: null }).where(inArray(jobs.id, jobIds));
}

/**
 * Queues committed jobs, 100 messages a call (the queue's batch limit): packaging to the Worker's
 * own queue, renderer kinds to the renderer's pull queue — in development the `jobs` table itself
 * (worker/jobs/dev-queue.ts), as wrangler's local queues cannot be pulled over HTTP.
 */
export async function sendJobs(deps: Deps, messages: JobMessage[]) {
  for (const m of messages) observeJob({ id: m.jobId, kind: m.kind }, "queued");
  const forWorker = messages.filter((m) => !runsInRenderer(m.kind));
  const forRenderer = messages.filter((m) => runsInRenderer(m.kind));
  for (let i = 0; i < forWorker.length; i += 100) {
    await deps.queue.sendBatch(forWorker.slice(i, i + 100).map((body) => ({ body })));
  }
  for (let i = 0; i < forRenderer.length; i += 100) {
    const chunk = forRenderer.slice(i, i + 100);
    if (deps.renderQueue) {
      const bodies = await Promise.all(chunk.map((m) => renderMessage(deps, { id: m.jobId, kind: m.kind })));
      // JSON, not the default V8 serialisation: an HTTP pull consumer can only read json or text bodies.
      await deps.renderQueue.sendBatch(bodies.map((body) => ({ body, contentType: "json" as const })));
      await deps.wakeRenderer?.();
    } else
      await sendToDevQueue(
        deps,
        chunk.map((m) => m.jobId),
      );
  }
}

export function isJobKind(kind: string): kind is JobKindName {
  return jobSpec.options.some((option) => option.shape.kind.value === kind);
}

/** The job's input parsed by its kind; null for a row its kind cannot read (failed at once, never retried). */
export function readSpec(job: Job): SpecOf | null {
  const parsed = jobSpec.safeParse({ kind: job.kind, input: job.input });
  return parsed.success ? parsed.data : null;
}
