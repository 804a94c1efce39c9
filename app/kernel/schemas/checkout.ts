// Cart, checkout and the card form (seed 001 §4, §5, §7, §8), shared by the
// pages and the API. Seed messages are verbatim; the rest are ours.
import { z } from "zod";
import { CART_FULL, NAME_ON_CARD_REQUIRED, PRODUCT_UNAVAILABLE } from "./checkout-messages";
import { buyerCodeSchema } from "./discounts";
import { memberText } from "./text";

export * from "./checkout-messages";

/** Ours: a cart is bounded so one order stays within D1's statement limits. */
export const MAX_CART_ITEMS = 50;

/**
 * 'Pay': the products the buyer saw in the cart, so a product that left the cart meanwhile (a sold
 * exclusive is taken out of every cart) is named, not answered with an empty cart.
 */
export const startCheckoutSchema = z.object({
  productIds: z
    .array(z.string().max(64, PRODUCT_UNAVAILABLE), { error: PRODUCT_UNAVAILABLE })
    .max(MAX_CART_ITEMS, CART_FULL)
    .optional(),
  /** A discount code typed by the buyer (ADR 044); priced and redeemed on the server. */
  discountCode: buyerCodeSchema,
});
export type StartCheckout = z.infer<typeof startCheckoutSchema>;

export const addToCartSchema = z.object({
  productId: z.string({ error: PRODUCT_UNAVAILABLE }).trim().min(1, PRODUCT_UNAVAILABLE).max(64, PRODUCT_UNAVAILABLE),
  /** The licence tier (ADR 044); none: the product's own licence. */
  tierId: z.string({ error: PRODUCT_UNAVAILABLE }).trim().max(64, PRODUCT_UNAVAILABLE).optional().nullable(),
});

/** `GET /api/cart?discountCode=…`: the cart priced with a code before paying. */
export const cartQuerySchema = z.object({ discountCode: buyerCodeSchema });

export const nameOnCardSchema = memberText({ error: NAME_ON_CARD_REQUIRED })
  .trim()
  .min(1, NAME_ON_CARD_REQUIRED)
  .max(100, "The name on the card is at most 100 characters.");

// ── The TEST PROVIDER's card form (local development only) ──────────────────

export const CARD_NUMBER_INVALID = "Your card number is invalid.";
export const CARD_NUMBER_INCOMPLETE = "Your card number is incomplete.";
export const CARD_EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";
export const CARD_EXPIRED = "Your card's expiration year is in the past.";
export const CARD_CVC_INCOMPLETE = "Your card's security code is incomplete.";

/** Stripe's public test numbers and what Stripe answers for them. */
export const TEST_CARD_OUTCOMES: Record<string, { code: string; declineCode?: string; message: string } | null> = {
  "4242424242424242": null,
  "4000000000000002": { code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." },
  "4000000000009995": {
    code: "card_declined",
    declineCode: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const digitsOnly = (value: string) => value.replace(/[\s-]/g, "");

export const testCardSchema = z.object({
  number: z
    .string({ error: CARD_NUMBER_INCOMPLETE })
    .transform(digitsOnly)
    .pipe(
      z
        .string()
        .regex(/^\d*$/, CARD_NUMBER_INVALID)
        .min(16, CARD_NUMBER_INCOMPLETE)
        .max(19, CARD_NUMBER_INVALID)
        .refine(luhn, CARD_NUMBER_INVALID),
    ),
  expiry: z
    .string({ error: CARD_EXPIRY_INCOMPLETE })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, CARD_EXPIRY_INCOMPLETE)
    .refine((value) => {
      const [month, year] = value.split("/").map((part) => Number(part.trim()));
      const now = new Date();
      const endOfMonth = new Date(Date.UTC(2000 + year!, month!, 1));
      return endOfMonth.getTime() > now.getTime();
    }, CARD_EXPIRED),
  cvc: z
    .string({ error: CARD_CVC_INCOMPLETE })
    .trim()
    .regex(/^\d{3,4}$/, CARD_CVC_INCOMPLETE),
  name: nameOnCardSchema,
});
export type TestCard = z.infer<typeof testCardSchema>;

export const testConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: testCardSchema,
});
