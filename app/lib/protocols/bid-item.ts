// The live protocol between a BidItem Durable Object (`worker/domain/auction/bid-item.ts`) and the
// gallery page (`app/components/auction/use-live-items.ts`): one module for both sides, as in
// Cloudflare's durable-chat template, so what the object sends and what the page accepts cannot drift.
//
//   watcher → object   GET /api/bid-items/:code/live (WebSocket upgrade); then only "ping" (keep-alive)
//   object → watcher   "pong" for a ping; a `ServerMessage` (JSON) on connect and after every change:
//                      `state` (public, encoded once for every watcher) and, to a signed-in member's own
//                      sockets only, `you` (their private maximum, ADR 038)
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

/** How many of the newest bids a state message carries. */
export const HISTORY_LENGTH = 10;

/**
 * What a BidItem sends its watchers: the public `state` (with the newest bids, newest first) and,
 * to one member's own sockets, `you`: their tag and maximum (null before they bid).
 */
export const serverMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("state"), item: itemState, history: z.array(historyEntry) }),
  z.object({ type: z.literal("you"), shortCode: z.string(), tag: z.string(), maxCents: z.number().int().nullable() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

/** The watcher's keep-alive and the object's answer (plain text, not JSON). */
export const PING = "ping";
export const PONG = "pong";

/** The one serialisation of a server message (the object encodes a broadcast once for all its watchers). */
export function encodeServerMessage(message: ServerMessage): string {
  return JSON.stringify(message);
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
