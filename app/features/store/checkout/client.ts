// The checkout page's calls to the API, from the browser, through the typed client (ADR 058).

import { PAYMENT_ERROR, PAYMENT_INIT_FAILED } from "../../../kernel/schemas/checkout-messages";
import { ApiError, api, call } from "../../../lib/api-client";

/**
 * 'Pay' → an order and its PaymentIntent. A changed cart and a sold exclusive have messages of their
 * own; anything else is the seed's 'Unable to initialize payment.'.
 */
export async function startCheckout(productIds: string[], discountCode?: string | null) {
  try {
    return await call(api.checkout.$post({ json: { productIds, ...(discountCode ? { discountCode } : {}) } }));
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.code === "cart_changed" || error.code === "exclusive_sold" || error.code === "discount_unavailable")
    )
      throw error;
    throw new ApiError(PAYMENT_INIT_FAILED, 0, "payment_init_failed");
  }
}

/** What a card confirmation answers, Stripe's or the test provider's. */
export interface ConfirmOutcome {
  error?: { message?: string };
}

export function paymentErrorMessage(outcome: ConfirmOutcome): string {
  return outcome.error?.message || PAYMENT_ERROR;
}

/** An order as the API sends it (its dates are ISO strings on the wire). */
export type OrderView = Awaited<ReturnType<typeof fetchOrder>>;

export function fetchOrder(orderId: string) {
  return call(api.orders[":id"].$get({ param: { id: orderId } }));
}

export function retryPackaging(orderId: string) {
  return call(api.orders[":id"].package.$post({ param: { id: orderId } }));
}
