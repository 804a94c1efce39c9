// Job dispatch as production wires it (ENVIRONMENT=production): renderer jobs go to the
// renderer's Cloudflare pull queue as JSON (an HTTP pull consumer reads only json or text bodies),
// 100 a call, each batch followed by waking the renderer; packaging goes to the Worker's own queue.
// The two queues and the wake-up are recording stand-ins behind the bindings' own interfaces; the
// message a production renderer pulls is then used as it would be: its claim URL claims the job.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../../tests/workers/http";
import { probeJobRows } from "../../tests/workers/renderer";
import { makeDeps } from "../domain/deps";
import { type JobMessage, sendJobs } from "./jobs";

/** A queue producer that keeps what it was sent, call by call. */
function recordingQueue() {
  const calls: { body: unknown; contentType?: string }[][] = [];
  return {
    calls,
    send: async () => {
      throw new Error("dispatch sends batches");
    },
    sendBatch: async (messages: Iterable<{ body: unknown; contentType?: string }>) => {
      calls.push([...messages]);
    },
  };
}

function productionDeps() {
  const production = { ...env, ENVIRONMENT: "production" } as Env;
  const deps = makeDeps(production, "http://localhost");
  // makeDeps' production wiring: the renderer's queue binding and the container's wake-up.
  expect(deps.renderQueue).toBe(env.RENDER_JOBS);
  expect(deps.wakeRenderer).toBeTypeOf("function");
  const renderQueue = recordingQueue();
  const workerQueue = recordingQueue();
  const wakes: number[] = [];
  Object.defineProperty(deps, "renderQueue", { value: renderQueue });
  Object.defineProperty(deps, "queue", { value: workerQueue });
  Object.defineProperty(deps, "wakeRenderer", {
    value: async () => {
      wakes.push(renderQueue.calls.length);
    },
  });
  return { deps, renderQueue, workerQueue, wakes };
}

describe("sendJobs in production", () => {
  it("sends renderer jobs to the pull queue as JSON, 100 a batch, waking the renderer after each", async () => {
    const { deps, renderQueue, workerQueue, wakes } = productionDeps();
    const messages: JobMessage[] = [
      ...Array.from({ length: 150 }, (_, i) => ({ jobId: `j-dispatch-${i}`, kind: i % 2 ? "probe" : "render" })),
      { jobId: "j-dispatch-package", kind: "package" },
    ] as JobMessage[];
    await sendJobs(deps, messages);

    expect(renderQueue.calls.map((batch) => batch.length)).toEqual([100, 50]);
    expect(wakes).toEqual([1, 2]);
    const first = renderQueue.calls[0]![0]!;
    expect(first.contentType).toBe("json");
    expect(first.body).toMatchObject({ jobId: "j-dispatch-0", kind: "render" });
    expect((first.body as { claimUrl: string }).claimUrl).toMatch(
      /^http:\/\/localhost\/api\/jobs\/j-dispatch-0\/claim\?token=/,
    );
    expect(workerQueue.calls).toEqual([[{ body: { jobId: "j-dispatch-package", kind: "package" } }]]);
  });

  it("puts a claim URL in each message that claims its job once, and no other", async () => {
    const { deps, renderQueue } = productionDeps();
    const { jobId } = await probeJobRows(`dispatch-${Date.now().toString(36)}`);
    await sendJobs(deps, [{ jobId, kind: "probe" }] as JobMessage[]);
    const { claimUrl } = renderQueue.calls[0]![0]!.body as { claimUrl: string };
    const path = claimUrl.replace("http://localhost", "");

    const claimed = await call(path, { method: "POST" });
    expect(claimed.status).toBe(200);
    expect(await claimed.json()).toMatchObject({ jobId, kind: "probe" });
    // Another job's id under this token: refused.
    const forged = await call(path.replace(jobId, `${jobId}-other`), { method: "POST" });
    expect(forged.status).toBe(403);
  });
});
