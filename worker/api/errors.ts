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
} from "../domain/errors";

export const UNEXPECTED = "An unexpected error occurred. Please try again.";

const STATUS: [new (...args: never[]) => DomainError, ContentfulStatusCode][] = [
  [Invalid, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooManyRequests, 429],
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
