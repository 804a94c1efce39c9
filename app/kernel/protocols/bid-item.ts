// The live protocol between a BidItem Durable Object (`worker/domain/auction/bid-item.ts`) and the
// gallery page (`app/features/auction/components/use-live-items.ts`): one module for both sides, as in
// Cloudflare's durable-chat template, so what the object sends and what the page accepts cannot drift.
//
//   watcher → object   GET /api/bid-items/:code/live (WebSocket upgrade); then "ping" (keep-alive) and
//                      "sync" (asks for a `state` snapshot: the watcher found a gap in the deltas)
//   object → watcher   "pong" for a ping; a `ServerMessage` (JSON): on connect and on "sync" the
//                      `state` snapshot (item and newest bids); after every change a `delta` (what
//                      changed and the new bids only, encoded once for every watcher, ADR 061); to a
//                      signed-in member's own sockets only, `you` (their private maximum, ADR 038).
//   A watcher folds these with `applyServerMessage` into what it shows.
//   The shapes and their parse are in `./bid-item-schema.ts` (zod), loaded by a page only when it listens.
import type { DeltaMessage, ServerMessage, StateMessage } from "./bid-item-schema";

export type {
  DeltaMessage,
  HistoryEntry,
  ItemChange,
  ItemState,
  ServerMessage,
  StateMessage,
} from "./bid-item-schema";

/** How many of the newest bids a state message carries (and a watcher keeps). */
export const HISTORY_LENGTH = 10;

/** The watcher's keep-alive and the object's answer (plain text, not JSON). */
export const PING = "ping";
export const PONG = "pong";
/** The watcher's request for a `state` snapshot (plain text). */
export const SYNC = "sync";

/** The one serialisation of a server message (the object encodes a broadcast once for all its watchers). */
export function encodeServerMessage(message: ServerMessage): string {
  return JSON.stringify(message);
}

/**
 * What a watcher knows after one more public message: `known` folded with a snapshot or a delta.
 * `view` is the new knowledge (the same object when nothing changed: an older or repeated message);
 * `sync` says a snapshot is needed: a delta that starts after what the watcher knows (a missed
 * message), or one before any snapshot.
 */
export function applyServerMessage(
  known: StateMessage | null,
  message: StateMessage | DeltaMessage,
): { view: StateMessage | null; sync: boolean } {
  if (message.type === "state") {
    return { view: known && known.item.version > message.item.version ? known : message, sync: false };
  }
  if (!known) return { view: null, sync: true };
  if (message.item.version <= known.item.version) return { view: known, sync: false };
  if (message.from > known.item.version) return { view: known, sync: true };
  const fresh = message.history.filter((entry) => !known.history.some((old) => old.id === entry.id));
  return {
    view: {
      type: "state",
      item: { ...known.item, ...message.item },
      history: [...fresh, ...known.history].sort((a, b) => b.id - a.id).slice(0, HISTORY_LENGTH),
    },
    sync: false,
  };
}

/** The path a watcher opens for an item. */
export function livePath(code: string): string {
  return `/api/bid-items/${encodeURIComponent(code)}/live`;
}
