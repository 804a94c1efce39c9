// The error page body: a 404 ("Not Found") or another route error response, or
// an unexpected exception. The root ErrorBoundary renders it for every page; a
// route with its own not-found view (the file view's 'No file data available')
// handles the 404 itself and hands everything else here. See page-errors.ts.
import { isRouteErrorResponse, Link, useMatches, useNavigate } from "react-router";

/**
 * `loadFailed`: the page's own message when its data could not be had (seed 000 §8: 'Error:
 * {message}' with the page's fallback, e.g. 'Failed to load programs.'): a server error, or a
 * client navigation whose data request failed in the network. A 404 stays "Not Found".
 */
export function PageError({ error, loadFailed }: { error: unknown; loadFailed?: string }) {
  if (loadFailed && !(isRouteErrorResponse(error) && error.status < 500)) {
    if (import.meta.env.DEV && error instanceof Error) console.error(error);
    return (
      <section className="card narrow" role="alert">
        <h1>Error</h1>
        <p>Error: {loadFailed}</p>
      </section>
    );
  }
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />;
    if (error.status === 403) return <Forbidden reason={typeof error.data === "string" ? error.data : null} />;
    return (
      <section className="card narrow" role="alert">
        <h1>{`${error.status} ${error.statusText || "Error"}`}</h1>
        <p>{typeof error.data === "string" ? error.data : "Something went wrong."}</p>
      </section>
    );
  }
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return (
    <section className="card narrow" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>{import.meta.env.DEV && error instanceof Error ? error.message : "Please try again in a moment."}</p>
    </section>
  );
}

/** The 404 page: an address no route knows (routes/not-found.tsx) or an object that is not there (or not theirs). */
export function NotFound() {
  return (
    <section className="card narrow" role="alert">
      <h1>Not Found</h1>
      <p>Sorry! We couldn't find the page you're looking for.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}

/**
 * A page the signed-in user may not open (an admin page for a member): said plainly, with the
 * server's reason ("Admins only.") and a way back, never a status code and its English name.
 */
function Forbidden({ reason }: { reason: string | null }) {
  const navigate = useNavigate();
  return (
    <section className="card narrow" role="alert">
      <h1>You don't have access to this page</h1>
      {reason && <p>{reason}</p>}
      <p>If you think you should, sign in with the account that has access.</p>
      <p className="actions">
        <button type="button" className="button" onClick={() => navigate(-1)}>
          Go back
        </button>
        <Link to="/authenticated" className="button primary">
          Go to your home page
        </Link>
      </p>
    </section>
  );
}

/** What a route's module exports as `handle` to name its data in a load failure (see `loadFailed`). */
export interface LoadFailedHandle {
  loadFailed: string;
}

/**
 * The `loadFailed` message of the deepest route of the page being shown. A failed data request of
 * a navigation lands in the root's boundary (every loader of the page shares one request), so the
 * root asks the matched routes what the page loads.
 */
export function useLoadFailedMessage(): string | undefined {
  return useMatches()
    .map((match) => (match.handle as Partial<LoadFailedHandle> | undefined)?.loadFailed)
    .filter(Boolean)
    .at(-1);
}
