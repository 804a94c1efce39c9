// The dev/preview servers' WebSocket pipe (Node): upgrades reach the target socket byte for byte,
// later `upgrade` listeners (the Cloudflare plugin's relay) do not see them, and what the pipe
// does not take (Vite's HMR socket, or no target yet) still reaches those listeners.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { pipeWebSocketUpgrades } from "./websocket-pipe.ts";

const servers: Server[] = [];
const sockets = new Set<Duplex>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy(); // upgraded sockets are no longer the server's
  sockets.clear();
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

async function listen(server: Server): Promise<URL> {
  servers.push(server);
  server.on("connection", (socket) => sockets.add(socket));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

/** Stands in for workerd: echoes messages, tells what request it saw, refuses /missing with a 404. */
async function upstream() {
  const seen: { url?: string; host?: string; mf?: string; protocol?: string }[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer();
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    seen.push({
      url: req.url,
      host: req.headers.host,
      mf: req.headers["mf-route-override"] as string | undefined,
      protocol: req.headers["sec-websocket-protocol"] as string | undefined,
    });
    if (req.url === "/missing") {
      socket.end("HTTP/1.1 404 Not Found\r\ncontent-length: 9\r\nconnection: close\r\n\r\nnot found");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.send(JSON.stringify({ hello: req.url }));
      ws.on("message", (data, binary) => ws.send(data, { binary }));
    });
  });
  return { url: await listen(server), seen };
}

/** Stands in for vite's server: the pipe first, then a later listener that counts what it is given. */
async function front(target: () => URL | null) {
  const server = createServer();
  pipeWebSocketUpgrades(server, target);
  const later: string[] = [];
  server.on("upgrade", (req: IncomingMessage, socket: Duplex) => {
    later.push(req.url ?? "");
    socket.destroy();
  });
  return { url: await listen(server), later };
}

function open(url: URL, path: string, init?: { protocol?: string; headers?: Record<string, string> }) {
  const ws = new WebSocket(`ws://${url.host}${path}`, init?.protocol ?? [], { headers: init?.headers });
  const messages: string[] = [];
  ws.on("message", (data) => messages.push(String(data)));
  return { ws, messages };
}

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("pipeWebSocketUpgrades", () => {
  it("pipes an upgrade to the target byte for byte, with the client's Host, both ways", async () => {
    const up = await upstream();
    const app = await front(() => up.url);
    const { ws, messages } = open(app.url, "/api/bid-items/ABC123/live?x=1", {
      headers: { "MF-Route-Override": "some-other-worker" },
    });
    await once(ws, "open");
    ws.send("ping-1");
    ws.send(Buffer.alloc(200_000, 7));
    await until(() => messages.length === 3);
    expect(JSON.parse(messages[0]!)).toEqual({ hello: "/api/bid-items/ABC123/live?x=1" });
    expect(messages[1]).toBe("ping-1");
    expect(messages[2]!.length).toBe(200_000);
    expect(up.seen).toEqual([
      { url: "/api/bid-items/ABC123/live?x=1", host: app.url.host, mf: undefined, protocol: undefined },
    ]);
    expect(app.later).toEqual([]); // the relay never saw it
    ws.close();
    await once(ws, "close");
  });

  it("passes the target's refusal to the client instead of dropping the socket", async () => {
    const up = await upstream();
    const app = await front(() => up.url);
    const { ws } = open(app.url, "/missing");
    ws.on("error", () => {}); // ws reports the refusal as an error too
    const [, response] = (await once(ws, "unexpected-response")) as [unknown, IncomingMessage];
    expect(response.statusCode).toBe(404);
    response.destroy();
    expect(app.later).toEqual([]);
  });

  it("leaves Vite's HMR socket and upgrades with no target yet to the later listeners", async () => {
    const up = await upstream();
    let target: URL | null = null;
    const app = await front(() => target);
    const hmr = open(app.url, "/", { protocol: "vite-hmr" });
    const early = open(app.url, "/api/bid-items/ABC123/live");
    await Promise.all([once(hmr.ws, "error"), once(early.ws, "error")]);
    expect(app.later.sort()).toEqual(["/", "/api/bid-items/ABC123/live"]);
    expect(up.seen).toEqual([]);

    target = up.url;
    const late = open(app.url, "/api/bid-items/ABC123/live");
    await until(() => late.messages.length === 1);
    expect(up.seen.map((s) => s.url)).toEqual(["/api/bid-items/ABC123/live"]);
    expect(app.later).toHaveLength(2);
    late.ws.close();
  });

  it("closes the client's socket when the target cannot be reached", async () => {
    const probe = createServer().listen(0, "127.0.0.1");
    await once(probe, "listening");
    const dead = new URL(`http://127.0.0.1:${(probe.address() as AddressInfo).port}`);
    await new Promise((done) => probe.close(done)); // nothing listens there any more
    const app = await front(() => dead);
    const { ws } = open(app.url, "/api/bid-items/ABC123/live");
    await once(ws, "error");
    expect(app.later).toEqual([]);
  });
});
