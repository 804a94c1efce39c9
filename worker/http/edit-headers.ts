// Adding headers to an answer without copying it when that is allowed.

/**
 * Applies `edit` to the response's own headers when they may be changed (a Response this Worker
 * built: React Router's pages, Hono's answers), and to a copy's when they may not (one from
 * `fetch()` or the Cache API, whose headers are immutable and throw a TypeError). A copy costs
 * workerd a new Response and a re-wrapped body on every page (ADR 027).
 */
export function editHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers);
    return response;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  const copy = new Response(response.body, response);
  edit(copy.headers);
  return copy;
}
