// The renderer's pull side (ADR 014) against local fake servers: the request
// shapes of Cloudflare Queues' HTTP pull API, and the pull loop's claim → run
// → report → ack/retry order.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { cloudflareQueueUrl, type JobSource, queuePullSource } from "./src/job-source.ts";
import { startPuller } from "./src/puller.ts";
import { until } from "./test-support.ts";

type Seen = { method: string; path: string; headers: IncomingMessage["headers"]; body: any };
type Handler = (seen: Seen) => { status?: number; body: unknown };

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A local HTTP server answering JSON; every request is recorded. */
async function fakeServer(handler: Handler) {
  const seen: Seen[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const request = { method: req.method!, path: req.url!, headers: req.headers, body: text ? JSON.parse(text) : null };
    seen.push(request);
    const answer = handler(request);
    res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe("the Cloudflare Queues HTTP pull client", () => {
  it("pulls, acks and retries with the API's paths, token and bodies, and decodes JSON bodies", async () => {
    const api = await fakeServer(({ path }) =>
      path.endsWith("/messages/pull")
        ? {
            body: {
              success: true,
              errors: [],
              result: {
                message_backlog_count: 1,
                messages: [
                  {
                    id: "m1",
                    lease_id: "lease-1",
                    attempts: 2,
                    timestamp_ms: 1,
                    body: JSON.stringify({ jobId: "j1", kind: "render", claimUrl: "http://app/claim" }),
                  },
                ],
              },
            },
          }
        : { body: { success: true, errors: [], result: { ackCount: 1, retryCount: 0 } } },
    );
    const baseUrl = cloudflareQueueUrl("acc-1", "queue-9", `${api.base}/client/v4`);
    const source = queuePullSource({ baseUrl, token: "secret-token" });

    expect(await source.pull(3, 1_860_000)).toEqual([
      { leaseId: "lease-1", attempts: 2, body: { jobId: "j1", kind: "render", claimUrl: "http://app/claim" } },
    ]);
    await source.ack("lease-1");
    await source.retry("lease-2", 30);

    expect(api.seen.map((s) => [s.method, s.path])).toEqual([
      ["POST", "/client/v4/accounts/acc-1/queues/queue-9/messages/pull"],
      ["POST", "/client/v4/accounts/acc-1/queues/queue-9/messages/ack"],
      ["POST", "/client/v4/accounts/acc-1/queues/queue-9/messages/ack"],
    ]);
    for (const s of api.seen) {
      expect(s.headers.authorization).toBe("Bearer secret-token");
      expect(s.headers["content-type"]).toBe("application/json");
    }
    expect(api.seen[0]!.body).toEqual({ batch_size: 3, visibility_timeout_ms: 1_860_000 });
    expect(api.seen[1]!.body).toEqual({ acks: [{ lease_id: "lease-1" }], retries: [] });
    expect(api.seen[2]!.body).toEqual({ acks: [], retries: [{ lease_id: "lease-2", delay_seconds: 30 }] });
  });

  it("throws the API's errors instead of treating them as an empty queue", async () => {
    const api = await fakeServer(() => ({
      status: 403,
      body: { success: false, errors: [{ code: 10000, message: "Authentication error" }], result: null },
    }));
    const source = queuePullSource({ baseUrl: `${api.base}/q`, token: "bad" });
    await expect(source.pull(1, 1000)).rejects.toThrow(/Authentication error/);
  });
});

describe("the pull loop", () => {
  /** An in-memory queue: the messages to hand out once, and what happened to each lease. */
  function memoryQueue(messages: { leaseId: string; body: unknown }[]) {
    const outcomes: string[] = [];
    const source: JobSource = {
      async pull(max) {
        return messages.splice(0, max).map((m) => ({ ...m, attempts: 1 }));
      },
      async ack(leaseId) {
        outcomes.push(`ack ${leaseId}`);
      },
      async retry(leaseId, delay) {
        outcomes.push(`retry ${leaseId} ${delay}`);
      },
    };
    return { source, outcomes };
  }

  it("claims, runs, reports and only then acks; retries the renderer's own trouble; leaves an unaccepted report", async () => {
    let refuseReports = false;
    const app = await fakeServer(({ path }) => {
      const job = /\/jobs\/([^/]+)\//.exec(path)?.[1];
      if (path.includes("/claim")) {
        if (job === "ended") return { status: 409, body: { error: { code: "job_ended", message: "ended" } } };
        return {
          body: {
            jobId: job,
            kind: "probe",
            path: "/jobs/probe",
            input: { url: "x" },
            callbackUrl: `${app.base}/api/jobs/${job}/progress?token=t`,
          },
        };
      }
      return refuseReports && job === "lost" ? { status: 500, body: {} } : { status: 204, body: null };
    });
    const claimUrl = (job: string) => `${app.base}/api/jobs/${job}/claim?token=c`;
    const { source, outcomes } = memoryQueue([
      { leaseId: "L-ok", body: { jobId: "ok", claimUrl: claimUrl("ok") } },
      { leaseId: "L-ended", body: { jobId: "ended", claimUrl: claimUrl("ended") } },
      { leaseId: "L-busy", body: { jobId: "busy", claimUrl: claimUrl("busy") } },
      { leaseId: "L-bad", body: { jobId: "bad", claimUrl: claimUrl("bad") } },
      { leaseId: "L-lost", body: { jobId: "lost", claimUrl: claimUrl("lost") } },
    ]);
    refuseReports = true;
    const ran: string[] = [];
    const renderer = {
      limiter: { max: 2 },
      async run(kind: string, jobId: string) {
        ran.push(`${kind} ${jobId}`);
        if (jobId === "busy")
          return { status: 503, body: { jobId, error: { code: "busy", message: "too many jobs" } } };
        if (jobId === "bad")
          return { status: 422, body: { jobId, error: { code: "probe_failed", message: "Invalid data" } } };
        return { status: 200, body: { jobId, result: { durationSeconds: 1 } } };
      },
    };
    const puller = startPuller(renderer as never, source, { visibilityMs: 60_000, idleMs: 10, log: () => {} });
    await until(() => outcomes.length === 4 && app.seen.filter((s) => s.path.includes("/progress")).length === 4);
    await puller.stop();

    expect(ran.sort()).toEqual(["probe bad", "probe busy", "probe lost", "probe ok"]);
    expect(outcomes.sort()).toEqual(["ack L-bad", "ack L-ended", "ack L-ok", "retry L-busy 30"]);
    const reports = Object.fromEntries(
      app.seen.filter((s) => s.path.includes("/progress")).map((s) => [/\/jobs\/([^/]+)\//.exec(s.path)![1], s.body]),
    );
    expect(reports.ok).toEqual({ status: "done", result: { durationSeconds: 1 } });
    expect(reports.busy).toEqual({ status: "failed", error: { code: "busy", message: "too many jobs" }, retry: true });
    expect(reports.bad).toEqual({
      status: "failed",
      error: { code: "probe_failed", message: "Invalid data" },
      retry: false,
    });
  });
});
