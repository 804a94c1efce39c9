// The auction's rules, one schema per rule, used by the browser (`safeParse` before sending) and by
// the server: create-bid items (admin), member items, offers. Messages are the seed's (001 §5, §8)
// verbatim. The live protocol between the gallery and a BidItem object is `../protocols/bid-item.ts`.
import { z } from "zod";
import {
  BID_MODE_INVALID,
  ITEM_NEEDS_TITLE_PRICE_FILE,
  MAX_ITEM_FILES,
  MAX_ITEMS_AT_ONCE,
  MEMBER_ITEM_NEEDS_TITLE_AMOUNT,
  OFFER_TOO_LOW,
  SALE_END_IN_PAST,
} from "./auction-messages";
import { money } from "./money";
import { memberText } from "./text";

export * from "./auction-messages";

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
