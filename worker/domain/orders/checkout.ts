// Checkout (seed 001 §4, §7 `/create-payment-intent`): an order is made from
// the cart rows in D1 — prices from the database, never from the request —
// then a PaymentIntent carrying the order id, with an idempotency key derived
// from the order. A cart whose total is zero (free licences only) needs no
// payment and is fulfilled at once.
import { and, eq, gt, inArray, lt, or } from "drizzle-orm";
import {
  CART_CHANGED,
  CART_EMPTY,
  EXCLUSIVE_SOLD,
  PAYMENT_INIT_FAILED,
  type StartCheckout,
} from "../../../app/kernel/schemas/checkout";
import { runBatch } from "../../db/batch";
import { orderItems, orders, products, type TierFormat, type TierTerms, users } from "../../db/schema";
import { unlessDuplicate } from "../../db/unique";
import { closeAbandoned, PaymentProviderError } from "../../payments";
import { randomId, readableCode, sha256 } from "../../security/crypto";
import { takeAttempt } from "../../security/rate-limit";
import type { Deps } from "../deps";
import { Conflict, Invalid } from "../errors";
import { priceCode, redemptionRefused, redemptions } from "../store/discounts";
import { type CartView, exclusiveSold, listCart } from "./cart";
import { settleOrder } from "./fulfilment";

/** CP-XXXXXXXX: what buyers quote and licences print (the id stays internal). */
export function orderNumber(): string {
  return `CP-${readableCode(8)}`;
}

export const intentIdempotencyKey = (orderId: string) => `order:${orderId}:intent`;

export interface NewOrderItem {
  productId: string;
  sellerId: string;
  sellerUsername: string;
  title: string;
  licenseType: "free" | "non-exclusive" | "exclusive";
  priceCents: number;
  /** The licence tier (ADR 044); null: the product's own licence, every file. */
  tierId?: string | null;
  tierName?: string | null;
  formats?: TierFormat[] | null;
  terms?: TierTerms | null;
  /** Taken off by the order's discount code. */
  discountCents?: number;
}

const itemAmount = (item: NewOrderItem) => item.priceCents - (item.discountCents ?? 0);

/** The statements that write a pending order and its items; run them in one batch. */
export function newOrder(
  deps: Pick<Deps, "db">,
  buyerId: string,
  items: NewOrderItem[],
  provider: "stripe" | "test" | "none",
  freeProductId: string | null = null,
  checkoutKey: string | null = null,
  discountCode: string | null = null,
) {
  const id = crypto.randomUUID();
  const number = orderNumber();
  const amountCents = items.reduce((sum, item) => sum + itemAmount(item), 0);
  const discountCents = items.reduce((sum, item) => sum + (item.discountCents ?? 0), 0);
  const statements = [
    deps.db.insert(orders).values({
      id,
      userId: buyerId,
      number,
      amountCents,
      provider,
      freeProductId,
      checkoutKey,
      discountCode,
      discountCents,
    }),
    deps.db.insert(orderItems).values(
      items.map((item) => ({
        id: crypto.randomUUID(),
        orderId: id,
        productId: item.productId,
        sellerId: item.sellerId,
        sellerUsername: item.sellerUsername,
        title: item.title,
        licenseType: item.licenseType,
        priceCents: item.priceCents,
        tierId: item.tierId ?? null,
        tierName: item.tierName ?? null,
        formats: item.formats ?? null,
        terms: item.terms ?? null,
        discountCents: item.discountCents ?? 0,
        // 128 random bits: the licence's public address must not be guessable.
        licenceCode: randomId(16),
      })),
    ),
  ] as const;
  return { id, number, amountCents, statements };
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

/** The same products, tiers, prices and discounts are the same checkout, whatever their order in the cart. */
async function checkoutKey(
  items: readonly Pick<NewOrderItem, "productId" | "priceCents" | "tierId" | "discountCents">[],
) {
  return sha256(
    items
      .map((item) =>
        item.tierId || item.discountCents
          ? `${item.productId}:${item.priceCents}:${item.tierId ?? ""}:${item.discountCents ?? 0}`
          : `${item.productId}:${item.priceCents}`,
      )
      .sort()
      .join(","),
  );
}

/**
 * The buyer's open order for exactly these items at these prices, made now unless one is waiting.
 * orders_checkout_key_unique admits one order per member and cart: of simultaneous checkouts one
 * batch writes and the others fail whole and take its order, so a burst makes one order (and, through
 * the order's idempotency key, one intent). In the same batch an order gives up its key when it can no
 * longer take this payment (cancelled, refunded, paid for money) or is older than OPEN_ORDER_MS; a
 * settled free order keeps it, so a burst of free checkouts settles one order.
 */
async function openOrder(
  deps: Pick<Deps, "db" | "now">,
  buyerId: string,
  cart: Pick<PricedCart, "items" | "applied" | "discountCode">,
  provider: "stripe" | "test" | "none",
) {
  const { items, applied } = cart;
  const key = await checkoutKey(items);
  const order = newOrder(deps, buyerId, items, provider, null, key, cart.discountCode);
  const written = await unlessDuplicate(
    async () => {
      // The code's redemptions run first in the same batch: its CHECKs fail the whole order when the
      // code is used up or expired (ADR 044); a duplicate cart fails it whole too, taking no use.
      await runBatch(deps.db, [
        ...redemptions(deps, applied),
        deps.db
          .update(orders)
          .set({ checkoutKey: null })
          .where(
            and(
              eq(orders.userId, buyerId),
              eq(orders.checkoutKey, key),
              or(
                inArray(orders.status, ["canceled", "refunded"]),
                and(eq(orders.status, "paid"), gt(orders.amountCents, 0)),
                lt(orders.createdAt, new Date(deps.now() - OPEN_ORDER_MS)),
              ),
            ),
          ),
        ...order.statements,
      ]).catch(async (error) => {
        throw (await redemptionRefused(deps, error, applied)) ?? error;
      });
      return true;
    },
    () => false,
  );
  if (written) return { id: order.id, number: order.number, amountCents: order.amountCents, status: "pending" };
  const [winner] = await deps.db
    .select({ id: orders.id, number: orders.number, amountCents: orders.amountCents, status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, buyerId), eq(orders.checkoutKey, key)));
  // The winner gave its key up between our batch and this read (paid or cancelled meanwhile).
  if (!winner) throw new Conflict(CART_CHANGED, undefined, "cart_changed");
  return winner;
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
      .where(and(inArray(products.id, missing), eq(products.status, "withdrawn"), exclusiveSold))
      .limit(1);
    if (sold.length) return new Conflict(EXCLUSIVE_SOLD, undefined, "exclusive_sold");
  }
  if (missing.length || cart.items.some((item) => item.unavailable))
    return new Conflict(CART_CHANGED, undefined, "cart_changed");
  return null;
}

/**
 * The cart priced for checkout: each item at its tier's price from the database, less the discount
 * code's cents when one is given (which throws the code's reason when it cannot be used).
 */
export async function pricedCart(deps: Pick<Deps, "db" | "now">, userId: string, discountCode?: string) {
  const cart = await listCart(deps, userId);
  const priced =
    discountCode && cart.items.some((item) => !item.unavailable)
      ? await priceCode(
          deps,
          discountCode,
          cart.items.filter((item) => !item.unavailable),
        )
      : null;
  const items = cart.items.map((item) => ({ ...item, discountCents: priced?.off.get(item.productId) ?? 0 }));
  const discountCents = items.reduce((sum, item) => (item.unavailable ? sum : sum + item.discountCents), 0);
  return {
    ...cart,
    items,
    subtotalCents: cart.totalCents,
    discountCents,
    discountCode: priced ? priced.code : null,
    totalCents: cart.totalCents - discountCents,
    applied: priced?.applied ?? [],
  };
}
export type PricedCart = Awaited<ReturnType<typeof pricedCart>>;

/**
 * `productIds`: the product ids the buyer's page showed when they pressed Pay (optional);
 * `discountCode`: the code the buyer typed (optional).
 */
export async function startCheckout(
  deps: Deps,
  buyerId: string,
  { productIds: seen = [], discountCode }: Partial<StartCheckout> = {},
): Promise<CheckoutStarted> {
  await takeAttempt(deps.db, [{ scope: "checkout-member", subject: buyerId, ...CHECKOUT_LIMIT }], deps.now());
  const cart = await pricedCart(deps, buyerId, discountCode);
  const changed = await changedCart(deps, cart, seen);
  if (changed) throw changed;
  if (cart.items.length === 0) throw new Invalid(CART_EMPTY);

  const free = cart.totalCents === 0;
  const provider = free ? "none" : deps.payments.provider;
  const order = await openOrder(deps, buyerId, cart, provider);
  if (free) {
    if (order.status === "pending") await settleOrder(deps, order.id);
    return {
      orderId: order.id,
      number: order.number,
      amountCents: 0,
      clientSecret: null,
      provider,
      publishableKey: null,
    };
  }
  // The receipt goes to the address the account has now; read only when a payment is made.
  const [buyer] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, buyerId));
  try {
    // The order's own idempotency key: an open order gets its first intent back, not another.
    const intent = await deps.payments.createIntent({
      amountCents: order.amountCents,
      currency: "usd",
      kind: "order",
      metadata: { orderId: order.id, orderNumber: order.number },
      idempotencyKey: intentIdempotencyKey(order.id),
      description: `Order ${order.number}`,
      receiptEmail: buyer?.email,
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
