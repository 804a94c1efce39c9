// The error page body: a 404 ("Not Found") or another route error response, or
// an unexpected exception. The root ErrorBoundary renders it for every page; a
// route with its own not-found view (the file view's 'No file data available')
// handles the 404 itself and hands everything else here. See page-errors.ts.
import { isRouteErrorResponse } from "react-router";

export function PageError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    const notFound = error.status === 404;
    return (
      <section className="card narrow" role="alert">
        <h1>{notFound ? "Not Found" : `${error.status} ${error.statusText || "Error"}`}</h1>
        <p>
          {notFound
            ? "Sorry! We couldn't find the page you're looking for."
            : typeof error.data === "string"
              ? error.data
              : "Something went wrong."}
        </p>
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
