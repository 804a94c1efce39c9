// The auction's shared vocabulary: messages (seed 001 §5, §8 verbatim), the
// live protocol between the gallery page and a BidItem Durable Object, and
// money helpers (prices are integer cents everywhere but the screen).
import type { FormEvent } from "react";
import { z } from "zod";

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

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** An offer amount in dollars from a form or JSON body. */
export const offerSchema = z.object({
  amount: z.coerce
    .number({ error: OFFER_TOO_LOW })
    .refine((n) => Number.isFinite(n) && n > 0, OFFER_TOO_LOW)
    .refine((n) => n <= 10_000_000, "Offer is too large."),
});
