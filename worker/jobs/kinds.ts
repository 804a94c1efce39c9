// Every job kind, in one table: where it runs and how it ends. Kinds that need
// ffmpeg run in the renderer, which pulls them (ADR 014): `start` claims the
// job and answers the renderer's input, `finish` records the renderer's
// result. Packaging runs in the Worker's queue consumer (`run`). Every kind
// has `fail`, so whoever ends a job — a refusal, the dead-letter queue, the
// stale-job sweep — ends the record its page polls too.
import type { Job } from "../db/schema";
import { type Deps, makeDeps } from "../domain/deps";
import { failPackage, runPackage, runPurchasePackage } from "../domain/packages/jobs";
import type { RendererCall } from "./handoff";
import { isJobKind, type JobInput, type JobKindName, type RendererKindName, readSpec, type SpecOf } from "./jobs";
import { failPoster, finishPoster, startPoster } from "./poster";
import { failPreview, finishPreview, startPreview } from "./preview";
import { failProbe, finishProbe, startProbe } from "./probe";
import { discardRender, failRender, finishRender, startRender } from "./render";
import { failSegment, finishSegment, startSegment } from "./segment";
import { markFailed } from "./store";

type Fail<K extends JobKindName> = (deps: Deps, job: Job, input: JobInput<K>, reason: string) => Promise<void>;

interface WorkerKind<K extends JobKindName> {
  runs: "worker";
  run(deps: Deps, env: Env, job: Job, input: JobInput<K>): Promise<void>;
  fail: Fail<K>;
}

interface RendererKind<K extends JobKindName> {
  runs: "renderer";
  /** Marks the job running and answers what the renderer is to do; null when there is nothing left to do. */
  start(deps: Deps, job: Job, input: JobInput<K>): Promise<RendererCall<string> | null>;
  // The renderer's result arrives on the job's signed callback: its shape is the renderer's contract.
  // biome-ignore lint/suspicious/noExplicitAny: each kind's finish reads its own result type
  finish(deps: Deps, job: Job, input: JobInput<K>, result: any): Promise<void>;
  fail: Fail<K>;
  /** Deletes what a superseded attempt wrote (ADR 033); kinds whose output is keyed by attempt have one. */
  discard?(deps: Deps, job: Job, input: JobInput<K>, attempt: number): Promise<void>;
}

type Kind<K extends JobKindName> = WorkerKind<K> | RendererKind<K>;

/** Renderer kinds (RENDERER_KINDS) start and finish; the others run in the Worker. */
export const kinds: { [K in RendererKindName]: RendererKind<K> } & {
  [K in Exclude<JobKindName, RendererKindName>]: WorkerKind<K>;
} = {
  probe: { runs: "renderer", start: startProbe, finish: finishProbe, fail: failProbe },
  render: { runs: "renderer", start: startRender, finish: finishRender, fail: failRender, discard: discardRender },
  preview: { runs: "renderer", start: startPreview, finish: finishPreview, fail: failPreview },
  poster: { runs: "renderer", start: startPoster, finish: finishPoster, fail: failPoster },
  segment: { runs: "renderer", start: startSegment, finish: finishSegment, fail: failSegment },
  package: { runs: "worker", run: runPackage, fail: failPackage },
  purchase: { runs: "worker", run: runPurchasePackage, fail: failPackage },
};

export function kindOf<K extends JobKindName>(spec: SpecOf<K>): Kind<K> {
  return kinds[spec.kind] as Kind<K>;
}

/**
 * Fails a job through its kind's own `fail`, so the record a page polls (a render's status, a
 * file's probe status) ends with the job. Unknown kinds fail the row alone.
 */
export async function failJob(env: Env, job: Job, reason: string) {
  const spec = isJobKind(job.kind) ? readSpec(job) : null;
  const deps = makeDeps(env, spec?.input.origin ?? (env.APP_ORIGIN || "http://localhost"));
  if (spec) await kindOf(spec).fail(deps, job, spec.input, reason);
  else await markFailed(deps.db, job.id, reason);
}
