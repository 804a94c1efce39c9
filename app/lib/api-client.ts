// The browser's one way to call the JSON API (ADR 058). `api` is Hono's client typed from the
// server's own routes (`hc<Api>`): paths, params, bodies and answers are checked against
// worker/api, with no response types written by hand. `call` reads every answer the same way:
// the typed body when the server said yes, otherwise an `ApiError` with the server's message,
// code and field errors (the body `errorResponse` writes), or the network's message.
import { type ClientResponse, hc } from "hono/client";
import type { Api } from "../../worker/api";
import { ApiError } from "./api-error";

export { ApiError };

export const NETWORK_ERROR = "Network error: the connection was lost. Please try again.";
export const UNREADABLE_ANSWER = "The server's answer could not be read. Please try again.";

/** The routes under /api, as the server declares them. */
export const api = hc<Api>("/", { init: { credentials: "same-origin" }, headers: { accept: "application/json" } }).api;

/** The body of a success answer of `R`: every 2xx answer's type, none of the refusals'. */
export type Answer<R> =
  R extends ClientResponse<infer T, infer S, infer _F>
    ? S extends 200 | 201 | 202 | 203 | 206
      ? T
      : S extends 204 | 205
        ? undefined
        : never
    : never;

/**
 * Sends a request built with `api` and answers its typed body; anything else throws an `ApiError`
 * with the server's message (or `fallback`, given the status, when the server gave none), never a
 * parse or fetch error. A cancelled request's AbortError is passed on as it is.
 */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
  fallback?: string | ((status: number) => string),
): Promise<Answer<R>> {
  let response: R;
  let text: string;
  try {
    response = await request;
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(NETWORK_ERROR, 0, "network");
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // A 2xx the client cannot read (a proxy's page, a sign-in redirect) is a failure, not an empty answer.
    if (response.ok)
      throw new ApiError(typeof fallback === "string" ? fallback : UNREADABLE_ANSWER, response.status, "http");
  }
  if (response.ok) return body as Answer<R>;
  const error = (body as { error?: { message?: unknown; code?: unknown; fields?: Record<string, string[]> } })?.error;
  const otherwise =
    typeof fallback === "function" ? fallback(response.status) : (fallback ?? `HTTP ${response.status}`);
  throw new ApiError(
    typeof error?.message === "string" && error.message ? error.message : otherwise,
    response.status,
    typeof error?.code === "string" ? error.code : "http",
    error?.fields,
  );
}

/** A request built with `api`, not yet sent: what a screen's shared "run this write" helper takes. */
export type Send = () => Promise<ClientResponse<unknown, number, string>>;

/** What to show for a failed call: the server's message, else `fallback`. */
export function errorText(error: unknown, fallback: string) {
  return error instanceof Error && error.message ? error.message : fallback;
}
