// What an auction lot asks of the admin: its state in words and the only actions that apply.
// The admin's page shows these actions and no others, and the item's object refuses the rest.
/** What of an offer (bid-item.ts) decides a lot's state. */
interface Bid {
  id: number;
  tag: string;
  kind: string;
  status: string;
}

/**
 * open: taking bids (its leading bid may be approved while it is open); not-approved: closed
 * without an approved winner (seed 001: Approve is disabled once the sale is closed);
 * approved: closed with its winner approved; no-bids: closed empty.
 */
export type LotState = "open" | "not-approved" | "approved" | "no-bids";
export type LotAction = "close" | "approve";

export const APPROVE_ONLY_WINNER = "Only the leading bid of an open sale can be approved.";

/** The bid that sets the price: the leader's latest one (a private raise of their maximum is not a bid). */
export function winningOffer<T extends Bid>(offers: T[], leaderTag: string | null): T | null {
  if (leaderTag === null) return null;
  let winning: T | null = null;
  for (const offer of offers) if (offer.tag === leaderTag && offer.kind !== "raise") winning = offer;
  return winning;
}

export function lotState(status: string, offers: Bid[], leaderTag: string | null) {
  const winning = winningOffer(offers, leaderTag);
  const state: LotState =
    status !== "closed" ? "open" : !winning ? "no-bids" : winning.status === "approved" ? "approved" : "not-approved";
  const approvable = state === "open" && winning !== null && winning.status !== "approved";
  const actions: LotAction[] = state === "open" ? (approvable ? ["approve", "close"] : ["close"]) : [];
  return { state, actions, winningOfferId: winning?.id ?? null };
}
