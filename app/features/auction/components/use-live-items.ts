// The gallery's side of the BidItem live protocol (`app/kernel/protocols/bid-item.ts`).
import { useEffect, useRef, useState } from "react";
import {
  applyServerMessage,
  type HistoryEntry,
  type ItemState,
  livePath,
  PONG,
  type ServerMessage,
  type StateMessage,
  SYNC,
} from "../../../kernel/protocols/bid-item";

type Parse = (data: unknown) => ServerMessage | null;

// The protocol's zod parse loads with the first socket, not with the page (ADR 051: zod is not in
// a public page's first load). Only browsers open sockets; in the Worker's build the branch is
// dropped, which keeps its bundle in one piece.
const loadParse = (): Promise<Parse> =>
  import.meta.env.SSR
    ? Promise.reject(new Error("Sockets open in the browser."))
    : import("../../../kernel/protocols/bid-item-schema").then((schema) => schema.parseServerMessage);

/** What the live socket told a page of one item: its state and newest bids, and the member's own tag and maximum. */
export interface LiveItem {
  state?: ItemState;
  history?: HistoryEntry[];
  you?: { tag: string; maxCents: number | null };
}

const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** What the hook hands the page: an item's whole public state (snapshot and deltas folded), or a member's own `you`. */
export type LiveMessage = StateMessage | { type: "you"; shortCode: string; tag: string; maxCents: number | null };

/**
 * One WebSocket per item to its live path. Each frame goes through the protocol's one parse; the
 * public `state` snapshot and the `delta`s after it are folded by `applyServerMessage` into the
 * item's whole state, which the page gets (with `you` on a signed-in member's own sockets). A gap
 * in the deltas (a missed message) or a delta this page cannot read (a newer server) asks the
 * object for a snapshot ("sync"). A dropped socket reconnects with exponential back-off and jitter
 * (its first message is the current snapshot, so nothing missed meanwhile is lost). Sockets close
 * on unmount. Returns the codes whose socket is open.
 */
export function useLiveItems(codes: string[], onMessage: (message: LiveMessage) => void) {
  const [connected, setConnected] = useState<ReadonlySet<string>>(() => new Set());
  const onMessageRef = useRef(onMessage);
  useEffect(() => {
    onMessageRef.current = onMessage;
  }, [onMessage]);
  const key = [...new Set(codes)].sort().join(",");

  useEffect(() => {
    if (!key) return;
    let disposed = false;
    const sockets = new Map<string, WebSocket>();
    // Frames are handled in arrival order: each waits on the same promise, whose callbacks run in turn.
    const parse = loadParse();
    const timers = new Set<number>();
    const mark = (code: string, open: boolean) =>
      setConnected((current) => {
        if (current.has(code) === open) return current;
        const next = new Set(current);
        if (open) next.add(code);
        else next.delete(code);
        return next;
      });
    const url = (code: string) =>
      `${window.location.protocol === "https:" ? "wss:" : "ws:"}//${window.location.host}${livePath(code)}`;

    const connect = (code: string, attempt: number) => {
      if (disposed) return;
      let failures = attempt;
      // What this socket has told of the item so far (a new socket starts from its first snapshot).
      let known: StateMessage | null = null;
      const ws = new WebSocket(url(code));
      sockets.set(code, ws);
      ws.onopen = () => {
        failures = 0;
        mark(code, true);
      };
      const receive = (parseServerMessage: Parse, data: unknown) => {
        if (disposed) return;
        const message = parseServerMessage(data);
        if (!message) {
          if (typeof data === "string" && data !== PONG && data.includes('"type":"delta"')) ws.send(SYNC);
          return;
        }
        if (message.type === "you") {
          if (message.shortCode === code) onMessageRef.current(message);
          return;
        }
        if (message.item.shortCode !== code) return;
        const { view, sync } = applyServerMessage(known, message);
        if (sync) ws.send(SYNC);
        if (view && view !== known) {
          known = view;
          onMessageRef.current(view);
        }
      };
      ws.onmessage = (event) => {
        parse.then(
          (parseServerMessage) => receive(parseServerMessage, event.data),
          () => {}, // without the parse the page keeps what it rendered (no live changes)
        );
      };
      ws.onclose = () => {
        if (disposed) return;
        mark(code, false);
        const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** failures) * (0.5 + Math.random() / 2);
        const timer = window.setTimeout(() => {
          timers.delete(timer);
          connect(code, failures + 1);
        }, delay);
        timers.add(timer);
      };
    };

    for (const code of key.split(",")) connect(code, 0);
    return () => {
      disposed = true;
      for (const timer of timers) window.clearTimeout(timer);
      for (const ws of sockets.values()) {
        ws.onclose = null;
        ws.close(1000, "page left");
      }
      setConnected(new Set());
    };
  }, [key]);

  return connected;
}
