// How a page's HTML is made: the whole document, rendered into one buffer.
//
// No page streams data in later (no `<Await>`), and nothing leaves before D1 has confirmed the
// session anyway (ADR 024), so React Router's document is rendered to the end (`onAllReady`) and
// sent as one body with its length: one piece costs the server (locally: workerd and the
// `vite preview` relay) less per page than a stream of chunks.
//
// It is React's Node build (`renderToPipeableStream`, which workerd runs with `nodejs_compat`)
// writing into the small in-memory sink below, not the edge build's `renderToReadableStream`: the
// edge build turns every attribute value and text of the page into a Uint8Array of its own with
// `TextEncoder.encode` (in workerd, a call into the runtime and a fresh ArrayBuffer each: about 5%
// of workerd's CPU for `/settings`) and passes them through a ReadableStream; the Node build
// encodes them into one 4 KB buffer after another with `encodeInto`. ADR 027, eighth session.
import { renderToPipeableStream } from "react-dom/server.node";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestContext } from "../worker/request-context";
import { readFirstPaintCss } from "./lib/first-paint-css";

/** How long React Router lets a loader's promise run on before rejecting it (React Router reads this). */
export const streamTimeout = 5_000;

const encoder = new TextEncoder();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The matched routes' stylesheets, read once per isolate, go inside the page (app/lib/first-paint-css.ts).
  const assets = loadContext.get(requestContext).env.ASSETS;
  if (assets) {
    const { manifest, staticHandlerContext } = routerContext;
    const hrefs = staticHandlerContext.matches.flatMap((match) => manifest.routes[match.route.id]?.css ?? []);
    await readFirstPaintCss(hrefs, (path) => assets.fetch(new URL(path, request.url)));
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const page = collectedBody(
      (body) => {
        clearTimeout(timeout);
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
      },
      (error) => {
        clearTimeout(timeout);
        reject(error);
      },
    );
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        pipe(page);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors while rendering the shell reject and are logged by React Router; log the others.
        if (shellRendered) console.error(error);
      },
    });
  });
}

/**
 * The writable end React writes the page into: it keeps the chunks and, at `end()`, hands over one
 * buffer of them all. React writes 4 KB views it never touches again (and, rarely, a long string).
 * It never pushes back (`write` answers true) and never emits the events React listens for.
 */
function collectedBody(done: (body: Uint8Array<ArrayBuffer>) => void, failed: (error: unknown) => void) {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const sink = {
    write(chunk: Uint8Array | string) {
      const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
      chunks.push(bytes);
      length += bytes.byteLength;
      return true;
    },
    end() {
      const body = new Uint8Array(length);
      let at = 0;
      for (const chunk of chunks) {
        body.set(chunk, at);
        at += chunk.byteLength;
      }
      done(body);
    },
    destroy(error: unknown) {
      failed(error);
    },
    on() {
      return sink;
    },
  };
  return sink as typeof sink & NodeJS.WritableStream;
}
