// The one place domain errors become HTTP answers: `{error: {code, message, fields?}}`.
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
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

export function errorResponse(error: unknown): Response {
  if (error instanceof DomainError) {
    const headers = new Headers();
    if (error instanceof TooManyRequests) headers.set("retry-after", String(error.retryAfterSeconds));
    const body: ErrorBody = { error: { code: error.code, message: error.message, fields: error.fields } };
    return Response.json(body, { status: statusOf(error), headers });
  }
  if (error instanceof HTTPException) {
    const body: ErrorBody = { error: { code: "bad_request", message: error.message || "Bad request." } };
    return Response.json(body, { status: error.status });
  }
  console.error(error);
  return Response.json({ error: { code: "internal", message: UNEXPECTED } } satisfies ErrorBody, { status: 500 });
}

/**
 * The safety net behind "every API error is JSON": an error answer that is not JSON (a Durable
 * Object's or a library's plain text) is rewritten into the standard shape, its text as the message.
 */
export async function asJsonError(response: Response): Promise<Response> {
  if (response.status < 400 || response.headers.get("content-type")?.includes("application/json")) return response;
  const text = (await response.text().catch(() => "")).trim().slice(0, 200);
  const body: ErrorBody = {
    error: { code: `http_${response.status}`, message: text || response.statusText || "Error" },
  };
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}
