// The Worker's queue consumer (packaging; the dead-letter queue of both queues).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../tests/workers/console";
import { probeJobRows } from "../../tests/workers/renderer";
import { database } from "../db/client";
import { files, jobs } from "../db/schema";
import { consumeJobs, DEAD_LETTER_QUEUE } from "./consumer";

const db = database(env.DB);
let n = 0;

function probeJob(status: "queued" | "running" = "queued") {
  n += 1;
  return probeJobRows(
    `cons-${n}`,
    status === "running"
      ? { status, attempts: 1, error: "the renderer shut down before the job finished" }
      : { status },
  );
}

async function consume(body: unknown, queue = "creator-jobs") {
  const batch = createMessageBatch(queue, [{ id: "m-1", timestamp: new Date(), attempts: 1, body }]);
  const ctx = createExecutionContext();
  await consumeJobs(batch, env);
  return getQueueResult(batch, ctx);
}

const row = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const file = async (id: string) => (await db.select().from(files).where(eq(files.id, id)))[0]!;

afterEach(() => vi.restoreAllMocks());

describe("the Worker's queue consumer", () => {
  it("does not run a renderer job or wait for it: the job is handed to the renderer's queue, untouched", async () => {
    const renderer = vi.spyOn(globalThis, "fetch");
    const { jobId } = await probeJob();
    const result = await consume({ jobId, kind: "probe" });
    expect(result.explicitAcks).toEqual(["m-1"]);
    expect(renderer).not.toHaveBeenCalled();
    expect(await row(jobId)).toMatchObject({ status: "queued", leaseUntil: null, error: null });
  });

  it("ends a job that reached the dead-letter queue failed through its kind, with the reason", async () => {
    const { jobId, fileId } = await probeJob("running");
    const dead = await consume({ jobId, kind: "probe" }, DEAD_LETTER_QUEUE);
    expect(dead.explicitAcks).toEqual(["m-1"]);
    expect(await row(jobId)).toMatchObject({
      status: "failed",
      error: "Gave up after 1 attempts: the renderer shut down before the job finished",
    });
    expect(await file(fileId)).toMatchObject({ probeStatus: "failed" });
  });

  it("drops unknown messages", async () => {
    expectConsoleError(/dropping unknown job message/);
    expect((await consume({ nope: true })).explicitAcks).toEqual(["m-1"]);
    expect((await consume({ jobId: "no-such-job", kind: "probe" })).explicitAcks).toEqual(["m-1"]);
  });
});
