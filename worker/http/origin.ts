// Refuses state-changing requests sent by a page of another origin (CSRF),
// for the API and the React Router actions alike. Browsers always send
// `Origin` (or at least `Sec-Fetch-Site`) with a cross-origin POST; requests
// without either come from non-browser clients, which carry no ambient cookies
// of a victim.
import { currentRequestId } from "../observability";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Development upload links: authorised by the token in the URL alone, never by a cookie, and
// sent from the app's page to workerd's own socket, another origin (worker/storage/direct-uploads.ts).
const TOKEN_AUTHORISED = "/api/storage/put/";

export function isCrossOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (new URL(request.url).pathname.startsWith(TOKEN_AUTHORISED)) return false;
  const origin = request.headers.get("origin");
  if (origin) return origin !== new URL(request.url).origin;
  return request.headers.get("sec-fetch-site") === "cross-site";
}

export function crossOriginRefusal(): Response {
  return Response.json(
    {
      error: { code: "cross_origin", message: "Cross-origin requests are not allowed.", requestId: currentRequestId() },
    },
    { status: 403 },
  );
}
