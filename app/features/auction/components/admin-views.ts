// What the admin's auction lists show (the pages' loaders build these) and how their buttons'
// answers are handled. The buttons post through fetchers to the action of the page they are on
// (/theAdministrator or /memitem), with the intents approve-item, deny-item, approve-offer and close-sale.
import { useEffect, useRef } from "react";

export interface MemberItemView {
  id: string;
  title: string;
  description: string;
  priceCents: number;
  shortCode: string;
  status: "pending" | "approved" | "denied";
  createdAt: number;
}

export interface OfferView {
  id: number;
  username: string;
  email: string;
  amountCents: number;
  /** The bidder's maximum with this bid (a plain offer's is its amount); the admin's eyes only. */
  maxCents: number;
  /** 'auto': placed by the item's object for the leader's maximum; 'raise': a leader raising their own maximum. */
  kind: "offer" | "maximum" | "auto" | "raise";
  status: "accepted" | "approved";
}

/** A bidder in the standing of an item: their highest maximum. */
export interface BidderView {
  username: string;
  email: string;
  maxCents: number;
}

/** A lot's state as the server decides it (worker/domain/auction/lot-state.ts). */
export type LotStateView = "open" | "not-approved" | "approved" | "no-bids";

export interface OfferGroupView {
  shortCode: string;
  title: string;
  closed: boolean;
  state: LotStateView;
  /** The only buttons the lot shows; the server refuses the others. */
  actions: ("close" | "approve")[];
  /** The bid that sets the price (the winner's once closed). */
  winningOfferId: number | null;
  endsAt: number | null;
  priceCents: number | null;
  /** Who leads (the winner once closed) and the runner-up, with their maximums. */
  leader: BidderView | null;
  runnerUp: BidderView | null;
  offers: OfferView[];
}

/** What the pages' actions answer to these intents. */
export type AdminResult =
  | { intent: string; target: string; ok: true }
  | { intent: string; target: string; error: { code: string; message: string } };

export const DENY_CONFIRM = "Deny this item?";
export const CLOSE_CONFIRM = "Close this item for further offers?";

/** A fetcher's answer, handled once (a re-render must not repeat it). */
export function useResult(fetcher: { data?: unknown; state: string }, handle: (result: AdminResult) => void) {
  const handled = useRef<unknown>(null);
  const handleRef = useRef(handle);
  useEffect(() => {
    handleRef.current = handle;
  });
  useEffect(() => {
    const result = fetcher.data as AdminResult | undefined;
    if (!result || handled.current === result) return;
    handled.current = result;
    handleRef.current(result);
  }, [fetcher.data]);
}
