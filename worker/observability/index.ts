// What an operator reads: one request id per request, queue batch or cron run, one JSON log line
// per thing that happened (a job's state, a payment event, a fulfilment, a stitched delivery, a
// program applied, an API error), and the same event as a data point in Workers Analytics Engine.
//
//   observe("job.state", { jobId, kind, to: "done", durationMs });
//
// Every line carries the request id of the work it belongs to (`X-Request-Id` on the response, and
// `requestId` in every API error body), found through AsyncLocalStorage, so domain code deep in a
// webhook or a queue batch needs no request at hand. Workers Logs (`[observability]` in
// wrangler.toml) keeps the lines and indexes their JSON fields; `wrangler tail --format json` shows
// them live. Without a `METRICS` binding (tests) the log line is the only record.
import { AsyncLocalStorage } from "node:async_hooks";

export type Level = "debug" | "info" | "warn" | "error";

/** Ids and facts on a line: flat, so Workers Logs can filter by each field. */
export type Fields = Record<string, string | number | boolean | null | undefined>;

interface Scope {
  requestId: string;
  metrics?: AnalyticsEngineDataset;
}

const scopes = new AsyncLocalStorage<Scope>();

/** An incoming id is kept only if it is short and plain (it goes into headers, bodies and log queries). */
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The caller's `X-Request-Id`, else Cloudflare's `cf-ray`, else a new one. */
export function requestIdFor(request: Request): string {
  for (const name of ["x-request-id", "cf-ray"]) {
    const value = request.headers.get(name)?.trim();
    if (value && PLAIN_ID.test(value)) return value;
  }
  return crypto.randomUUID();
}

/** Runs `work` with `requestId` on every line it logs and `env.METRICS` for its data points. */
export function withRequestId<T>(requestId: string, env: { METRICS?: AnalyticsEngineDataset }, work: () => T): T {
  return scopes.run({ requestId, metrics: env.METRICS }, work);
}

/** The id of the request, queue batch or cron run being served; undefined outside one (a Durable Object). */
export function currentRequestId(): string | undefined {
  return scopes.getStore()?.requestId;
}

/** One JSON log line. */
export function log(level: Level, event: string, fields: Fields = {}) {
  const line = { ts: new Date().toISOString(), level, event, requestId: currentRequestId(), ...fields };
  console.log(JSON.stringify(line));
}

/**
 * A counter (and a timing, when `durationMs` is given) in Analytics Engine: index and first blob the
 * event, then the outcome (`to`, `outcome` or `status`); doubles 1 and the duration. Never throws.
 */
export function count(event: string, fields: Fields = {}) {
  const metrics = scopes.getStore()?.metrics;
  if (!metrics) return;
  const outcome = fields.to ?? fields.outcome ?? fields.status ?? "";
  const duration = typeof fields.durationMs === "number" ? fields.durationMs : 0;
  try {
    metrics.writeDataPoint({ indexes: [event], blobs: [event, String(outcome)], doubles: [1, duration] });
  } catch {
    // A metric is never worth failing the work it measures.
  }
}

/** What happened, as a log line and a data point: the one call the app's code makes. */
export function observe(event: string, fields: Fields = {}, level: Level = "info") {
  log(level, event, fields);
  count(event, fields);
}

/** Milliseconds since `start` (a `Date.now()` or a Date), for `durationMs`. */
export function since(start: number | Date) {
  return Date.now() - (typeof start === "number" ? start : start.getTime());
}

/** The response with `X-Request-Id` set (a copy when its headers are immutable; a WebSocket upgrade as it is). */
export function withRequestIdHeader(response: Response, requestId: string): Response {
  try {
    response.headers.set("x-request-id", requestId);
    return response;
  } catch {
    if (response.status === 101 || response.webSocket) return response;
    const copy = new Response(response.body, response);
    copy.headers.set("x-request-id", requestId);
    return copy;
  }
}

/** The job-state events' shape in one place: `to` is the new state; a finished job carries its age. */
export function observeJob(
  job: { id: string; kind: string; createdAt?: Date },
  to: "queued" | "handed-to-renderer" | "running" | "done" | "retrying" | "failed" | "superseded",
  fields: Fields = {},
) {
  const level: Level = to === "failed" ? "error" : to === "retrying" || to === "superseded" ? "warn" : "info";
  const age = (to === "done" || to === "failed") && job.createdAt ? { durationMs: since(job.createdAt) } : {};
  observe("job.state", { jobId: job.id, kind: job.kind, to, ...fields, ...age }, level);
}
