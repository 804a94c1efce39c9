// The renderer stood in for jobs tests: every fetch to RENDERER_URL goes to a
// vi.fn (path, JSON body) => Response; anything else reaches the real fetch.
// `consume` hands the queue consumer one job's message, as the queue would.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, vi } from "vitest";
import { consumeJobs } from "../../worker/jobs/consumer";

export type RendererStub = ReturnType<typeof vi.fn<(path: string, body: any) => Promise<Response>>>;

/** Installs the stand-in before each test; `current()` is this test's stub. */
export function stubRenderer() {
  let renderer: RendererStub = vi.fn();
  beforeEach(() => {
    renderer = vi.fn();
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (!request.url.startsWith(env.RENDERER_URL!)) return realFetch(input, init);
      return renderer(new URL(request.url).pathname, await request.json());
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return () => renderer;
}

export async function consume(jobId: string, kind: string) {
  const batch = createMessageBatch("creator-jobs", [
    { id: `m-${jobId}`, timestamp: new Date(), attempts: 1, body: { jobId, kind } },
  ]);
  const ctx = createExecutionContext();
  await consumeJobs(batch, env);
  return getQueueResult(batch, ctx);
}
