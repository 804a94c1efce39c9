// One queue message delivered three times at once (issue 48 item 4): each kind of job the queues
// carry has one effect. Packaging (a playlist package, a purchase package) runs in this Worker's
// consumer: one run, one zip stored. A renderer job is handed on three times and claimed once.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { claim, probeJobRows } from "../../tests/workers/renderer";
import { addToCart, insertProduct, payCart, quickMember } from "../../tests/workers/store";
import { database } from "../db/client";
import { jobs, orders, playlistItems, playlists, projects, users } from "../db/schema";
import { makeDeps } from "../domain/deps";
import { startPackage } from "../domain/packages/packages";
import { consumeJobs, DEAD_LETTER_QUEUE } from "./consumer";
import { LEASE_LAPSE_MS } from "./progress";

const db = database(env.DB);

/** The bindings with R2 counted: how many multipart uploads (zips) were begun, and how many objects put. */
function countingEnv() {
  const counts = { uploads: 0, puts: 0 };
  const bucket = new Proxy(env.FILES, {
    get(target, property) {
      if (property === "createMultipartUpload") counts.uploads += 1;
      if (property === "put") counts.puts += 1;
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { ...env, FILES: bucket } as Env, counts };
}

/** The job's message delivered `times` times at once, each in its own batch; what became of each delivery. */
async function deliverAtOnce(jobId: string, kind: string, bindings: Env, times = 3) {
  return Promise.all(
    Array.from({ length: times }, async (_, i) => {
      const batch = createMessageBatch("creator-jobs", [
        { id: `m-${jobId}`, timestamp: new Date(), attempts: 1 + i, body: { jobId, kind } },
      ]);
      const ctx = createExecutionContext();
      await consumeJobs(batch, bindings);
      const result = await getQueueResult(batch, ctx);
      return result.explicitAcks.length ? "ack" : result.retryMessages.length ? "retry" : "none";
    }),
  );
}

/** A member's playlist of one stored clip and its package job, queued. */
async function packageJob() {
  const userId = `u-thrice-${crypto.randomUUID().slice(0, 8)}`;
  await db
    .insert(users)
    .values({ id: userId, name: "T", username: userId, email: `${userId}@example.com`, passwordHash: "x" });
  await db.insert(projects).values({ id: `p-${userId}`, userId, title: "Thrice" });
  await db.insert(playlists).values({ id: `pl-${userId}`, userId, projectId: `p-${userId}`, mediaType: "video" });
  const key = `users/${userId}/projects/p-${userId}/playlists/0-clip.mp4`;
  await env.FILES.put(key, "x".repeat(300_000));
  await db.insert(playlistItems).values({
    id: `it-${userId}`,
    playlistId: `pl-${userId}`,
    userId,
    key,
    fileName: "clip.mp4",
    contentType: "video/mp4",
    size: 300_000,
    seqPos: 1,
  });
  const { jobId } = await startPackage(makeDeps(env, "http://localhost"), userId, [`pl-${userId}`]);
  return jobId;
}

const jobOf = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe("one queue message delivered three times at once", () => {
  it("packages a playlist once: one run, one zip stored; the other deliveries come back later and are acknowledged", async () => {
    const jobId = await packageJob();

    const { env: bindings, counts } = countingEnv();
    const outcomes = await deliverAtOnce(jobId, "package", bindings);
    expect(outcomes).not.toContain("none");
    expect(counts.uploads).toBe(1);
    const job = await jobOf(jobId);
    expect(job).toMatchObject({ status: "done", attempts: 1 });
    const zip = await env.FILES.get((job.output as { key: string }).key);
    expect(Object.keys(unzipSync(new Uint8Array(await zip!.arrayBuffer())))).toEqual(["Thrice/01-clip.mp4"]);

    // The deliveries asked to come back find the job done: acknowledged, nothing run again.
    const later = await deliverAtOnce(jobId, "package", bindings, outcomes.filter((o) => o === "retry").length);
    expect(later.every((o) => o === "ack")).toBe(true);
    expect(counts.uploads).toBe(1);
    expect(await jobOf(jobId)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("packages a purchase once: one zip, one licence PDF", async () => {
    const seller = await quickMember();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, { priceCents: 500 });
    await addToCart(buyer.cookie, productId);
    const { checkout } = await payCart(buyer.cookie);
    const [order] = await db.select().from(orders).where(eq(orders.id, checkout.orderId));
    const jobId = order!.packageJobId!;
    expect((await jobOf(jobId)).status).toBe("queued");

    const { env: bindings, counts } = countingEnv();
    const outcomes = await deliverAtOnce(jobId, "purchase", bindings);
    expect(outcomes).not.toContain("none");
    expect(counts).toEqual({ uploads: 1, puts: 1 });
    expect(await jobOf(jobId)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("hands a renderer job on to the renderer's queue, where it is claimed once", async () => {
    const { jobId } = await probeJobRows(`thrice-${Date.now().toString(36)}`);
    const outcomes = await deliverAtOnce(jobId, "probe", env);
    expect(outcomes).toEqual(["ack", "ack", "ack"]);
    const claims = await Promise.all([claim(jobId), claim(jobId), claim(jobId)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await jobOf(jobId)).toMatchObject({ status: "running", attempts: 1 });
  });

  it("leaves a packaging job another delivery runs when a duplicate reaches the dead-letter queue, and fails one whose run went silent", async () => {
    const jobId = await packageJob();
    await db.update(jobs).set({ status: "running", attempts: 1 }).where(eq(jobs.id, jobId));
    const dead = async () => {
      const batch = createMessageBatch(DEAD_LETTER_QUEUE, [
        { id: `d-${jobId}`, timestamp: new Date(), attempts: 1, body: { jobId, kind: "package" } },
      ]);
      const ctx = createExecutionContext();
      await consumeJobs(batch, env);
      return (await getQueueResult(batch, ctx)).explicitAcks;
    };
    expect(await dead()).toEqual([`d-${jobId}`]);
    expect(await jobOf(jobId)).toMatchObject({ status: "running" });
    await db
      .update(jobs)
      .set({ updatedAt: new Date(Date.now() - LEASE_LAPSE_MS - 1_000) })
      .where(eq(jobs.id, jobId));
    expect(await dead()).toEqual([`d-${jobId}`]);
    expect(await jobOf(jobId)).toMatchObject({ status: "failed" });
  });
});
