// The auction's shared vocabulary: messages (seed 001 §5, §8 verbatim), the
// live protocol between the gallery page and a BidItem Durable Object. Money: `schemas/money.ts`.
import type { FormEvent } from "react";
import { z } from "zod";
import { money } from "./schemas/money";

export const OFFER_TOO_LOW = "Your offer must be higher than the current price.";
export const OFFER_SUBMITTED = "Offer submitted!";
export const SALE_CLOSED = "Sale Closed";
export const MUST_SIGN_IN = "You must sign in to make an offer.";
export const ADD_SHIPPING_FIRST = "Please add a shipping address before making an offer. Redirecting to Settings…";
export const ITEM_NEEDS_TITLE_PRICE_FILE = "Each item must have a title, price, and at least one file.";
export const NO_VALID_ITEMS = "No valid items to submit.";
export const MEMBER_ITEM_NEEDS_TITLE_AMOUNT = "Each item must have a title and offer amount.";

/**
 * The submit handler of the member item forms (gallery and /memBid): without a title or an offer
 * amount the form is not sent and `setError` gets the seed's message; otherwise the error clears.
 */
export function checkMemberItem(setError: (message: string | null) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    if (!String(form.get("title") ?? "").trim() || !String(form.get("price") ?? "").trim()) {
      event.preventDefault();
      setError(MEMBER_ITEM_NEEDS_TITLE_AMOUNT);
      return;
    }
    setError(null);
  };
}

/** Soft close: an offer in the last 2 minutes extends the sale by 2 minutes. */
export const SOFT_CLOSE_MS = 2 * 60 * 1000;

export const itemState = z.object({
  shortCode: z.string(),
  title: z.string(),
  priceCents: z.number().int(),
  status: z.enum(["open", "closed"]),
  endsAt: z.number().nullable(),
  version: z.number().int(),
});
export type ItemState = z.infer<typeof itemState>;

/** What a BidItem sends its watchers over the WebSocket. */
export const liveMessage = z.object({ type: z.literal("state"), item: itemState });
export type LiveMessage = z.infer<typeof liveMessage>;

/** An offer amount in dollars from a form or JSON body: the one money rule, with the seed's message. */
export const offerSchema = z.object({
  amount: money({
    message: {
      notANumber: OFFER_TOO_LOW,
      negative: OFFER_TOO_LOW,
      tooSmall: OFFER_TOO_LOW,
      tooLarge: "Offer is too large.",
    },
  }),
});
