// The job protocol shared by every kind (probe, render; package next).
//
//   POST /jobs/<kind>  { jobId, input, callbackUrl? }
//   200 { jobId, result }                         the job finished
//   422 { jobId, error: { code: "<kind>_failed", message } }   the input cannot be processed; do not retry
//   503 { jobId, error: { code: "busy" | "shutting_down", message } }   try again (elsewhere / later)
//   503 { jobId, error: { code: "output_failed" | "no_space", message } }   render: the same, the upload or disk failed
//   500 { jobId, error: { code: "internal", message } }        the renderer is broken; retry
//   409 { jobId, error: { code: "superseded", message } }      the callback said another attempt holds the job now
//   400 { error: { code: "invalid", message, fields } }         the request itself is malformed
//
// A kind declares how to read its `input`, its time limit and how to run; the
// server around it (queueing, timeouts, disconnects, callbacks) is the same
// for all kinds.
import type { Config } from "./config.ts";
import type { ProcessResult } from "./process.ts";

export type Tool = "ffmpeg" | "ffprobe";

export type Fields = Record<string, string>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; fields: Fields };

export type JobContext = {
  jobId: string;
  config: Config;
  /** Aborts on timeout, client disconnect or shutdown; `exec` kills its process then. */
  signal: AbortSignal;
  /** 0..100; posted to the job's callbackUrl, if any. */
  progress(percent: number): void;
  /** Writes a line to the server's log, prefixed with the job's kind and id. */
  log(message: string): void;
  /** Names what the job is doing now, for a timeout's message ("<what> timed out after 60 s"); `exec` sets it to the tool. */
  doing(what: string): void;
  /** Runs ffmpeg or ffprobe (FFMPEG_PATH / FFPROBE_PATH). A job runs its processes one at a time. */
  exec(tool: Tool, args: readonly string[], options?: { onStdout?: (chunk: string) => void }): Promise<ProcessResult>;
};

export type JobKind<Input, Result> = {
  kind: string;
  timeoutMs(config: Config): number;
  parseInput(input: unknown): Parsed<Input>;
  run(input: Input, context: JobContext): Promise<Result>;
};

/** A job kind whose input and result types are no longer needed (the registry). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every input type; each kind parses its own
export type AnyJobKind = JobKind<any, unknown>;

/** A job that ended without a result; `status` and `code` go on the wire. */
export class JobFailed extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "JobFailed";
    this.status = status;
    this.code = code;
  }
}

/** `superseded`: the job was leased again, so this attempt's work would be refused (ADR 033). */
export type AbortCause = "timeout" | "disconnect" | "shutdown" | "superseded";

/** The reason a job's AbortSignal carries. */
export class JobAborted extends Error {
  readonly why: AbortCause;

  constructor(why: AbortCause, message: string) {
    super(message);
    this.name = "JobAborted";
    this.why = why;
  }
}

export type Envelope = { jobId: string; input: unknown; callbackUrl?: string };

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 8192) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks the envelope every kind shares; `input` is left to the kind. */
export function parseEnvelope(body: unknown): Parsed<Envelope> {
  if (!isObject(body)) return { ok: false, fields: { body: "must be a JSON object" } };
  const fields: Fields = {};
  const { jobId, input, callbackUrl } = body;
  if (typeof jobId !== "string" || jobId.trim() === "" || jobId.length > 200) {
    fields.jobId = "must be a non-empty string of at most 200 characters";
  }
  if (!isObject(input)) fields.input = "must be an object";
  if (callbackUrl !== undefined && callbackUrl !== null && !isHttpUrl(callbackUrl)) {
    fields.callbackUrl = "must be an http(s) URL";
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: { jobId: jobId as string, input, callbackUrl: (callbackUrl as string | null | undefined) ?? undefined },
  };
}

/** "60 s", "0.5 s" */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}
