// The renderer's pull loop (ADR 014): while it has a free slot it pulls job
// messages, claims each job from the app (the message's signed claim URL
// answers the input and the callback URL), runs it like a posted job, and
// reports the outcome to the job's callback. Only once the app has accepted
// that report is the message acknowledged; a job the renderer could not run
// for reasons of its own (busy, shutting down, crashed) is retried. If the
// renderer dies, nothing is acknowledged and the queue delivers the job again.
import type { Renderer } from "./app.ts";
import type { JobSource, PulledMessage } from "./job-source.ts";
import { reportOf } from "./report.ts";

type Log = (message: string) => void;

export type Puller = { stop(): Promise<void> };

type Claimed = { jobId: string; path: string; input: unknown; callbackUrl: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isClaim(value: unknown): value is Claimed {
  const v = value as Claimed | null;
  return typeof v?.jobId === "string" && typeof v.path === "string" && typeof v.callbackUrl === "string";
}

export function startPuller(
  renderer: Pick<Renderer, "limiter" | "run">,
  source: JobSource,
  options: { visibilityMs: number; idleMs?: number; retryDelaySeconds?: number; log: Log },
): Puller {
  const idleMs = options.idleMs ?? 1_000;
  const retryDelay = options.retryDelaySeconds ?? 30;
  const { log } = options;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  async function post(url: string, body?: unknown) {
    return fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(30_000),
    });
  }

  async function handle(message: PulledMessage) {
    const body = message.body as { jobId?: string; claimUrl?: string } | null;
    if (typeof body?.claimUrl !== "string") {
      log(`queue: dropping a message that names no job: ${JSON.stringify(message.body)}`);
      await source.ack(message.leaseId);
      return;
    }
    const claim = await post(body.claimUrl);
    if (claim.status === 404 || claim.status === 409) {
      await claim.body?.cancel();
      await source.ack(message.leaseId); // the job is gone or has ended: nothing to do
      return;
    }
    const claimed = claim.ok ? await claim.json().catch(() => null) : null;
    if (!isClaim(claimed)) {
      await claim.body?.cancel().catch(() => {});
      log(`job ${body.jobId}: claim answered ${claim.status}; trying again in ${retryDelay} s`);
      await source.retry(message.leaseId, retryDelay);
      return;
    }
    const kind = claimed.path.replace(/^\/jobs\//, "");
    const report = reportOf(await renderer.run(kind, claimed.jobId, claimed.input, claimed.callbackUrl));
    const accepted = await post(claimed.callbackUrl, report).then(
      async (r) => {
        await r.body?.cancel();
        return r.ok;
      },
      () => false,
    );
    if (!accepted) {
      log(`job ${claimed.jobId}: the app did not take the ${report.status} report; the queue will deliver it again`);
      return;
    }
    if (report.status === "failed" && report.retry) await source.retry(message.leaseId, retryDelay);
    else await source.ack(message.leaseId);
  }

  async function loop() {
    let failures = 0;
    while (!stopped) {
      const free = renderer.limiter.max - inFlight.size;
      if (free <= 0) {
        await sleep(idleMs);
        continue;
      }
      let messages: PulledMessage[];
      try {
        messages = await source.pull(free, options.visibilityMs);
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1 || failures % 30 === 0) log(`queue: pull failed (${(error as Error).message})`);
        await sleep(Math.min(30_000, idleMs * 2 ** Math.min(failures, 5)));
        continue;
      }
      if (messages.length === 0) {
        await sleep(idleMs);
        continue;
      }
      for (const message of messages) {
        const task = handle(message)
          .catch((error: unknown) => log(`queue: ${(error as Error)?.stack ?? String(error)}`))
          .finally(() => inFlight.delete(task));
        inFlight.add(task);
      }
    }
  }

  const running = loop();
  return {
    async stop() {
      stopped = true;
      await running;
      await Promise.allSettled(inFlight);
    },
  };
}
