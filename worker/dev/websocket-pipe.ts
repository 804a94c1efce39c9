// The development and preview servers only (a Vite plugin, runs in Node, never in the Worker).
//
// Why: @cloudflare/vite-plugin answers every WebSocket upgrade that reaches Vite's HTTP server by
// opening the Worker's side with `Miniflare.dispatchFetch`, accepting the browser's side with a
// `ws` server, and copying each message from one to the other (`handleWebSocket`, `coupleWebSocket`):
// every frame is parsed, unmasked, turned into an event, and framed again in Node. For one offer
// pushed to 5,000 watchers of an auction item that was ~220 ms of the relay's CPU on a 2-core
// machine shared with workerd, the one part of the fan-out production does not have (bench:offers,
// ADR 028).
//
// How: the app's upgrades are not relayed message by message but piped byte for byte to workerd's
// own entry socket (the origin of `Miniflare.ready`): the request's head is written out as it came
// (same Host, so the Worker sees the same URL), then the two TCP sockets are joined. workerd does the
// WebSocket handshake and framing itself, as it does in production; Node only copies buffers.
// A refusal (404, 429, …) reaches the browser as workerd's own answer instead of a dropped socket.
// Vite's HMR socket (`Sec-WebSocket-Protocol: vite-…`) is left to Vite. Until workerd's socket is
// known (the first request through Miniflare tells it) an upgrade takes the plugin's relay as before.
// DEV_WEBSOCKET_RELAY=1 keeps the plugin's relay for every upgrade (to compare the two).
import { connect, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { Miniflare } from "miniflare";
import type { Plugin } from "vite";

/** The part of Node's IncomingMessage used here. */
interface UpgradeRequest {
  method?: string;
  url?: string;
  httpVersion: string;
  rawHeaders: string[];
  headers: Record<string, string | string[] | undefined>;
}

type UpgradeListener = (req: UpgradeRequest, socket: Duplex, head: Buffer) => void;

/** The part of Node's http.Server used here. */
interface UpgradeServer {
  on(event: "upgrade", listener: UpgradeListener): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
  addListener(event: string, listener: (...args: never[]) => void): unknown;
}

/** True for Vite's own HMR socket, which Vite answers itself. */
function isVite(req: UpgradeRequest): boolean {
  const protocol = req.headers["sec-websocket-protocol"];
  return typeof protocol === "string" && protocol.startsWith("vite");
}

/** The request's head as it arrived: request line and raw headers (client-sent `mf-*` control headers dropped). */
function requestHead(req: UpgradeRequest): string {
  let head = `${req.method ?? "GET"} ${req.url ?? "/"} HTTP/${req.httpVersion}\r\n`;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    // Miniflare's own routing headers (MF-Route-Override, MF-Original-URL, …) are not a client's to set.
    if (name.toLowerCase().startsWith("mf-")) continue;
    head += `${name}: ${req.rawHeaders[i + 1]}\r\n`;
  }
  return `${head}\r\n`;
}

/** Joins the client's socket to a new connection to `target`, after writing the request's head. */
function pipe(req: UpgradeRequest, client: Duplex, head: Buffer, target: URL) {
  const upstream: Socket = connect(Number(target.port), target.hostname);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on("error", close);
  upstream.on("error", close);
  client.on("close", close);
  upstream.on("close", close);
  upstream.setNoDelay(true);
  (client as Partial<Socket>).setNoDelay?.(true);
  upstream.write(requestHead(req));
  if (head.length > 0) upstream.write(head);
  client.pipe(upstream).pipe(client);
}

/**
 * Pipes the server's WebSocket upgrades to `target()` (workerd's socket), and keeps every `upgrade`
 * listener added after this call (the Cloudflare plugin's relay) from seeing the piped ones.
 * Upgrades it does not take (Vite's HMR, or `target()` still null) reach those listeners unchanged.
 */
export function pipeWebSocketUpgrades(server: UpgradeServer, target: () => URL | null) {
  const piped = new WeakSet<UpgradeRequest>();
  server.on("upgrade", (req, socket, head) => {
    const to = isVite(req) ? null : target();
    if (!to) return;
    piped.add(req);
    pipe(req, socket, head, to);
  });
  const guard =
    (add: UpgradeServer["on"]) =>
    (event: string, listener: (...args: never[]) => void): unknown => {
      if (event !== "upgrade") return add.call(server, event, listener);
      const later = listener as unknown as UpgradeListener;
      return add.call(server, event, ((req, socket, head) => {
        if (!piped.has(req)) later(req, socket, head);
      }) as UpgradeListener);
    };
  server.on = guard(server.on) as UpgradeServer["on"];
  server.addListener = guard(server.addListener as UpgradeServer["on"]);
}

// The origin of workerd's entry socket, learnt from the first Miniflare call that awaits `ready`
// (every `dispatchFetch` does). Global, not per module: Vite re-imports this file on restarts.
const ORIGIN = Symbol.for("creator-platform.websocket-pipe.origin");
const shared = globalThis as Record<symbol, URL | null | undefined>;
const READY_PATCHED = Symbol.for("creator-platform.websocket-pipe.ready");

function learnWorkerdOrigin() {
  const proto = Miniflare.prototype as unknown as Record<PropertyKey, unknown>;
  if (proto[READY_PATCHED]) return;
  const descriptor = Object.getOwnPropertyDescriptor(Miniflare.prototype, "ready");
  const get = descriptor?.get;
  if (!get) return; // another miniflare: the plugin's relay stays in charge
  Object.defineProperty(Miniflare.prototype, "ready", {
    ...descriptor,
    get(this: Miniflare) {
      const ready = get.call(this) as Promise<URL>;
      ready.then(
        (url) => {
          shared[ORIGIN] = url; // only its host and port are read
        },
        () => {},
      );
      return ready;
    },
  });
  proto[READY_PATCHED] = true;
}

/** WebSocket upgrades go to workerd as a byte pipe instead of the Cloudflare plugin's relay. */
export function webSocketPipe(): Plugin {
  const enabled = !process.env.DEV_WEBSOCKET_RELAY;
  const install = (httpServer: unknown) => {
    if (!enabled || !httpServer) return;
    learnWorkerdOrigin();
    pipeWebSocketUpgrades(httpServer as UpgradeServer, () => shared[ORIGIN] ?? null);
  };
  return {
    name: "creator-platform:websocket-pipe",
    // Before cloudflare() in the plugin list: these hooks run first, so its relay is added after ours.
    configureServer(server) {
      install(server.httpServer);
    },
    configurePreviewServer(server) {
      install(server.httpServer);
    },
  };
}
