// The auction's rules, one schema per rule, used by the browser (`safeParse` before sending) and by
// the server: create-bid items (admin), member items, offers. Messages are the seed's (001 §5, §8)
// verbatim. The live protocol between the gallery and a BidItem object is `../protocols/bid-item.ts`.
import { z } from "zod";
import { money } from "./money";
import { memberText } from "./text";

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

/** Soft close: an offer in the last 2 minutes extends the sale by 2 minutes. */
export const SOFT_CLOSE_MS = 2 * 60 * 1000;

/** At most this many files per bid item, and items per create-bid form. */
export const MAX_ITEM_FILES = 10;
export const MAX_ITEMS_AT_ONCE = 20;

const title = (message: string) =>
  memberText({ error: message }).trim().min(1, message).max(120, "Title must be at most 120 characters.");
const description = memberText().trim().max(2000, "Description must be at most 2000 characters.").default("");

/** One item of the create-bid form. Invalid items are skipped with the seed's message, not fatal. */
export const bidItemDraft = z.object({
  title: title(ITEM_NEEDS_TITLE_PRICE_FILE),
  description,
  price: money({ message: ITEM_NEEDS_TITLE_PRICE_FILE }),
  /** Completed `bid-media` uploads of the admin (the browser checks its chosen files' count before uploading). */
  mediaIds: z
    .array(z.string().max(64))
    .min(1, ITEM_NEEDS_TITLE_PRICE_FILE)
    .max(MAX_ITEM_FILES, `At most ${MAX_ITEM_FILES} files per item.`),
  /** Optional sale end, ISO date-time in the future; none means the sale stays open until closed by hand. */
  endsAt: z.iso
    .datetime({ offset: true })
    .refine((iso) => Date.parse(iso) > Date.now(), SALE_END_IN_PAST)
    .optional(),
});
export type BidItemDraft = z.output<typeof bidItemDraft>;

export const createBidItemsSchema = z.object({
  items: z.array(z.unknown()).max(MAX_ITEMS_AT_ONCE, `At most ${MAX_ITEMS_AT_ONCE} items at once.`),
});

/** A member's item (gallery form, /memBid): title and offer amount required, with the seed's one message. */
export const memberItemSchema = z.object({
  title: title(MEMBER_ITEM_NEEDS_TITLE_AMOUNT),
  description,
  price: money({ message: MEMBER_ITEM_NEEDS_TITLE_AMOUNT }),
});
export type MemberItemForm = z.output<typeof memberItemSchema>;

export const MAXIMUM_NOT_ABOVE_OWN = "Your new maximum must be higher than your current maximum.";
export const BID_MODE_INVALID = "Choose 'Make Offer' or 'Set Maximum'.";

/**
 * An offer amount in dollars from a form or JSON body: the one money rule, with the seed's message.
 * `mode: "maximum"` makes the amount a maximum the item's object bids up to for the member (ADR 038);
 * a plain offer ('Make Offer', the default) is a maximum equal to its amount, placed at that amount.
 */
export const offerSchema = z.object({
  amount: money({
    message: {
      notANumber: OFFER_TOO_LOW,
      negative: OFFER_TOO_LOW,
      tooSmall: OFFER_TOO_LOW,
      tooLarge: "Offer is too large.",
    },
  }),
  mode: z.enum(["offer", "maximum"], { error: BID_MODE_INVALID }).default("offer"),
});
export type BidMode = z.output<typeof offerSchema>["mode"];

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
