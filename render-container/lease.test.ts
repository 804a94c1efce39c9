// Issue 37 item 2 (ADR 033), on the renderer's side, with the real server
// process: while a pulled job runs, its callback hears a heartbeat every few
// seconds (HEARTBEAT_INTERVAL_MS, short here) even when the percentage does
// not move; a renderer killed mid-job falls silent; a restarted one releases
// the job it held at once; and an attempt told that another holds the job
// (409) stops and ends its delivery. A small fake stands in for the queue and
// the app; the app's own side is tested in worker/jobs/pull.test.ts.
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RESTARTED_REPORT } from "./src/puller.ts";
import { type RunningRenderer, startRenderer, until } from "./test-support.ts";

type Report = { at: number; body: any };

/** The queue (one message, delivered once) and the app (claim, callback) a renderer pulls from. */
async function fakeApp(options: { callbackStatus?: number } = {}) {
  const reports: Report[] = [];
  const acks: any[] = [];
  const stalled: ServerResponse[] = [];
  let delivered = false;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (path === "/q/messages/pull") {
      const messages = delivered
        ? []
        : [{ lease_id: "lease-1", attempts: 1, body: JSON.stringify({ jobId: "job-k", claimUrl: `${base}/claim` }) }];
      delivered = true;
      return json(200, { success: true, result: { messages } });
    }
    if (path === "/q/messages/ack") {
      acks.push(JSON.parse(text));
      return json(200, { success: true, result: {} });
    }
    if (path === "/claim") {
      // A probe whose storage never answers: the job stays running until it is stopped.
      return json(200, {
        jobId: "job-k",
        kind: "probe",
        path: "/jobs/probe",
        input: { url: `${base}/stalled.mp4` },
        callbackUrl: `${base}/progress?attempt=1`,
      });
    }
    if (path === "/progress") {
      reports.push({ at: Date.now(), body: JSON.parse(text) });
      return options.callbackStatus
        ? json(options.callbackStatus, { error: { code: "attempt_superseded" } })
        : res.writeHead(204).end();
    }
    if (path === "/stalled.mp4") {
      stalled.push(res);
      return;
    }
    json(404, {});
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    reports,
    acks,
    close: () =>
      new Promise<void>((done) => {
        for (const res of stalled) res.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function pullingRenderer(app: Awaited<ReturnType<typeof fakeApp>>, heldFile: string) {
  const renderer = await startRenderer({
    QUEUE_PULL_URL: `${app.base}/q`,
    HEARTBEAT_INTERVAL_MS: "200",
    HELD_JOBS_FILE: heldFile,
  });
  cleanup.push(() => renderer.stop());
  return renderer;
}

describe("a pulled job's lease, kept by heartbeat", { timeout: 30_000 }, () => {
  it("is renewed every few seconds while the job works, falls silent when the renderer is killed, and is released at once by the restarted renderer", async () => {
    const app = await fakeApp();
    cleanup.push(app.close);
    const dir = await mkdtemp(join(tmpdir(), "renderer-held-"));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const heldFile = join(dir, "held.json");

    const first: RunningRenderer = await pullingRenderer(app, heldFile);
    // The percentage never moves (the probe waits on its storage), yet the callback keeps hearing from it.
    await until(() => app.reports.length >= 4, 10_000);
    expect(app.reports.every((r) => r.body.status === "running" && r.body.progress === 0)).toBe(true);
    const gaps = app.reports.slice(1).map((r, i) => r.at - app.reports[i]!.at);
    expect(Math.max(...gaps.slice(1))).toBeLessThan(1_500);

    first.child.kill("SIGKILL");
    await first.exited;
    const heard = app.reports.length;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(app.reports.length).toBe(heard); // silent: the app's lease lapses within its minute

    const restartedAt = Date.now();
    await pullingRenderer(app, heldFile);
    await until(() => app.acks.some((a) => a.retries?.some((r: any) => r.lease_id === "lease-1")), 10_000);
    const released = app.reports.find((r) => r.body.status === "failed");
    expect(released?.body).toEqual(RESTARTED_REPORT);
    expect(released!.at - restartedAt).toBeLessThan(5_000);
    expect(app.acks.find((a) => a.retries?.length)).toEqual({
      acks: [],
      retries: [{ lease_id: "lease-1", delay_seconds: 0 }],
    });
  });

  it("stops the job when the app answers that another attempt holds it, and ends its delivery", async () => {
    const app = await fakeApp({ callbackStatus: 409 });
    cleanup.push(app.close);
    const dir = await mkdtemp(join(tmpdir(), "renderer-held-"));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const renderer = await pullingRenderer(app, join(dir, "held.json"));
    await until(() => app.acks.some((a) => a.acks?.some((x: any) => x.lease_id === "lease-1")), 10_000);
    expect(renderer.output()).toMatch(/another attempt holds the job/);
    expect(renderer.output()).toMatch(/job probe job-k: 409/);
    // Nothing retried: the other attempt has the job.
    expect(app.acks.every((a) => (a.retries ?? []).length === 0)).toBe(true);
  });
});
