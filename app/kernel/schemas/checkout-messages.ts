// The cart's and checkout's messages (seed 001 §8 verbatim, the rest ours), apart from the schemas in
// checkout.ts (which re-exports them): a page that only shows one loads no zod (ADR 051).

// Seed 001 §8, verbatim.
export const ADDED_TO_CART = "Product added to cart.";
export const ADD_TO_CART_FAILED = "Failed to add product to cart.";
export const ADD_TO_CART_ERROR = "Server error while adding to cart.";
export const CART_EMPTY = "Your cart is empty.";
export const PAYMENT_INIT_FAILED = "Unable to initialize payment.";
export const PACKAGING_FAILED = "Payment succeeded, but file packaging failed.";
export const PAYMENT_ERROR = "An error occurred during payment.";

// Ours: why a product cannot go in the cart.
export const ALREADY_IN_CART = "This product is already in your cart.";
/** The cart add's answer for a beat the buyer has bought already (nothing is added). */
export const YOU_OWN_THIS = "You own this.";
export const OWN_PRODUCT = "You cannot buy your own product.";
export const PRODUCT_UNAVAILABLE = "This product is not available.";
export const PRODUCT_SOLD_OUT = "This product is sold out.";
export const EXCLUSIVE_SOLD = "This exclusive licence has already been sold.";
export const CART_FULL = "Your cart can hold at most 50 products.";
export const CART_CHANGED = "Some products in your cart are no longer available. Please review your cart.";
export const NAME_ON_CARD_REQUIRED = "Please enter the name on the card.";
/**
 * A card form posted without the page's script (pressed before it started, or scripts turned off):
 * card payments are confirmed in the browser, so the route action charges nothing and says so.
 */
export const CARD_NEEDS_SCRIPT =
  "Card payments run in your browser: turn on JavaScript, reload the page and try again. Nothing was charged.";
/** Shown (in <noscript>) beside 'Proceed to Payment', which stays disabled until the page's script runs. */
export const PAYMENT_NEEDS_SCRIPT = "Paying by card needs JavaScript: turn it on and reload this page to pay.";
export const THANK_YOU = "Thank you for your purchase! Your files are being packaged.";
