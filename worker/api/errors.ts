// The one place domain errors become HTTP answers: `{error: {code, message, fields?, requestId}}`,
// and every API error answer gets its request id and one log line (`finishError`).
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  NotFound,
  TooManyRequests,
  Unauthenticated,
  Unavailable,
  UpgradeRequired,
} from "../domain/errors";
import { currentRequestId, log } from "../observability";

export const UNEXPECTED = "An unexpected error occurred. Please try again.";

const STATUS: [new (...args: never[]) => DomainError, ContentfulStatusCode][] = [
  [Invalid, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooManyRequests, 429],
  [UpgradeRequired, 426],
  [Unavailable, 503],
];

export function statusOf(error: DomainError): ContentfulStatusCode {
  return STATUS.find(([type]) => error instanceof type)?.[1] ?? 400;
}

export interface ErrorBody {
  /** `requestId`: the `X-Request-Id` of the answer and of its log line (worker/observability). */
  error: { code: string; message: string; fields?: Record<string, string[]>; requestId?: string };
}

/** An error answer in the standard shape, carrying the request's id. */
export function errorJson(status: number, error: ErrorBody["error"], headers?: HeadersInit): Response {
  const body: ErrorBody = { error: { ...error, requestId: currentRequestId() } };
  return Response.json(body, { status, headers });
}

export function errorResponse(error: unknown): Response {
  if (error instanceof DomainError) {
    const headers = new Headers();
    if (error instanceof TooManyRequests) headers.set("retry-after", String(error.retryAfterSeconds));
    return errorJson(statusOf(error), { code: error.code, message: error.message, fields: error.fields }, headers);
  }
  if (error instanceof HTTPException)
    return errorJson(error.status, { code: "bad_request", message: error.message || "Bad request." });
  console.error(error);
  return errorJson(500, { code: "internal", message: UNEXPECTED });
}

/**
 * Every API error answer ends here: one made elsewhere (a route's own JSON, a Durable Object's or a
 * library's plain text) is rewritten into the standard shape (plain text becomes the message) with
 * the request id, and each gets one `api.error` log line with the same id.
 */
export async function finishError(request: Request, response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const requestId = currentRequestId();
  const json = response.headers.get("content-type")?.includes("application/json");
  let body: Record<string, unknown> | null = null;
  if (json) {
    const parsed: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  }
  const standard = body?.error && typeof body.error === "object" ? (body.error as ErrorBody["error"]) : null;
  let answer = response;
  if (json && !body) {
    // JSON of another shape (a list): left as it is.
  } else if (!standard || standard.requestId !== requestId) {
    const text = json ? "" : (await response.text().catch(() => "")).trim().slice(0, 200);
    const fresh = { code: `http_${response.status}`, message: text || response.statusText || "Error" };
    // An answer of its own shape ({success: false, …}) keeps it and carries the id beside it.
    body = standard
      ? { ...body, error: { ...standard, requestId } }
      : body
        ? { ...body, requestId }
        : { error: { ...fresh, requestId } };
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    headers.set("content-type", "application/json");
    answer = new Response(JSON.stringify(body), { status: response.status, headers });
  }
  const code = (body?.error as { code?: unknown } | undefined)?.code ?? body?.code;
  log(response.status >= 500 ? "error" : "warn", "api.error", {
    status: response.status,
    code: typeof code === "string" ? code : undefined,
    method: request.method,
    path: new URL(request.url).pathname,
  });
  return answer;
}
