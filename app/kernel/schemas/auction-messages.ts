// The auction's messages, limits, increment table and masked names (seed 001 §5, §8 verbatim, the
// rest ours), apart from the schemas in auction.ts (which re-exports them): the gallery shows these
// on first load without zod (ADR 051).

export const OFFER_TOO_LOW = "Your offer must be higher than the current price.";
export const OFFER_SUBMITTED = "Offer submitted!";
export const SALE_CLOSED = "Sale Closed";
export const MUST_SIGN_IN = "You must sign in to make an offer.";
export const ADD_SHIPPING_FIRST = "Please add a shipping address before making an offer. Redirecting to Settings…";
/** Ours, not the seed's: shown on a card before a member without an address types an offer. */
export const NEED_ADDRESS_NOTICE = "You need a shipping address before you can make an offer.";
export const ITEM_NEEDS_TITLE_PRICE_FILE = "Each item must have a title, price, and at least one file.";
export const NO_VALID_ITEMS = "No valid items to submit.";
export const MEMBER_ITEM_NEEDS_TITLE_AMOUNT = "Each item must have a title and offer amount.";
export const SALE_END_IN_PAST = "The sale end must be in the future.";

/** Soft close: an offer leaves at least this long after itself (the end becomes max(end, offer + 2 minutes)). */
export const SOFT_CLOSE_MS = 2 * 60 * 1000;

/** At most this many files per bid item, and items per create-bid form. */
export const MAX_ITEM_FILES = 10;
export const MAX_ITEMS_AT_ONCE = 20;

export const MAXIMUM_NOT_ABOVE_OWN = "Your new maximum must be higher than your current maximum.";
export const BID_MODE_INVALID = "Choose 'Make Offer' or 'Set Maximum'.";

/**
 * The bid increment table (published on the gallery): how far the object raises a price when it bids
 * for a maximum. Each row: prices below `belowCents` move by `stepCents`; the last row has no bound.
 */
export const BID_INCREMENTS: readonly { belowCents: number; stepCents: number }[] = [
  { belowCents: 25_00, stepCents: 1_00 },
  { belowCents: 100_00, stepCents: 2_50 },
  { belowCents: 250_00, stepCents: 5_00 },
  { belowCents: 1_000_00, stepCents: 10_00 },
  { belowCents: Number.POSITIVE_INFINITY, stepCents: 25_00 },
];

/** The increment at a price (cents). */
export function incrementAt(priceCents: number): number {
  return BID_INCREMENTS.find((row) => priceCents < row.belowCents)!.stepCents;
}

/** The lowest bid that leads at this price: one increment above it ('Bid again'). */
export function nextBidCents(priceCents: number): number {
  return priceCents + incrementAt(priceCents);
}

/** A bidder as the public history shows them: first and last character around "***" ("j***3"). */
export function maskName(username: string): string {
  const chars = [...username.trim()];
  if (chars.length === 0) return "***";
  return `${chars[0]}***${chars.length > 1 ? chars[chars.length - 1] : ""}`;
}
