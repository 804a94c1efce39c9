// The live protocol between a BidItem Durable Object (`worker/domain/auction/bid-item.ts`) and the
// gallery page (`app/components/auction/use-live-items.ts`): one module for both sides, as in
// Cloudflare's durable-chat template, so what the object sends and what the page accepts cannot drift.
//
//   watcher → object   GET /api/bid-items/:code/live (WebSocket upgrade); then "ping" (keep-alive) and
//                      "sync" (asks for a `state` snapshot: the watcher found a gap in the deltas)
//   object → watcher   "pong" for a ping; a `ServerMessage` (JSON): on connect and on "sync" the
//                      `state` snapshot (item and newest bids); after every change a `delta` (what
//                      changed and the new bids only, encoded once for every watcher, ADR 061); to a
//                      signed-in member's own sockets only, `you` (their private maximum, ADR 038).
//   A watcher folds these with `applyServerMessage` into what it shows.
import { z } from "zod";

/** An item as the object holds it; `version` grows with every change, so a receiver never goes backwards. */
export const itemState = z.object({
  shortCode: z.string(),
  title: z.string(),
  priceCents: z.number().int(),
  status: z.enum(["open", "closed"]),
  endsAt: z.number().nullable(),
  version: z.number().int(),
  /** Bids placed (a member's own raise of their maximum is private and not counted). */
  bids: z.number().int(),
  /** The leading bidder's tag (a per-item pseudonym, see `bidderTag`), null before the first bid. */
  leader: z.string().nullable(),
});
export type ItemState = z.infer<typeof itemState>;

/** One line of the public bid history: never a maximum, only the bids it produced. */
export const historyEntry = z.object({
  /** The bid's number on this item (in the order the object accepted bids). */
  id: z.number().int(),
  amountCents: z.number().int(),
  at: z.number(),
  /** The bidder's masked name ("j***3"). */
  bidder: z.string(),
  tag: z.string(),
  /** Placed by the object for the bidder's maximum. */
  auto: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** How many of the newest bids a state message carries (and a watcher keeps). */
export const HISTORY_LENGTH = 10;

/** The item's fields a change can move (everything but the title), all absolute values, none a difference. */
export const itemChange = itemState.omit({ title: true });
export type ItemChange = z.infer<typeof itemChange>;

/** The one `delta` shape this module sends and reads; a change of shape is a new number (an older page asks for snapshots). */
export const DELTA_VERSION = 1;

/**
 * What a BidItem sends its watchers: the public `state` snapshot (with the newest bids, newest
 * first); after each change the public `delta`; to one member's own sockets, `you`: their tag and
 * maximum (null before they bid).
 *
 * A `delta` takes a watcher that knows version `from` (or any version after it, up to `item.version`)
 * to `item.version`: `item` carries the moved fields whole, `history` the bids accepted since
 * `from` (newest first, at most HISTORY_LENGTH). One delta may cover several changes (the object
 * coalesces a burst into one message per turn), so `from` is the version of the previous delta,
 * not always `item.version - 1`.
 */
export const serverMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("state"), item: itemState, history: z.array(historyEntry) }),
  z.object({
    type: z.literal("delta"),
    v: z.literal(DELTA_VERSION),
    from: z.number().int(),
    item: itemChange,
    history: z.array(historyEntry),
  }),
  z.object({ type: z.literal("you"), shortCode: z.string(), tag: z.string(), maxCents: z.number().int().nullable() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;
export type StateMessage = Extract<ServerMessage, { type: "state" }>;
export type DeltaMessage = Extract<ServerMessage, { type: "delta" }>;

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

/** A received frame → the message it carries, or null for anything else (never throws). */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== "string" || data === PONG) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = serverMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The path a watcher opens for an item. */
export function livePath(code: string): string {
  return `/api/bid-items/${encodeURIComponent(code)}/live`;
}
