// The renderer's server as production runs it: a real process with the real
// ffmpeg — health, routing, the job queue and graceful shutdown.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeFfprobe, postJob, type RunningRenderer, startRenderer, until } from "./test-support.ts";

let renderer: RunningRenderer;
let scratch: string;
let slowFfprobe: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "renderer-server-"));
  slowFfprobe = await fakeFfprobe(scratch);
  renderer = await startRenderer();
}, 20_000);

afterAll(async () => {
  await renderer?.stop();
  await rm(scratch, { recursive: true, force: true });
});

const job = (jobId: string) => ({ jobId, input: { url: "http://127.0.0.1:9/any.mp4" } });

describe("renderer server", () => {
  it("reports healthy with the ffmpeg and ffprobe it will use", async () => {
    const response = await fetch(`${renderer.base}/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      ok: boolean;
      ffmpeg: string | null;
      ffprobe: string | null;
      jobs: unknown;
    };
    expect(body.ok).toBe(true);
    expect(body.ffmpeg).toMatch(/^ffmpeg version /);
    expect(body.ffprobe).toMatch(/^ffprobe version /);
    expect(body.jobs).toEqual({ running: 0, queued: 0, limit: 2 });
  });

  it("answers unknown paths with 404 in the API's error shape", async () => {
    const response = await fetch(`${renderer.base}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "Not Found" } });
  });

  it("answers unknown job kinds with 404 and known ones with 405 for other methods", async () => {
    const unknown = await postJob(renderer.base, "transmogrify", job("j"));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("not_found");
    const wrongMethod = await fetch(`${renderer.base}/jobs/probe`);
    expect(wrongMethod.status).toBe(405);
    const proto = await postJob(renderer.base, "__proto__", job("j"));
    expect(proto.status).toBe(404);
  });

  it("rejects oversized bodies with 400", async () => {
    const response = await postJob(renderer.base, "probe", { ...job("j"), padding: "x".repeat(300_000) });
    expect(response.status).toBe(400);
  });

  it("is unhealthy (503) when ffprobe is missing", async () => {
    const broken = await startRenderer({ FFPROBE_PATH: join(scratch, "no-such-ffprobe") });
    try {
      const response = await fetch(`${broken.base}/health`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { ok: boolean; ffmpeg: string | null; ffprobe: string | null };
      expect(body).toMatchObject({ ok: false, ffprobe: null });
      expect(body.ffmpeg).toMatch(/^ffmpeg version /);
      // A job cannot run either; that is the renderer's fault, so 500 (retry), not 422.
      const answer = await postJob(broken.base, "probe", job("j-missing"));
      expect(answer.status).toBe(500);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("internal");
    } finally {
      await broken.stop();
    }
  });

  it("refuses to start with a malformed setting", async () => {
    await expect(startRenderer({ MAX_CONCURRENT_JOBS: "lots" })).rejects.toThrow(/MAX_CONCURRENT_JOBS/);
  });
});

describe("job queue", () => {
  // Each job takes 1 s, long enough that the first is still running while the test looks, even on a busy machine.
  it("runs at most MAX_CONCURRENT_JOBS processes and queues the rest", { timeout: 15_000 }, async () => {
    const queued = await startRenderer({
      FFPROBE_PATH: slowFfprobe,
      FAKE_FFPROBE_SLEEP: "1",
      MAX_CONCURRENT_JOBS: "1",
      MAX_QUEUED_JOBS: "2",
    });
    try {
      const started = Date.now();
      const answers = Promise.all(["a", "b", "c"].map((id) => postJob(queued.base, "probe", job(id))));
      let health: { jobs: { queued: number } } | undefined;
      await until(async () => {
        health = (await (await fetch(`${queued.base}/health`)).json()) as { jobs: { queued: number } };
        return health.jobs.queued === 2;
      });
      expect(health!.jobs).toEqual({ running: 1, queued: 2, limit: 1 });
      // The queue is full: a fourth job is turned away, retryably.
      const refused = await postJob(queued.base, "probe", job("d"));
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ jobId: "d", error: { code: "busy" } });
      const responses = await answers;
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_900); // one after another, not side by side
      const bodies = (await Promise.all(responses.map((r) => r.json()))) as { result: { durationSeconds: number } }[];
      expect(bodies.map((b) => b.result.durationSeconds)).toEqual([1.5, 1.5, 1.5]);
    } finally {
      await queued.stop();
    }
  });
});

describe("graceful shutdown (SIGTERM)", () => {
  it("stops accepting, lets running jobs finish and exits 0", async () => {
    const server = await startRenderer({
      FFPROBE_PATH: slowFfprobe,
      FAKE_FFPROBE_SLEEP: "0.6",
      MAX_CONCURRENT_JOBS: "1",
    });
    try {
      const running = postJob(server.base, "probe", job("running"));
      const waiting = postJob(server.base, "probe", job("waiting"));
      await until(() => server.output().includes("job probe running: started"));
      server.child.kill("SIGTERM");
      const [finished, refused] = await Promise.all([running, waiting]);
      expect(finished.status).toBe(200);
      expect(((await finished.json()) as { jobId: string }).jobId).toBe("running");
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ jobId: "waiting", error: { code: "shutting_down" } });
      expect(await server.exited).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it("kills jobs still running after SHUTDOWN_GRACE_MS and answers 503", async () => {
    const server = await startRenderer({
      FFPROBE_PATH: slowFfprobe,
      FAKE_FFPROBE_SLEEP: "30",
      SHUTDOWN_GRACE_MS: "300",
    });
    try {
      const running = postJob(server.base, "probe", job("stuck"));
      await until(() => server.output().includes("job probe stuck: started"));
      const signalled = Date.now();
      server.child.kill("SIGTERM");
      const answer = await running;
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ jobId: "stuck", error: { code: "shutting_down" } });
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(3_000);
    } finally {
      await server.stop();
    }
  });
});
