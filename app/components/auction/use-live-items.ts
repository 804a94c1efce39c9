// The gallery's side of the BidItem live protocol (`app/lib/protocols/bid-item.ts`).
import { useEffect, useRef, useState } from "react";
import {
  type HistoryEntry,
  type ItemState,
  livePath,
  parseServerMessage,
  type ServerMessage,
} from "../../lib/protocols/bid-item";

/** What the live socket told a page of one item: its state and newest bids, and the member's own tag and maximum. */
export interface LiveItem {
  state?: ItemState;
  history?: HistoryEntry[];
  you?: { tag: string; maxCents: number | null };
}

const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * One WebSocket per item to its live path. Each frame goes through the protocol's one parse (the
 * public `state`, and `you` on a signed-in member's own sockets); a
 * dropped socket reconnects with exponential back-off and jitter (its first message is the current
 * state, so nothing missed meanwhile is lost). Sockets close on unmount. Returns the codes whose
 * socket is open.
 */
export function useLiveItems(codes: string[], onMessage: (message: ServerMessage) => void) {
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
      const ws = new WebSocket(url(code));
      sockets.set(code, ws);
      ws.onopen = () => {
        failures = 0;
        mark(code, true);
      };
      ws.onmessage = (event) => {
        const message = parseServerMessage(event.data);
        if (!message) return;
        if ((message.type === "state" ? message.item.shortCode : message.shortCode) === code)
          onMessageRef.current(message);
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
