// Development only: upload links that reach workerd without the vite dev server (ADR 029).
//
// Under `npm start` every request goes browser → vite (Node) → workerd, and vite's relay of a
// large upload's bytes cost its process +27–94 MiB for 1 GiB. workerd also listens on a socket
// of its own (miniflare's entry socket, a port chosen at start). The dev server's plugin
// (worker/dev/paced-bodies.ts) tells the Worker that socket's origin in a request header on
// every request it forwards; the development signer then points upload links (PUT) there,
// so the bytes go straight from the client to workerd. Downloads and everything else stay on
// the app's origin. Production signs R2's own URLs and never reads this header.

/** Set by the dev server on each request it forwards (any value a client sent is replaced). */
export const DIRECT_UPLOAD_ORIGIN_HEADER = "x-dev-direct-upload-origin";

/**
 * The origin upload links should use, from the dev server's header: only a plain-HTTP loopback
 * origin is taken (the header could only point a client's own links at its own machine).
 */
export function directUploadOrigin(request: Request): string | undefined {
  const value = request.headers.get(DIRECT_UPLOAD_ORIGIN_HEADER);
  if (!value) return undefined;
  try {
    const url = new URL(value);
    const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
    return url.protocol === "http:" && loopback && url.origin === value ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Upload links answer PUTs from the page on the app's origin, another origin than the socket's. */
export const DIRECT_UPLOAD_CORS = {
  origin: "*",
  allowMethods: ["PUT"],
  allowHeaders: ["content-type", "if-none-match"],
  exposeHeaders: ["ETag"],
  maxAge: 600,
};
