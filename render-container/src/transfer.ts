// Moving a render's bytes: signed GET URLs streamed to files on disk, and
// a rendered file (a Body, see faststart.ts) streamed to a signed PUT URL. Nothing is held
// in memory whole, and no error message carries a URL (they are signed).
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, statfs } from "node:fs/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Body } from "./faststart.ts";
import { JobFailed } from "./jobs.ts";
import { formatBytes } from "./render-errors.ts";

/**
 * The buffer of the renderer's byte streams (downloads, uploads, the box-level join's body): 1 MiB,
 * not Node's 16 KiB default, which paused and resumed the stream on every 64 KiB socket read;
 * bench:render measured the join at 1.57x -> 0.88x (6 x 20 s) with it.
 */
export const STREAM_BUFFER_BYTES = 1 << 20;

/** node:http or node:https by the URL's scheme. */
export const requestFor = (target: URL) => (target.protocol === "https:" ? httpsRequest : httpRequest);

/** The input could not be fetched (HTTP error, refused connection, broken transfer). */
export class Unreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Unreadable";
  }
}

/** The inputs together would exceed RENDER_MAX_INPUT_BYTES. */
export class TooLarge extends Error {
  constructor(limit: number) {
    super(`The inputs are larger than the renderer's limit of ${formatBytes(limit)}`);
    this.name = "TooLarge";
  }
}

/** Not enough free disk for what the job must store; `never` when it would not fit even on an empty disk. */
export class NoSpace extends Error {
  readonly never: boolean;

  constructor(message = "the renderer ran out of disk space", never = false) {
    super(message);
    this.name = "NoSpace";
    this.never = never;
  }
}

/** The output URL refused the upload or could not be reached. */
export class UploadFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadFailed";
  }
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
  ETIMEDOUT: "connection timed out",
  EPIPE: "connection closed",
  UND_ERR_SOCKET: "connection lost",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_HEADERS_TIMEOUT: "no answer",
  UND_ERR_BODY_TIMEOUT: "the transfer stalled",
  ERR_TLS_CERT_ALTNAME_INVALID: "TLS certificate mismatch",
};

/** A short reason for a network error, without URLs. */
export function networkReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES[code]) return NETWORK_CODES[code];
    current = (current as { cause?: unknown }).cause;
  }
  const message = (error as Error)?.message ?? String(error);
  return message.replace(/https?:\/\/\S+/gi, "the URL") || "network error";
}

/** Free (for unprivileged writers) and total bytes of the file system holding `path`; Infinity when unknown. */
export async function diskSpace(path: string): Promise<{ free: number; total: number }> {
  try {
    const fs = await statfs(path);
    return { free: Number(fs.bavail) * Number(fs.bsize), total: Number(fs.blocks) * Number(fs.bsize) };
  } catch {
    return { free: Number.POSITIVE_INFINITY, total: Number.POSITIVE_INFINITY };
  }
}

/** Room kept free beside a job's files, for ffmpeg's own temporary needs and other jobs. */
const DISK_RESERVE = 64 * 1024 * 1024;

/**
 * Throws NoSpace unless `bytes` more fit on the disk holding `dir`, beside
 * the job's `stored` bytes (`never`: they would not fit even on an empty disk).
 */
export async function ensureSpace(dir: string, bytes: number, what: string, stored = 0): Promise<void> {
  const { free, total } = await diskSpace(dir);
  if (stored + bytes + DISK_RESERVE > total) {
    throw new NoSpace(
      `${what} (${formatBytes(stored + bytes)}) would not fit on the renderer's disk (${formatBytes(total)})`,
      true,
    );
  }
  if (bytes + DISK_RESERVE > free) {
    throw new NoSpace(
      `not enough free disk space for ${what} (${formatBytes(bytes)} needed, ${formatBytes(free)} free)`,
    );
  }
}

export type Budget = { limit: number; used: number };

/**
 * GETs `url` into `path` as a stream. Counts every byte against `budget`
 * (shared by a job's downloads) and reports them to `onBytes`.
 */
export async function download(
  url: string,
  path: string,
  options: {
    signal: AbortSignal;
    budget: Budget;
    dir: string;
    onBytes?: (received: number, declared: number | null) => void;
  },
): Promise<number> {
  const { signal, budget } = options;
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: "follow" });
  } catch (error) {
    signal.throwIfAborted();
    throw new Unreadable(networkReason(error));
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw new Unreadable(
      `the storage answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
    );
  }
  const header = response.headers.get("content-length");
  const declared = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  if (declared !== null) {
    if (budget.used + declared > budget.limit) {
      await response.body.cancel().catch(() => {});
      throw new TooLarge(budget.limit);
    }
    await ensureSpace(options.dir, declared, "the inputs", budget.used).catch(async (error: unknown) => {
      await response.body?.cancel().catch(() => {});
      throw error;
    });
  }
  let received = 0;
  const counter = new Transform({
    highWaterMark: STREAM_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      budget.used += chunk.length;
      if (budget.used > budget.limit) return done(new TooLarge(budget.limit));
      options.onBytes?.(received, declared);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as import("node:stream/web").ReadableStream),
      counter,
      createWriteStream(path),
      {
        signal,
      },
    );
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof TooLarge) throw error;
    if ((error as NodeJS.ErrnoException).code === "ENOSPC") throw new NoSpace();
    throw new Unreadable(`the transfer broke off (${networkReason(error)})`);
  }
  return received;
}

/** How long a broken upload still waits for the target's answer. */
const ANSWER_GRACE_MS = 250;

/** Headers the renderer sets itself on an upload. */
export const RESERVED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection", "expect"]);

/**
 * PUTs `body` to `url` as a stream with its content-length (signed PUT URLs
 * want one, and no chunked encoding). `headers` are the caller's (e.g. a
 * content type the URL was signed for) and win over `contentType`. Resolves
 * once the target answered 2xx.
 */
export async function upload(
  body: Body,
  url: string,
  options: {
    signal: AbortSignal;
    headers?: Record<string, string>;
    contentType: string;
    onBytes?: (sent: number) => void;
  },
): Promise<number> {
  const { size } = body;
  const target = new URL(url);
  const headers: Record<string, string> = { "content-type": options.contentType };
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  headers["content-length"] = String(size);
  const send = requestFor(target);
  const req = send(target, { method: "PUT", headers, signal: options.signal });
  // A target that refuses (e.g. 403) may close the connection while the body is still going out:
  // the write then fails, but its answer may still be read just after. The answer, when there is one, counts.
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    req.once("response", resolve);
    req.once("error", (error) => setTimeout(() => reject(error), ANSWER_GRACE_MS));
  });
  let sent = 0;
  const counter = new Transform({
    highWaterMark: STREAM_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      options.onBytes?.(sent);
      done(null, chunk);
    },
  });
  // The target may answer (e.g. 403) before reading everything: the answer counts, not the broken pipe.
  const streamed = pipeline(body.stream(), counter, req).then(
    () => null,
    (error: unknown) => error,
  );
  let response: IncomingMessage;
  try {
    response = await answered;
  } catch (error) {
    options.signal.throwIfAborted();
    throw new UploadFailed(`the output upload failed (${networkReason(error)})`);
  }
  // Drain (and ignore) the target's answer body.
  response.resume();
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    req.destroy();
    throw new UploadFailed(
      `the output upload was refused (${status}${response.statusMessage ? ` ${response.statusMessage}` : ""})`,
    );
  }
  const broken = await streamed;
  if (broken) {
    options.signal.throwIfAborted();
    throw new UploadFailed(`the output upload failed (${networkReason(broken)})`);
  }
  return size;
}

/**
 * Uploads a job's output to its target (a signed PUT URL and the headers it
 * was signed with). A refused or unreachable target is `503 output_failed`:
 * the queue retries the job.
 */
export async function uploadOutput(
  body: Body,
  target: { url: string; headers?: Record<string, string> },
  options: { signal: AbortSignal; contentType: string; onBytes?: (sent: number) => void },
): Promise<number> {
  try {
    return await upload(body, target.url, { ...options, headers: target.headers });
  } catch (error) {
    if (error instanceof UploadFailed) throw new JobFailed(503, "output_failed", error.message);
    throw error;
  }
}

/** Runs `work` in a folder of the job's own under TMPDIR, removed however it ends. */
export async function inJobFolder<T>(kind: string, jobId: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `${kind}-${jobId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40)}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
