// Checkout (seed 001 §4, §7 `/create-payment-intent`): an order is made from
// the cart rows in D1 — prices from the database, never from the request —
// then a PaymentIntent carrying the order id, with an idempotency key derived
// from the order. A cart whose total is zero (free licences only) needs no
// payment and is fulfilled at once.
import { and, eq, inArray } from "drizzle-orm";
import { CART_CHANGED, CART_EMPTY, EXCLUSIVE_SOLD, PAYMENT_INIT_FAILED } from "../../../app/lib/schemas/checkout";
import { orderItems, orders, products } from "../../db/schema";
import { PaymentProviderError } from "../../payments";
import { randomId } from "../../security/crypto";
import type { SessionUser } from "../../sessions";
import type { Deps } from "../deps";
import { Conflict, Invalid } from "../errors";
import { type CartView, listCart } from "./cart";
import { settleOrder } from "./fulfilment";

const NUMBER_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** CP-XXXXXXXX: what buyers quote and licences print (the id stays internal). */
export function orderNumber(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `CP-${Array.from(bytes, (b) => NUMBER_ALPHABET[b % NUMBER_ALPHABET.length]).join("")}`;
}

export const intentIdempotencyKey = (orderId: string) => `order:${orderId}:intent`;

export interface NewOrderItem {
  productId: string;
  sellerId: string;
  sellerUsername: string;
  title: string;
  licenseType: "free" | "non-exclusive" | "exclusive";
  priceCents: number;
}

/** The statements that write a pending order and its items; run them in one batch. */
export function newOrder(
  deps: Pick<Deps, "db">,
  buyerId: string,
  items: NewOrderItem[],
  provider: "stripe" | "test" | "none",
  freeProductId: string | null = null,
) {
  const id = crypto.randomUUID();
  const number = orderNumber();
  const amountCents = items.reduce((sum, item) => sum + item.priceCents, 0);
  const statements = [
    deps.db.insert(orders).values({ id, userId: buyerId, number, amountCents, provider, freeProductId }),
    deps.db.insert(orderItems).values(
      items.map((item) => ({
        id: crypto.randomUUID(),
        orderId: id,
        ...item,
        // 128 random bits: the licence's public address must not be guessable.
        licenceCode: randomId(16),
      })),
    ),
  ] as const;
  return { id, number, amountCents, statements };
}

/** Writes a pending order and its items in one batch. */
export async function createOrder(
  deps: Pick<Deps, "db">,
  buyerId: string,
  items: NewOrderItem[],
  provider: "stripe" | "test" | "none",
) {
  const { statements, ...order } = newOrder(deps, buyerId, items, provider);
  await deps.db.batch(statements);
  return order;
}

export interface CheckoutStarted {
  orderId: string;
  number: string;
  amountCents: number;
  /** null for a free order, which is already settled. */
  clientSecret: string | null;
  provider: "stripe" | "test" | "none";
  publishableKey: string | null;
}

/**
 * Why the cart the buyer saw cannot be paid, or null. A sold exclusive is said so by name (it is taken
 * out of every other cart when sold, so it may simply be missing); anything else is 'cart changed'.
 */
async function changedCart(deps: Pick<Deps, "db">, cart: CartView, seen: readonly string[]) {
  const missing = seen.filter((id) => !cart.items.some((item) => item.productId === id));
  if (cart.items.some((item) => item.unavailable === EXCLUSIVE_SOLD))
    return new Conflict(EXCLUSIVE_SOLD, undefined, "exclusive_sold");
  if (missing.length) {
    const sold = await deps.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(inArray(products.id, missing), eq(products.licenseType, "exclusive"), eq(products.status, "withdrawn")),
      )
      .limit(1);
    if (sold.length) return new Conflict(EXCLUSIVE_SOLD, undefined, "exclusive_sold");
  }
  if (missing.length || cart.items.some((item) => item.unavailable))
    return new Conflict(CART_CHANGED, undefined, "cart_changed");
  return null;
}

/** `seen`: the product ids the buyer's page showed when they pressed Pay (optional). */
export async function startCheckout(
  deps: Deps,
  buyer: Pick<SessionUser, "id" | "email">,
  seen: readonly string[] = [],
): Promise<CheckoutStarted> {
  const cart = await listCart(deps, buyer.id);
  const changed = await changedCart(deps, cart, seen);
  if (changed) throw changed;
  if (cart.items.length === 0) throw new Invalid(CART_EMPTY);

  const free = cart.totalCents === 0;
  const provider = free ? "none" : deps.payments.provider;
  const order = await createOrder(deps, buyer.id, cart.items, provider);
  if (free) {
    await settleOrder(deps, order.id);
    return {
      orderId: order.id,
      number: order.number,
      amountCents: 0,
      clientSecret: null,
      provider,
      publishableKey: null,
    };
  }
  try {
    const intent = await deps.payments.createIntent({
      amountCents: order.amountCents,
      currency: "usd",
      kind: "order",
      metadata: { orderId: order.id, orderNumber: order.number },
      idempotencyKey: intentIdempotencyKey(order.id),
      description: `Order ${order.number}`,
      receiptEmail: buyer.email,
    });
    await deps.db.update(orders).set({ paymentIntentId: intent.id }).where(eq(orders.id, order.id));
    return {
      orderId: order.id,
      number: order.number,
      amountCents: order.amountCents,
      clientSecret: intent.clientSecret,
      provider,
      publishableKey: deps.payments.publishableKey,
    };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`payment intent for order ${order.id} failed:`, error.message);
    await deps.db
      .update(orders)
      .set({ status: "canceled", lastPaymentError: error.message })
      .where(eq(orders.id, order.id));
    throw new Conflict(PAYMENT_INIT_FAILED, undefined, "payment_init_failed");
  }
}
