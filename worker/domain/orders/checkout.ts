// Checkout (seed 001 §4, §7 `/create-payment-intent`): an order is made from
// the cart rows in D1 — prices from the database, never from the request —
// then a PaymentIntent carrying the order id, with an idempotency key derived
// from the order. A cart whose total is zero (free licences only) needs no
// payment and is fulfilled at once.
import { and, desc, eq, gt, inArray, isNotNull, lt } from "drizzle-orm";
import { CART_CHANGED, CART_EMPTY, EXCLUSIVE_SOLD, PAYMENT_INIT_FAILED } from "../../../app/lib/schemas/checkout";
import { orderItems, orders, products } from "../../db/schema";
import { closeAbandoned, PaymentProviderError } from "../../payments";
import { randomId } from "../../security/crypto";
import { takeAttempt } from "../../security/rate-limit";
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

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** Checkouts per member (issue 27 item 3): each may create a payment intent. */
export const CHECKOUT_LIMIT = { max: 10, windowMs: 10 * MINUTE } as const;
/** A pending order this young is still open: checking out the same cart again returns it and its intent. */
export const OPEN_ORDER_MS = HOUR;
/** A pending order this old was abandoned: the sweep cancels its intent (Stripe's idempotency keys last a day). */
export const ABANDONED_ORDER_MS = 24 * HOUR;

const sameItems = (a: { productId: string; priceCents: number }[], b: { productId: string; priceCents: number }[]) => {
  const key = (items: typeof a) =>
    items
      .map((item) => `${item.productId}:${item.priceCents}`)
      .sort()
      .join(",");
  return key(a) === key(b);
};

/** The buyer's open order for exactly these items at these prices, if one is waiting for payment. */
async function openOrderFor(deps: Pick<Deps, "db" | "now">, buyerId: string, items: NewOrderItem[]) {
  const candidates = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, buyerId),
        eq(orders.status, "pending"),
        isNotNull(orders.paymentIntentId),
        gt(orders.createdAt, new Date(deps.now() - OPEN_ORDER_MS)),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(5);
  for (const order of candidates) {
    const rows = await deps.db
      .select({ productId: orderItems.productId, priceCents: orderItems.priceCents })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    if (sameItems(rows, items)) return order;
  }
  return null;
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
  await takeAttempt(deps.db, [{ scope: "checkout-member", subject: buyer.id, ...CHECKOUT_LIMIT }], deps.now());
  const cart = await listCart(deps, buyer.id);
  const changed = await changedCart(deps, cart, seen);
  if (changed) throw changed;
  if (cart.items.length === 0) throw new Invalid(CART_EMPTY);

  const free = cart.totalCents === 0;
  const provider = free ? "none" : deps.payments.provider;
  const open = free ? null : await openOrderFor(deps, buyer.id, cart.items);
  const order = open ?? (await createOrder(deps, buyer.id, cart.items, provider));
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
    // The order's own idempotency key: an open order gets its first intent back, not another.
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

/** Pending orders abandoned for a day: their intent is cancelled (so it can no longer be paid) and the order too. */
export async function sweepAbandonedOrders(deps: Pick<Deps, "db" | "payments" | "now">) {
  const stale = await deps.db
    .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.createdAt, new Date(deps.now() - ABANDONED_ORDER_MS))))
    .limit(100);
  await closeAbandoned(deps.payments, stale, (id) =>
    deps.db
      .update(orders)
      .set({ status: "canceled" })
      .where(and(eq(orders.id, id), eq(orders.status, "pending"))),
  );
}
