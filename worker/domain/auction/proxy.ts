// Proxy bidding (ADR 038): what one bid does to an item's price and leader, as a pure function the
// BidItem object calls inside its synchronous check-and-write. Amounts are integer cents.
//
// - A maximum bids for its member by the increment table, only as far as needed to lead: the
//   second-highest maximum plus one increment, capped at the leader's maximum.
// - A plain offer ('Make Offer') is a maximum equal to its amount, placed at that amount (so the
//   seed's rule, "higher than the current price", and its price-becomes-the-offer are unchanged).
// - Two equal maximums: the earlier leads.
import { type BidMode, incrementAt, MAXIMUM_NOT_ABOVE_OWN, OFFER_TOO_LOW } from "../../../app/kernel/schemas/auction";

export type Leader = { id: string; maxCents: number } | null;

export type ProxyOutcome =
  | { ok: false; message: string }
  | {
      ok: true;
      /** The item's price after the bid. */
      priceCents: number;
      /** Who leads after the bid, and up to what. */
      leaderId: string;
      leaderMaxCents: number;
      /** The bid placed for the bidder (their line in the history), or null for a private raise of their own maximum. */
      bidCents: number | null;
      /** The leader's automatic answer (a second history line), when the bidder's maximum did not beat theirs. */
      autoCents: number | null;
    };

export function proxyBid(
  priceCents: number,
  leader: Leader,
  bidderId: string,
  maxCents: number,
  mode: BidMode,
): ProxyOutcome {
  if (!(maxCents > priceCents)) return { ok: false, message: OFFER_TOO_LOW };
  const placedAt = (floorCents: number) => (mode === "offer" ? maxCents : Math.min(maxCents, floorCents));

  if (leader === null) {
    const bid = placedAt(priceCents + incrementAt(priceCents));
    return { ok: true, priceCents: bid, leaderId: bidderId, leaderMaxCents: maxCents, bidCents: bid, autoCents: null };
  }
  if (leader.id === bidderId) {
    if (mode === "offer") {
      const leaderMaxCents = Math.max(leader.maxCents, maxCents);
      return {
        ok: true,
        priceCents: maxCents,
        leaderId: bidderId,
        leaderMaxCents,
        bidCents: maxCents,
        autoCents: null,
      };
    }
    // A leader raising their own maximum moves no price: nobody bid against it.
    if (maxCents <= leader.maxCents) return { ok: false, message: MAXIMUM_NOT_ABOVE_OWN };
    return { ok: true, priceCents, leaderId: bidderId, leaderMaxCents: maxCents, bidCents: null, autoCents: null };
  }
  if (maxCents > leader.maxCents) {
    const bid = placedAt(leader.maxCents + incrementAt(leader.maxCents));
    return { ok: true, priceCents: bid, leaderId: bidderId, leaderMaxCents: maxCents, bidCents: bid, autoCents: null };
  }
  // The leader's maximum holds (an equal one too: the earlier leads); the object answers for them.
  const auto = Math.min(leader.maxCents, maxCents + incrementAt(maxCents));
  return {
    ok: true,
    priceCents: auto,
    leaderId: leader.id,
    leaderMaxCents: leader.maxCents,
    bidCents: maxCents,
    autoCents: auto,
  };
}
