// How a page answers "not here". A loader (or action) that finds nothing the
// member may see throws `notFound(message)`: a 404 `data()` that the route's
// ErrorBoundary shows (or, without one, the root's "Not Found" page). It is a
// throw, not a `{thing: null}` return, so the component only ever renders a
// real `loaderData`. This module stays free of server code: ErrorBoundaries in
// the browser read `notFoundMessage()`. The server-side halves (a domain
// `NotFound` → `notFound()`, and the "unexpected error" wrapper for actions)
// are in page-errors.server.ts. See docs/decisions/116-layer-rules-and-code-shape.md.
import { data, isRouteErrorResponse } from "react-router";

/** Ends the loader or action with a 404 carrying `message` for the route's ErrorBoundary. */
export function notFound(message = "Not Found"): never {
  throw data(message, { status: 404 });
}

/** The message of a 404 thrown with `notFound()`; null for anything else (the boundary shows its generic page). */
export function notFoundMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  return typeof error.data === "string" ? error.data : "Not Found";
}
