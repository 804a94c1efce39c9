// The zod side of the BidItem live protocol (`./bid-item.ts`): the shapes of what an object sends,
// and the one parse a receiver runs. Apart from the rest of the protocol so that a page can fold and
// show messages with zod loaded only when its first socket opens (ADR 051): the gallery's first load
// stays within the public budget. The object and the tests import it directly.
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

/** A received frame → the message it carries, or null for anything else (never throws). */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = serverMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}
