// Discount codes (issue 33, ADR 044): the seller's form and the buyer's
// field, shared by the pages and the API. The seed has no discounts: every
// message here is ours.
import { z } from "zod";
import { money } from "./money";

export const DISCOUNT_UNKNOWN = "This discount code is not valid.";
export const DISCOUNT_EXPIRED = "This discount code has expired.";
export const DISCOUNT_USED_UP = "This discount code has been used up.";
export const DISCOUNT_NOT_APPLICABLE = "This discount code does not apply to the items in your cart.";
export const DISCOUNT_NOT_FOUND = "Discount code not found.";
export const DISCOUNT_CODE_TAKEN = "You already have a discount code with this name.";
export const DISCOUNT_CODE_INVALID = "A code is 3 to 30 letters, digits, dashes or underscores.";
export const DISCOUNT_PERCENT_INVALID = "A percentage is a whole number from 1 to 100.";
export const DISCOUNT_USES_INVALID = "The number of uses is a whole number from 1 to 1,000,000, or empty for no limit.";
export const DISCOUNT_EXPIRY_INVALID = "The expiry must be a date in the future.";

export const discountCodeSchema = z
  .string({ error: DISCOUNT_CODE_INVALID })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,30}$/, DISCOUNT_CODE_INVALID);

/** The buyer's code, optional wherever a cart is priced. */
export const buyerCodeSchema = z
  .string({ error: DISCOUNT_UNKNOWN })
  .trim()
  .max(30, DISCOUNT_UNKNOWN)
  .regex(/^[A-Za-z0-9_-]*$/, DISCOUNT_UNKNOWN)
  .optional()
  .transform((code) => code || undefined);

const common = {
  code: discountCodeSchema,
  productId: z.string().trim().max(64).optional().nullable(),
  /** An ISO date or date-time; a date alone expires at the end of that day (UTC). */
  expiresAt: z
    .string({ error: DISCOUNT_EXPIRY_INVALID })
    .trim()
    .optional()
    .nullable()
    .transform((value, ctx) => {
      if (!value) return null;
      const when = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value);
      if (Number.isNaN(when) || when <= Date.now()) {
        ctx.addIssue({ code: "custom", message: DISCOUNT_EXPIRY_INVALID });
        return z.NEVER;
      }
      return when;
    }),
  maxUses: z
    .number({ error: DISCOUNT_USES_INVALID })
    .int(DISCOUNT_USES_INVALID)
    .min(1, DISCOUNT_USES_INVALID)
    .max(1_000_000, DISCOUNT_USES_INVALID)
    .optional()
    .nullable(),
};

export const discountSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("percent"),
      value: z
        .number({ error: DISCOUNT_PERCENT_INVALID })
        .int(DISCOUNT_PERCENT_INVALID)
        .min(1, DISCOUNT_PERCENT_INVALID)
        .max(100, DISCOUNT_PERCENT_INVALID),
      ...common,
    }),
    z.object({ kind: z.literal("amount"), value: money(), ...common }),
  ],
  { error: "Choose a percentage or an amount." },
);
export type DiscountForm = z.infer<typeof discountSchema>;
