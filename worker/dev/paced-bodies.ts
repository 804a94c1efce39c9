// The development server only (a Vite plugin, runs in Node, never in the Worker).
//
// Why: @cloudflare/vite-plugin turns each Node request into a web Request whose
// body is a ReadableStream fed by `req.on("data")` with no backpressure
// (`createCancellableRequestBody`), then forwards it to workerd with
// `Miniflare.dispatchFetch`. When workerd (the storage route and miniflare's
// R2) takes bytes more slowly than the client sends them, the whole rest of
// the body piles up in the Vite process: up to a 16 MiB part per upload in
// flight, measured as +90 MiB for four parts at a time (bench:upload, ADR 019).
//
// How: a middleware remembers the Node request of every request with a body
// (AsyncLocalStorage, so nothing else changes), and `dispatchFetch` sends the
// body on through a counting stream: when more than HIGH bytes have arrived
// from the client but not yet gone to workerd, the Node request is paused (TCP
// then holds the client back), and resumed below LOW. The bytes and their
// order are untouched; only the pace changes.
//
// Second duty, on the same wrapped `dispatchFetch`: every forwarded request
// carries the origin of workerd's own entry socket in a header, so the
// development signer points upload links there and their bytes skip this
// process altogether (worker/storage/direct-uploads.ts, ADR 029). The pacing
// above then only meets the bodies that still come this way.
// DEV_UPLOADS_VIA_VITE=1 leaves the header out: uploads come through here as before.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Plugin, ViteDevServer } from "vite";
import { DIRECT_UPLOAD_ORIGIN_HEADER } from "../storage/direct-uploads.ts";

const HIGH = 2 * 1024 * 1024;
const LOW = 512 * 1024;

/** The part of Node's IncomingMessage used here. */
interface NodeRequest {
  method?: string;
  on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  pause(): unknown;
  resume(): unknown;
  isPaused(): boolean;
}

type Middleware = (req: NodeRequest, res: unknown, next: () => void) => void;

// Global, not per module: Vite re-imports this file when it restarts, while the wrapped Miniflare
// instance lives on, so the wrapper and the middleware must share one store across imports.
const STORE = Symbol.for("creator-platform.paced-bodies.store");
const shared = globalThis as Record<symbol, AsyncLocalStorage<NodeRequest> | undefined>;
shared[STORE] ??= new AsyncLocalStorage<NodeRequest>();
const current = shared[STORE];
/** PACED_BODIES_DEBUG=1 logs each paced body's pauses, to check the pacing works. */
const debug = Boolean(process.env.PACED_BODIES_DEBUG);
const PATCHED = Symbol.for("creator-platform.paced-bodies");
const directUploads = !process.env.DEV_UPLOADS_VIA_VITE;

/** A copy of `request` whose body pauses `req` while too much of it waits to be forwarded. */
function paced(request: Request, req: NodeRequest): Request {
  let received = 0;
  let forwarded = 0;
  let pauses = 0;
  req.on("data", (chunk) => {
    received += chunk.byteLength;
    if (received - forwarded > HIGH && !req.isPaused()) {
      pauses++;
      req.pause();
    }
  });
  if (debug)
    req.on("end", () =>
      console.log(`[paced-bodies] ${request.method} ${request.url}: ${received} bytes, ${pauses} pauses`),
    );
  const body = request.body!.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        forwarded += chunk.byteLength;
        if (received - forwarded < LOW && req.isPaused()) req.resume();
        controller.enqueue(chunk);
      },
    }),
  );
  const Constructor = request.constructor as typeof Request;
  return new Constructor(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    redirect: request.redirect,
    // Node's fetch requires it for a streamed body; not in the DOM typings.
    ...({ duplex: "half" } as object),
  });
}

type DispatchFetch = (input: unknown, init?: unknown) => Promise<unknown>;

type Miniflare = { dispatchFetch: DispatchFetch; readonly ready: Promise<URL> } & Record<PropertyKey, unknown>;

/** Wraps one Miniflare instance's `dispatchFetch` (an own property: a class field, not a method). */
function pace(miniflare: Miniflare) {
  if (miniflare[PATCHED]) return;
  miniflare[PATCHED] = true;
  const original = miniflare.dispatchFetch;
  miniflare.dispatchFetch = async (input, init) => {
    const req = current.getStore();
    const request = input as Request | null;
    // Miniflare's own undici Request, not Node's global one: recognised by shape, not `instanceof`.
    if (!request || typeof request.headers?.set !== "function") return original(input, init);
    // Paced first, in this tick: the counting listener must see every chunk of the body.
    const forwarded = req && request.body ? paced(request, req) : request;
    // Whatever a client sent under this name is replaced: only this process knows the socket.
    forwarded.headers.delete(DIRECT_UPLOAD_ORIGIN_HEADER);
    if (directUploads) forwarded.headers.set(DIRECT_UPLOAD_ORIGIN_HEADER, new URL(await miniflare.ready).origin);
    return original(forwarded, init);
  };
}

/**
 * The Cloudflare plugin hands its Miniflare instance to each environment's `initRunner` (once at
 * start; the instance survives restarts): wrap it there. Runs before the plugin's own configureServer.
 */
function paceMiniflareOf(server: ViteDevServer) {
  for (const environment of Object.values(server.environments)) {
    const proto = Object.getPrototypeOf(environment) as Record<PropertyKey, unknown> & {
      initRunner?: (miniflare: never, ...rest: unknown[]) => Promise<unknown>;
    };
    const initRunner = proto.initRunner;
    if (typeof initRunner !== "function" || proto[PATCHED]) continue;
    proto[PATCHED] = true;
    proto.initRunner = function (this: unknown, miniflare: never, ...rest: unknown[]) {
      pace(miniflare);
      return initRunner.call(this, miniflare, ...rest);
    };
  }
}

const remember: Middleware = (req, _res, next) => {
  if (req.method === "GET" || req.method === "HEAD") next();
  else current.run(req, next);
};

/** Request bodies reach workerd at the pace workerd takes them (see the header comment). */
export function pacedRequestBodies(): Plugin {
  return {
    name: "creator-platform:paced-request-bodies",
    apply: "serve",
    configureServer(server) {
      paceMiniflareOf(server);
      server.middlewares.use(remember as never);
    },
  };
}
