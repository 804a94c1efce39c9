// The checkout page's calls to the API, from the browser.

import type { CheckoutStarted } from "../../../worker/domain/orders/checkout";
import type { OrderView } from "../../../worker/domain/orders/purchases";
import { PAYMENT_ERROR, PAYMENT_INIT_FAILED } from "../../lib/schemas/checkout";

export type { OrderView };

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function callApi<T>(url: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    credentials: "same-origin",
    headers: { accept: "application/json", ...(init.json === undefined ? {} : { "content-type": "application/json" }) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  // 204 (a DELETE) has no body to read: that is success.
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as
    | (T & { error?: { code?: string; message?: string } })
    | null;
  if (!response.ok || !body) {
    throw new ApiError(body?.error?.message ?? `HTTP ${response.status}`, body?.error?.code ?? "http", response.status);
  }
  return body;
}

/**
 * 'Pay' → an order and its PaymentIntent. A changed cart and a sold exclusive have messages of their
 * own; anything else is the seed's 'Unable to initialize payment.'.
 */
export async function startCheckout(
  nameOnCard: string,
  productIds: string[],
  discountCode?: string | null,
): Promise<CheckoutStarted> {
  try {
    return await callApi<CheckoutStarted>("/api/checkout", {
      json: { nameOnCard, productIds, ...(discountCode ? { discountCode } : {}) },
    });
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.code === "cart_changed" || error.code === "exclusive_sold" || error.code === "discount_unavailable")
    )
      throw error;
    throw new ApiError(PAYMENT_INIT_FAILED, "payment_init_failed", 0);
  }
}

/** What a card confirmation answers, Stripe's or the test provider's. */
export interface ConfirmOutcome {
  error?: { message?: string };
}

export function paymentErrorMessage(outcome: ConfirmOutcome): string {
  return outcome.error?.message || PAYMENT_ERROR;
}

export function fetchOrder(orderId: string) {
  return callApi<OrderView>(`/api/orders/${encodeURIComponent(orderId)}`);
}

export function retryPackaging(orderId: string) {
  return callApi<{ package: OrderView["package"] }>(`/api/orders/${encodeURIComponent(orderId)}/package`, {
    method: "POST",
  });
}
