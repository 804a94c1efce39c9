// Renderer jobs are pulled (ADR 014, issue 13 "jobs longer than the platform
// allows"): the renderer pulls a message from its queue (here the development
// queue route, which answers in Cloudflare's pull API shapes), claims the job
// with the message's signed URL, runs it and reports the outcome on the job's
// signed callback; only then is the message acknowledged. The job row decides.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reportOf } from "../../render-container/src/report";
import { call } from "../../tests/workers/http";
import { claim, memberRows, probeJobRows, report } from "../../tests/workers/renderer";
import { database } from "../db/client";
import { files, jobs, playlistItems, playlists, renders } from "../db/schema";
import { makeDeps } from "../domain/deps";
import { renderStatus } from "../domain/renders/renders";
import { DevStorageSigner } from "../storage/signer";
import { runSweeps, STALE_RUNNING_MS } from "../sweeps";
import { MAX_DELIVERIES } from "./dev-queue";
import { INTERRUPTED, LEASE_LAPSE_MS, progressUrl } from "./progress";

const db = database(env.DB);
let n = 0;

async function probeJob() {
  n += 1;
  return probeJobRows(`pull-${n}`);
}

async function renderJob() {
  n += 1;
  const { userId, projectId } = await memberRows(`pull-${n}`);
  const playlistId = `pl-pull-${n}`;
  await db.insert(playlists).values({ id: playlistId, userId, projectId, mediaType: "video" });
  const key = `users/${userId}/projects/${projectId}/playlists/0-clip.mp4`;
  await env.FILES.put(key, "clip");
  await db.insert(playlistItems).values({
    id: `it-pull-${n}`,
    playlistId,
    userId,
    key,
    fileName: "clip.mp4",
    contentType: "video/mp4",
    size: 4,
    seqPos: 1,
  });
  const renderId = `r-pull-${n}`;
  await db.batch([
    db.insert(jobs).values({
      id: renderId,
      userId,
      kind: "render",
      input: { renderId, playlistId, loudness: false, origin: "http://localhost" },
    }),
    db.insert(renders).values({
      id: renderId,
      userId,
      playlistId,
      projectTitle: "Jobs",
      fileName: "Jobs.mp4",
      key: `users/${userId}/renders/${renderId}.mp4`,
    }),
  ]);
  return renderId;
}

type Pulled = { lease_id: string; attempts: number; body: string };

/** Pulls from the development queue until this job's message comes (others are put back at once). */
async function pull(jobId: string, visibilityMs = 60_000): Promise<Pulled | undefined> {
  const answer = await call("/api/render-queue/messages/pull", {
    json: { batch_size: 100, visibility_timeout_ms: visibilityMs },
  });
  expect(answer.status).toBe(200);
  const { result } = await answer.json<{ result: { messages: Pulled[] } }>();
  const mine = result.messages.find((m) => JSON.parse(m.body).jobId === jobId);
  const others = result.messages.filter((m) => m !== mine).map((m) => ({ lease_id: m.lease_id, delay_seconds: 0 }));
  if (others.length) await call("/api/render-queue/messages/ack", { json: { retries: others } });
  return mine;
}

const ack = (leaseId: string) => call("/api/render-queue/messages/ack", { json: { acks: [{ lease_id: leaseId }] } });
const retry = (leaseId: string) =>
  call("/api/render-queue/messages/ack", { json: { retries: [{ lease_id: leaseId, delay_seconds: 0 }] } });

/** The renderer's loop for one message: claim, run on the stand-in, report, then ack or retry. */
async function runPulled(message: Pulled) {
  const { jobId } = JSON.parse(message.body) as { jobId: string; claimUrl: string };
  const claimed = await claim(jobId);
  if (!claimed) return ack(message.lease_id);
  const answer = await renderer(claimed.path, { jobId, input: claimed.input, callbackUrl: claimed.callbackUrl });
  const outcome = reportOf({ status: answer.status, body: await answer.json().catch(() => null) });
  const accepted = await report(claimed.callbackUrl, outcome);
  expect(accepted.ok).toBe(true);
  return outcome.status === "failed" && outcome.retry ? retry(message.lease_id) : ack(message.lease_id);
}

/** Lets a lease run out, as if its visibility timeout had passed and its attempt had gone silent for longer than the lapse. */
const expireLease = (jobId: string) =>
  db
    .update(jobs)
    .set({ leaseUntil: 1, updatedAt: new Date(Date.now() - LEASE_LAPSE_MS - 1_000) })
    .where(eq(jobs.id, jobId));

/** As if the attempt's last sign of life (claim, progress, heartbeat) was `ms` ago. */
const silentFor = (jobId: string, ms: number) =>
  db
    .update(jobs)
    .set({ updatedAt: new Date(Date.now() - ms) })
    .where(eq(jobs.id, jobId));

const row = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const file = async (id: string) => (await db.select().from(files).where(eq(files.id, id)))[0]!;
const render = async (id: string) => (await db.select().from(renders).where(eq(renders.id, id)))[0]!;

let renderer: ReturnType<typeof vi.fn<(path: string, body: any) => Promise<Response>>>;
beforeEach(() => {
  renderer = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe("probe jobs, pulled by the renderer", () => {
  it("come with a signed claim; the claim gives a signed input URL; the done report records the facts", async () => {
    const { jobId, fileId } = await probeJob();
    renderer.mockResolvedValue(
      Response.json({
        jobId,
        result: { durationSeconds: 2.04, frameRate: 25, resolution: "320x240", peaks: [0.1, 0.5, 0.25] },
      }),
    );
    const message = await pull(jobId);
    expect(JSON.parse(message!.body).claimUrl).toMatch(new RegExp(`/api/jobs/${jobId}/claim\\?token=`));
    expect((await runPulled(message!)).status).toBe(200);

    const [path, body] = renderer.mock.calls[0]!;
    expect(path).toBe("/jobs/probe");
    expect(body.jobId).toBe(jobId);
    expect(body.input.url).toMatch(/^http:\/\/localhost\/api\/storage\/get\//);
    expect(await file(fileId)).toMatchObject({
      durationSeconds: 2.04,
      frameRate: 25,
      resolution: "320x240",
      probeStatus: "done",
      peaks: [0.1, 0.5, 0.25], // computed at probe time (issue 28 §3)
    });
    expect(await row(jobId)).toMatchObject({ status: "done", progress: 100, attempts: 1 });
    // Acknowledged: never delivered again.
    await expireLease(jobId);
    expect(await pull(jobId)).toBeUndefined();
  });

  it("fail at once, with the renderer's reason, when the input is unreadable", async () => {
    const { jobId, fileId } = await probeJob();
    renderer.mockResolvedValue(
      Response.json(
        { jobId, error: { code: "probe_failed", message: "Invalid data found when processing input" } },
        { status: 422 },
      ),
    );
    await runPulled((await pull(jobId))!);
    expect(await row(jobId)).toMatchObject({ status: "failed", error: "Invalid data found when processing input" });
    expect(await file(fileId)).toMatchObject({
      probeStatus: "failed",
      probeError: "Invalid data found when processing input",
    });
    expect(await pull(jobId)).toBeUndefined();
  });

  it("are delivered again when the renderer had trouble of its own, never left running", async () => {
    const { jobId, fileId } = await probeJob();
    renderer.mockResolvedValue(
      Response.json({ jobId, error: { code: "busy", message: "too many jobs are waiting" } }, { status: 503 }),
    );
    await runPulled((await pull(jobId))!);
    expect(await row(jobId)).toMatchObject({ status: "queued", error: "too many jobs are waiting" });

    renderer.mockResolvedValue(
      Response.json({ jobId, result: { durationSeconds: 1, frameRate: null, resolution: null } }),
    );
    const again = await pull(jobId);
    expect(again!.attempts).toBe(2);
    await runPulled(again!);
    expect(await row(jobId)).toMatchObject({ status: "done", attempts: 2 });
    expect(await file(fileId)).toMatchObject({ probeStatus: "done", durationSeconds: 1 });
  });

  it("skip a job whose file was deleted meanwhile: the claim says so and the message is acknowledged", async () => {
    const { jobId, fileId } = await probeJob();
    await db.delete(files).where(eq(files.id, fileId));
    await runPulled((await pull(jobId))!);
    expect(renderer).not.toHaveBeenCalled();
    expect((await row(jobId)).status).toBe("done");
    expect(await pull(jobId)).toBeUndefined();
  });
});

describe("a render whose renderer is killed mid-way", () => {
  it("is delivered again when its lease runs out, and after the last delivery ends failed with a reason", async () => {
    const renderId = await renderJob();
    // Each delivery: claimed, one progress report, then the renderer dies (no report, no ack).
    for (let attempt = 1; attempt <= MAX_DELIVERIES; attempt++) {
      const message = await pull(renderId);
      expect(message!.attempts).toBe(attempt);
      const claimed = await claim(renderId);
      expect(await render(renderId)).toMatchObject({ status: "running" });
      expect((await report(claimed!.callbackUrl, { status: "running", progress: 40 })).status).toBe(204);
      await expireLease(renderId);
    }
    // The next pull finds it has used every delivery: failed through its kind, the render too.
    expect(await pull(renderId)).toBeUndefined();
    const job = await row(renderId);
    expect(job.status).toBe("failed");
    expect(job.error).toBe(`Gave up after ${MAX_DELIVERIES} attempts: the renderer stopped answering`);
    expect(await render(renderId)).toMatchObject({ status: "failed", error: job.error });
  });
});

describe("a render longer than a queue consumer may run", () => {
  it("is not failed while it reports progress, and finishes by its callback", async () => {
    const renderId = await renderJob();
    const claimed = await claim(renderId);
    // 40 minutes in (past the 15-minute consumer limit and the sweep's limit), still reporting.
    await db
      .update(jobs)
      .set({ updatedAt: new Date(Date.now() - STALE_RUNNING_MS - 40 * 60_000) })
      .where(eq(jobs.id, renderId));
    expect((await report(claimed!.callbackUrl, { status: "running", progress: 70 })).status).toBe(204);
    await runSweeps(env);
    expect(await row(renderId)).toMatchObject({ status: "running", progress: 70 });
    expect(await render(renderId)).toMatchObject({ status: "running" });

    const result = { method: "copy", durationSeconds: 3000, frameRate: 25, resolution: "1280x720", size: 1234 };
    expect((await report(claimed!.callbackUrl, { status: "done", result })).status).toBe(204);
    expect(await row(renderId)).toMatchObject({ status: "done", progress: 100 });
    expect(await render(renderId)).toMatchObject({ status: "done", durationSeconds: 3000, size: 1234 });
  });
});

describe("the completion callback", () => {
  it("is idempotent: a duplicate or late report changes nothing", async () => {
    const renderId = await renderJob();
    const claimed = await claim(renderId);
    const result = { method: "copy", durationSeconds: 10, frameRate: 25, resolution: "640x360", size: 100 };
    expect((await report(claimed!.callbackUrl, { status: "done", result })).status).toBe(204);
    const before = { job: await row(renderId), render: await render(renderId) };

    const duplicate = await report(claimed!.callbackUrl, { status: "done", result: { ...result, size: 999 } });
    expect(duplicate.status).toBe(200);
    expect(await duplicate.json()).toMatchObject({ ignored: true });
    const failedLate = await report(claimed!.callbackUrl, {
      status: "failed",
      error: { code: "internal", message: "late" },
    });
    expect(failedLate.status).toBe(200);
    await report(claimed!.callbackUrl, { status: "running", progress: 5 });
    expect(await row(renderId)).toEqual(before.job);
    expect(await render(renderId)).toEqual(before.render);
    // And the job can no longer be claimed.
    expect(await claim(renderId)).toBeNull();
  });

  it("refuses forged reports and claims", async () => {
    const renderId = await renderJob();
    const other = await renderJob();
    const claimed = await claim(renderId);
    const result = { method: "copy", durationSeconds: 10, frameRate: 25, resolution: "640x360", size: 100 };
    const path = new URL(claimed!.callbackUrl).pathname;
    expect((await call(`${path}?attempt=1&token=forged`, { json: { status: "done", result } })).status).toBe(403);
    const othersToken = new URL(await progressUrl("http://localhost", env.SESSION_SECRET, other, 1)).search;
    expect((await call(`${path}${othersToken}`, { json: { status: "done", result } })).status).toBe(403);
    expect((await call(`/api/jobs/${other}/claim?token=forged`, { json: {} })).status).toBe(403);
    expect((await call(`/api/jobs/${other}/claim${othersToken}`, { json: {} })).status).toBe(403);
    expect(await row(renderId)).toMatchObject({ status: "running" });
    expect(await row(other)).toMatchObject({ status: "queued" });
    expect(await render(renderId)).toMatchObject({ status: "running" });
  });
});

describe("a renderer killed mid-job (ADR 033: leases renewed by heartbeat)", () => {
  it("has its job running again within about a minute of its last heartbeat, the page saying so meanwhile", async () => {
    const renderId = await renderJob();
    const { userId } = (await row(renderId))!;
    const first = await pull(renderId, 31 * 60_000); // pulled with the long visibility timeout the renderer uses
    const claimed = await claim(renderId);
    expect(claimed!.callbackUrl).toMatch(/[?&]attempt=1&/);
    expect((await report(claimed!.callbackUrl, { status: "running", progress: 19 })).status).toBe(204);
    // What the Sequence page polls (GET /api/renders/status).
    const status = async () => (await renderStatus(makeDeps(env, "http://localhost"), userId, [renderId]))[0]!;
    expect(await status()).toMatchObject({ status: "running", progress: 19, retrying: false });

    // Killed: no heartbeat any more. A few missed heartbeats in, the page stops showing a frozen 19 %.
    await silentFor(renderId, 25_000);
    expect(await status()).toMatchObject({ status: "running", retrying: true });
    // 50 s of silence: the lease still holds; nobody else may take the job, and a claim is refused.
    await silentFor(renderId, 50_000);
    expect(await pull(renderId)).toBeUndefined();
    expect(await claim(renderId)).toBeNull();
    // A minute of silence: the lease has lapsed, and the next pull delivers the job again.
    await silentFor(renderId, LEASE_LAPSE_MS + 1_000);
    const again = await pull(renderId);
    expect(again).toBeDefined();
    expect(again!.lease_id).not.toBe(first!.lease_id);
    expect(await render(renderId)).toMatchObject({ status: "queued", error: INTERRUPTED });
    expect(await status()).toMatchObject({ status: "queued", retrying: true });
    const second = await claim(renderId);
    expect(second!.callbackUrl).toMatch(/[?&]attempt=2&/);
    expect(await row(renderId)).toMatchObject({ status: "running", attempts: 2 });
    expect(await status()).toMatchObject({ status: "running", progress: 0, retrying: false });
  });

  it("is leased again by the scheduled sweep in production (a new message), or failed once every delivery is used", async () => {
    const renderId = await renderJob();
    await claim(renderId);
    await silentFor(renderId, LEASE_LAPSE_MS - 5_000);
    await runSweeps(env);
    expect(await row(renderId)).toMatchObject({ status: "running" });
    await silentFor(renderId, LEASE_LAPSE_MS + 1_000);
    await runSweeps(env);
    expect(await row(renderId)).toMatchObject({ status: "queued", error: INTERRUPTED });
    expect(await render(renderId)).toMatchObject({ status: "queued", error: INTERRUPTED });

    await db.update(jobs).set({ attempts: MAX_DELIVERIES }).where(eq(jobs.id, renderId));
    await claim(renderId);
    await silentFor(renderId, LEASE_LAPSE_MS + 1_000);
    await runSweeps(env);
    expect(await row(renderId)).toMatchObject({
      status: "failed",
      error: `Gave up after ${MAX_DELIVERIES + 1} attempts: the renderer stopped answering`,
    });
    expect(await render(renderId)).toMatchObject({ status: "failed" });
  });
});

describe("a superseded attempt (fencing token in the lease)", () => {
  it("has its reports refused and its output discarded; the current attempt's output is the render's", async () => {
    const renderId = await renderJob();
    const { userId } = (await row(renderId))!;
    const one = await claim(renderId);
    // Attempt 1 goes silent (a network split), its job is leased again and claimed as attempt 2.
    await silentFor(renderId, LEASE_LAPSE_MS + 1_000);
    expect(await pull(renderId)).toBeDefined();
    const two = await claim(renderId);
    expect(two!.callbackUrl).not.toBe(one!.callbackUrl);
    const oneKey = `users/${userId}/renders/${renderId}.1.mp4`;
    const twoKey = `users/${userId}/renders/${renderId}.2.mp4`;
    // Each attempt is handed its own output key.
    const putKey = async (claimed: typeof one) => {
      const signed = new URL((claimed!.input as { output: { url: string } }).output.url).pathname.split("/").pop()!;
      return (await new DevStorageSigner(env.SESSION_SECRET, "http://localhost").verify(signed, "put"))?.key;
    };
    expect(await putKey(one)).toBe(oneKey);
    expect(await putKey(two)).toBe(twoKey);

    // Attempt 1 wakes up, uploads and reports done: refused, its upload deleted, nothing recorded.
    await env.FILES.put(oneKey, "attempt one");
    const result = { method: "copy", durationSeconds: 10, frameRate: 25, resolution: "640x360", size: 11 };
    const stale = await report(one!.callbackUrl, { status: "done", result });
    expect(stale.status).toBe(409);
    expect((await stale.json<{ error: { code: string } }>()).error.code).toBe("attempt_superseded");
    expect(await env.FILES.head(oneKey)).toBeNull();
    expect((await report(one!.callbackUrl, { status: "running", progress: 90 })).status).toBe(409);
    expect(await row(renderId)).toMatchObject({ status: "running", attempts: 2 });
    expect(await render(renderId)).toMatchObject({ status: "running" });

    await env.FILES.put(twoKey, "attempt two");
    expect((await report(two!.callbackUrl, { status: "done", result })).status).toBe(204);
    expect(await render(renderId)).toMatchObject({ status: "done", key: twoKey });
    // Still refused after the job ended, and the render keeps attempt 2's file.
    await env.FILES.put(oneKey, "attempt one, later");
    expect((await report(one!.callbackUrl, { status: "done", result: { ...result, size: 99 } })).status).toBe(409);
    expect(await env.FILES.head(oneKey)).toBeNull();
    expect(await render(renderId)).toMatchObject({ status: "done", key: twoKey, size: 11 });
    expect(await (await env.FILES.get(twoKey))!.text()).toBe("attempt two");
  });
});
