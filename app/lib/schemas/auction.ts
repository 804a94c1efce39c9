// Auction forms: create-bid items (admin), member items, offers. Messages are the seed's (001 §5, §8).
import { z } from "zod";
import { ITEM_NEEDS_TITLE_PRICE_FILE, MEMBER_ITEM_NEEDS_TITLE_AMOUNT } from "../auction";
import { money } from "./money";

export { offerSchema } from "../auction";

/** One item of the create-bid form. Invalid items are skipped with the seed's message, not fatal. */
export const bidItemDraft = z.object({
  title: z
    .string({ error: ITEM_NEEDS_TITLE_PRICE_FILE })
    .trim()
    .min(1, ITEM_NEEDS_TITLE_PRICE_FILE)
    .max(120, "Title must be at most 120 characters."),
  description: z.string().trim().max(2000, "Description must be at most 2000 characters.").default(""),
  price: money({ message: ITEM_NEEDS_TITLE_PRICE_FILE }),
  /** Completed `bid-media` uploads of the admin. */
  mediaIds: z.array(z.string().max(64)).min(1, ITEM_NEEDS_TITLE_PRICE_FILE).max(10, "At most 10 files per item."),
  /** Optional sale end, ISO date-time; none means the sale stays open until closed by hand. */
  endsAt: z.iso.datetime({ offset: true }).optional(),
});
export type BidItemDraft = z.output<typeof bidItemDraft>;

export const createBidItemsSchema = z.object({
  items: z.array(z.unknown()).max(20, "At most 20 items at once."),
});

export const memberItemSchema = z.object({
  title: z
    .string({ error: MEMBER_ITEM_NEEDS_TITLE_AMOUNT })
    .trim()
    .min(1, MEMBER_ITEM_NEEDS_TITLE_AMOUNT)
    .max(120, "Title must be at most 120 characters."),
  description: z.string().trim().max(2000, "Description must be at most 2000 characters.").default(""),
  price: money({ message: MEMBER_ITEM_NEEDS_TITLE_AMOUNT }),
});
export type MemberItemForm = z.output<typeof memberItemSchema>;
