// The renderer's HTTP server: GET /health and POST /jobs/<kind>. It owns
// nothing but ffmpeg; inputs and outputs move through signed URLs handed over
// with each job, never through the Worker.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Config } from "./config.ts";
import {
  type AnyJobKind,
  type Fields,
  isObject,
  JobAborted,
  type JobContext,
  JobFailed,
  parseEnvelope,
  seconds,
} from "./jobs.ts";
import { Limiter, QueueFull } from "./limiter.ts";
import { poster } from "./poster.ts";
import { preview } from "./preview.ts";
import { probe } from "./probe.ts";
import { binaryVersion, runProcess, SpawnFailed } from "./process.ts";
import { progressReporter } from "./progress.ts";
import { render } from "./render.ts";
import type { Answer } from "./report.ts";
import { segment } from "./segment.ts";

export type { Answer };

/** Every job kind the renderer runs; package joins here. */
export const jobKinds: Record<string, AnyJobKind> = {
  [probe.kind]: probe,
  [render.kind]: render,
  [preview.kind]: preview,
  [poster.kind]: poster,
  [segment.kind]: segment,
};

type Log = (message: string) => void;

export type Renderer = {
  server: Server;
  limiter: Limiter;
  /** Runs a job pulled from the queue (src/puller.ts): the same checks, slots and answers as POST /jobs/<kind>. */
  run(kind: string, jobId: string, input: unknown, callbackUrl?: string): Promise<Answer | undefined>;
  /** Stops accepting, lets running jobs end (up to SHUTDOWN_GRACE_MS), then kills the rest. */
  shutdown(): Promise<void>;
};

class BadRequest extends Error {
  readonly fields: Fields | undefined;

  constructor(message: string, fields?: Fields) {
    super(message);
    this.fields = fields;
  }
}

function send(res: ServerResponse, { status, body }: Answer, headers: Record<string, string> = {}) {
  if (res.writableEnded || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

function invalid(message: string, fields?: Fields): Answer {
  return { status: 400, body: { error: fields ? { code: "invalid", message, fields } : { code: "invalid", message } } };
}

async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) throw new BadRequest(`request body exceeds ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BadRequest(`request body exceeds ${limit} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") throw new BadRequest("request body must be JSON");
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest("request body must be JSON");
  }
}

function describeFields(fields: Fields): string {
  return Object.entries(fields)
    .map(([field, problem]) => `${field} ${problem}`)
    .join("; ");
}

export function createRenderer(config: Config, log: Log = (message) => console.log(message)): Renderer {
  const limiter = new Limiter(config.maxConcurrentJobs, config.maxQueuedJobs);
  /** Aborts for the jobs currently holding a slot. */
  const running = new Set<AbortController>();
  let shuttingDown = false;

  async function health(): Promise<Answer> {
    const [ffmpeg, ffprobe] = await Promise.all([binaryVersion(config.ffmpegPath), binaryVersion(config.ffprobePath)]);
    const ok = Boolean(ffmpeg && ffprobe) && !shuttingDown;
    return {
      status: ok ? 200 : 503,
      body: {
        ok,
        ffmpeg,
        ffprobe,
        jobs: { running: limiter.active, queued: limiter.queued, limit: limiter.max },
        ...(shuttingDown ? { shuttingDown: true } : {}),
      },
    };
  }

  async function job(kind: AnyJobKind, req: IncomingMessage, res: ServerResponse): Promise<Answer | undefined> {
    let body: unknown;
    try {
      body = await readJson(req, config.maxBodyBytes);
    } catch (error) {
      if (error instanceof BadRequest) return invalid(error.message);
      throw error;
    }
    const envelope = parseEnvelope(body);
    // Report the envelope's and the input's problems together.
    const rawInput = isObject(body) ? body.input : undefined;
    const input = isObject(rawInput) ? kind.parseInput(rawInput) : undefined;
    if (!envelope.ok || !input?.ok) {
      const fields = { ...(envelope.ok ? {} : envelope.fields), ...(input && !input.ok ? input.fields : {}) };
      return invalid(describeFields(fields), fields);
    }
    const controller = new AbortController();
    // The client gave up (the Worker went away): stop working for nobody.
    res.on("close", () => {
      if (!res.writableFinished) controller.abort(new JobAborted("disconnect", "the client disconnected"));
    });
    return execute(kind, envelope.value.jobId, input.value, envelope.value.callbackUrl, controller);
  }

  /** Runs one parsed job in a slot: the same for a job posted to /jobs/<kind> and one pulled from the queue. */
  async function execute(
    kind: AnyJobKind,
    jobId: string,
    input: unknown,
    callbackUrl: string | undefined,
    controller: AbortController,
  ): Promise<Answer | undefined> {
    const fail = (status: number, code: string, message: string): Answer => ({
      status,
      body: { jobId, error: { code, message } },
    });
    if (shuttingDown) return fail(503, "shutting_down", "the renderer is shutting down");

    let release: () => void;
    try {
      release = await limiter.acquire(controller.signal);
    } catch (error) {
      if (error instanceof QueueFull) return fail(503, "busy", "too many jobs are waiting; try again later");
      if (error instanceof JobAborted && error.why === "shutdown") return fail(503, "shutting_down", error.message);
      log(`job ${kind.kind} ${jobId}: left the queue (${(error as Error).message})`);
      return undefined;
    }

    const started = Date.now();
    const limitMs = kind.timeoutMs(config);
    const progress = progressReporter(jobId, callbackUrl, {
      timeoutMs: config.callbackTimeoutMs,
      log,
      heartbeatMs: config.heartbeatIntervalMs,
      onSuperseded: () => controller.abort(new JobAborted("superseded", "another attempt of the job holds its lease")),
    });
    const timer = setTimeout(
      () => controller.abort(new JobAborted("timeout", `timed out after ${seconds(limitMs)}`)),
      limitMs,
    );
    running.add(controller);
    let current = "the job";
    const context: JobContext = {
      jobId,
      config,
      signal: controller.signal,
      progress: (percent) => progress.report(percent),
      log: (message) => log(`job ${kind.kind} ${jobId}: ${message}`),
      doing(what) {
        current = what;
      },
      exec(tool, args, options = {}) {
        current = tool;
        const bin = tool === "ffmpeg" ? config.ffmpegPath : config.ffprobePath;
        return runProcess(bin, args, { signal: controller.signal, onStdout: options.onStdout });
      },
    };
    log(`job ${kind.kind} ${jobId}: started`);
    progress.report(0);

    let answer: Answer | undefined;
    try {
      const result = await kind.run(input, context);
      controller.signal.throwIfAborted();
      answer = { status: 200, body: { jobId, result } };
    } catch (caught) {
      const error = controller.signal.aborted ? controller.signal.reason : caught;
      if (error instanceof JobFailed) {
        answer = fail(error.status, error.code, error.message);
      } else if (error instanceof JobAborted) {
        if (error.why === "timeout") answer = fail(422, `${kind.kind}_failed`, `${current} ${error.message}`);
        else if (error.why === "shutdown") answer = fail(503, "shutting_down", error.message);
        else if (error.why === "superseded") answer = fail(409, "superseded", error.message);
        // disconnect: nobody is listening
      } else if (error instanceof SpawnFailed) {
        answer = fail(500, "internal", error.message);
      } else {
        log(`job ${kind.kind} ${jobId}: ${(error as Error)?.stack ?? String(error)}`);
        answer = fail(500, "internal", "the renderer failed unexpectedly");
      }
    } finally {
      clearTimeout(timer);
      running.delete(controller);
      release();
    }
    // A late "running" must not land after the consumer has recorded the outcome.
    await progress.close(1_000);
    const outcome = answer
      ? `${answer.status}${answer.status === 200 ? "" : ` ${JSON.stringify(answer.body)}`}`
      : "abandoned (client gone)";
    log(`job ${kind.kind} ${jobId}: ${outcome} in ${Date.now() - started} ms`);
    return answer;
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<Answer | undefined> {
    const path = new URL(req.url ?? "/", "http://renderer").pathname;
    if (path === "/health") {
      if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed("GET");
      return health();
    }
    const match = /^\/jobs\/([^/]+)$/.exec(path);
    if (match) {
      const kind = Object.hasOwn(jobKinds, match[1]!) ? jobKinds[match[1]!] : undefined;
      if (!kind)
        return { status: 404, body: { error: { code: "not_found", message: `Unknown job kind: ${match[1]}` } } };
      if (req.method !== "POST") return methodNotAllowed("POST");
      return job(kind, req, res);
    }
    return { status: 404, body: { error: { code: "not_found", message: "Not Found" } } };
  }

  function methodNotAllowed(allow: string): Answer {
    return { status: 405, body: { error: { code: "method_not_allowed", message: `Use ${allow}` } } };
  }

  const server = createServer((req, res) => {
    route(req, res).then(
      (answer) => {
        if (!answer) return res.destroy();
        send(res, answer, shuttingDown ? { connection: "close" } : {});
      },
      (error: unknown) => {
        log(`${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`);
        send(res, { status: 500, body: { error: { code: "internal", message: "the renderer failed unexpectedly" } } });
      },
    );
  });

  let shutdownPromise: Promise<void> | undefined;
  function shutdown(): Promise<void> {
    shutdownPromise ??= (async () => {
      shuttingDown = true;
      log(`renderer shutting down: ${running.size} running, ${limiter.queued} queued`);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      limiter.refuseWaiting(new JobAborted("shutdown", "the renderer is shutting down"));
      const deadline = Date.now() + config.shutdownGraceMs;
      while (running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      for (const controller of running) {
        controller.abort(new JobAborted("shutdown", "the renderer shut down before the job finished"));
      }
      // Give the aborted jobs a moment to answer, then drop whatever connections remain.
      const forced = setTimeout(() => server.closeAllConnections(), 1_500);
      await closed;
      clearTimeout(forced);
      log("renderer stopped");
    })();
    return shutdownPromise;
  }

  async function run(kindName: string, jobId: string, rawInput: unknown, callbackUrl?: string) {
    const kind = Object.hasOwn(jobKinds, kindName) ? jobKinds[kindName] : undefined;
    if (!kind)
      return { status: 404, body: { jobId, error: { code: "not_found", message: `Unknown job kind: ${kindName}` } } };
    const input = isObject(rawInput) ? kind.parseInput(rawInput) : undefined;
    if (!input?.ok) {
      const fields = input && !input.ok ? input.fields : { input: "must be an object" };
      return invalid(describeFields(fields), fields);
    }
    return execute(kind, jobId, input.value, callbackUrl, new AbortController());
  }

  return { server, limiter, run, shutdown };
}
