// The renderer's pull loop (ADR 014): while it has a free slot it pulls job
// messages, claims each job from the app (the message's signed claim URL
// answers the input and the callback URL), runs it like a posted job, and
// reports the outcome to the job's callback. Only once the app has accepted
// that report is the message acknowledged; a job the renderer could not run
// for reasons of its own (busy, shutting down, crashed) is retried. If the
// renderer dies, nothing is acknowledged and the queue delivers the job again.
// While a job runs its callback hears a heartbeat every few seconds (ADR 033),
// so the app leases a silent job again within about a minute; and the jobs
// this renderer holds are written to `heldFile`, so a restarted renderer
// releases them at once (a retry report and a retry of the message) instead
// of leaving them to that minute. A report refused because another attempt
// holds the job (409) ends this delivery: the message is acknowledged.
import { readFile, rename, writeFile } from "node:fs/promises";
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

/** A job this renderer claimed and has not finished: what a restart needs to release it. */
type Held = { jobId: string; leaseId: string; callbackUrl: string };

/** The report a restarted renderer sends for a job it held: try again (the app puts it back to queued). */
export const RESTARTED_REPORT = {
  status: "failed" as const,
  error: { code: "interrupted", message: "The renderer restarted during the job." },
  retry: true,
};

export function startPuller(
  renderer: Pick<Renderer, "limiter" | "run">,
  source: JobSource,
  options: {
    visibilityMs: number;
    idleMs?: number;
    retryDelaySeconds?: number;
    log: Log;
    /** Where the jobs it holds are kept across a restart; none: a restart leaves them to the lease's lapse. */
    heldFile?: string;
  },
): Puller {
  const idleMs = options.idleMs ?? 1_000;
  const retryDelay = options.retryDelaySeconds ?? 30;
  const { log, heldFile } = options;
  const inFlight = new Set<Promise<void>>();
  const held = new Map<string, Held>();
  let stopped = false;
  let saving = Promise.resolve();

  /** Writes the held jobs (whole, then renamed into place, one write at a time). */
  function saveHeld() {
    if (!heldFile) return Promise.resolve();
    const text = JSON.stringify([...held.values()]);
    saving = saving
      .then(async () => {
        await writeFile(`${heldFile}.tmp`, text);
        await rename(`${heldFile}.tmp`, heldFile);
      })
      .catch((error: unknown) =>
        log(`queue: could not keep the held jobs in ${heldFile}: ${(error as Error).message}`),
      );
    return saving;
  }

  /** After a restart: each job the previous run held goes back to the queue now. */
  async function releaseHeld() {
    if (!heldFile) return;
    let previous: Held[] = [];
    try {
      const parsed: unknown = JSON.parse(await readFile(heldFile, "utf8"));
      if (Array.isArray(parsed)) previous = parsed.filter((h): h is Held => typeof h?.callbackUrl === "string");
    } catch {
      return; // nothing held (no file), or nothing readable
    }
    for (const job of previous) {
      const answered = await post(job.callbackUrl, RESTARTED_REPORT).then(
        async (r) => {
          await r.body?.cancel();
          return r.status;
        },
        () => 0,
      );
      await source.retry(job.leaseId, 0).catch(() => {});
      log(`job ${job.jobId}: held when the renderer stopped; released (the app answered ${answered})`);
    }
    await saveHeld();
  }

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
    held.set(message.leaseId, { jobId: claimed.jobId, leaseId: message.leaseId, callbackUrl: claimed.callbackUrl });
    await saveHeld();
    let answered: number;
    let report: ReturnType<typeof reportOf>;
    try {
      report = reportOf(await renderer.run(kind, claimed.jobId, claimed.input, claimed.callbackUrl));
      answered = await post(claimed.callbackUrl, report).then(
        async (r) => {
          await r.body?.cancel();
          return r.status;
        },
        () => 0,
      );
    } finally {
      held.delete(message.leaseId);
      await saveHeld();
    }
    if (answered === 409) {
      log(`job ${claimed.jobId}: another attempt holds the job now; this delivery ends`);
      await source.ack(message.leaseId);
      return;
    }
    if (answered < 200 || answered >= 300) {
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

  const running = releaseHeld().then(loop);
  return {
    async stop() {
      stopped = true;
      await running;
      await Promise.allSettled(inFlight);
    },
  };
}
