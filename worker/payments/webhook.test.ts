// The one webhook under forged, repeated, late and racing deliveries: it must
// fulfil exactly what was paid for, once, and never sell more than exists.
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "../../tests/workers/http";
import { deliverWebhook, intentEvent as eventFor, signWebhook } from "../../tests/workers/payments";
import { addToCart, insertProduct, payCart, quickMember } from "../../tests/workers/store";
import { database } from "../db/client";
import { cartItems, orderItems, orders, paymentEvents, products, testPaymentIntents } from "../db/schema";

const db = () => database(env.DB);

async function startOrder(cookie: string) {
  const response = await call("/api/checkout", { cookie, json: {} });
  expect(response.status).toBe(201);
  return response.json<{ orderId: string; clientSecret: string; amountCents: number }>();
}

/** The event Stripe would send for an order's intent, as it stands in the test provider. */
async function intentEvent(orderId: string, type: string, eventId?: string) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  return eventFor(order!.paymentIntentId!, type, { eventId });
}

/** A seller's product in a new buyer's cart, checked out: a pending order with its test intent. */
async function pendingOrder(product: Parameters<typeof insertProduct>[1]) {
  const seller = await quickMember();
  const buyer = await quickMember();
  const productId = await insertProduct(seller.user.id, product);
  await addToCart(buyer.cookie, productId);
  const { orderId } = await startOrder(buyer.cookie);
  return { productId, orderId, buyer };
}

async function itemsOf(orderId: string) {
  return db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
}

describe("payment webhook", () => {
  it("answers a bad signature with 400 and fulfils nothing", async () => {
    const { productId, orderId } = await pendingOrder({ quantity: 5 });
    const payload = await intentEvent(orderId, "payment_intent.succeeded");

    const forged = await deliverWebhook(payload, "whsec_not_ours");
    expect(forged.status).toBe(400);
    expect((await forged.json<any>()).error.code).toBe("bad_signature");
    const unsigned = await call("/api/payments/webhook", { body: payload });
    expect(unsigned.status).toBe(400);
    const altered = await call("/api/payments/webhook", {
      body: payload.replace(/"amount_received":\d+/, '"amount_received":999999'),
      headers: {
        "stripe-signature": await signWebhook(payload),
      },
    });
    expect(altered.status).toBe(400);

    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("pending");
    expect((await itemsOf(orderId))[0]!.status).toBe("pending");
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product!.quantity).toBe(5);
    expect(await db().select().from(paymentEvents)).toHaveLength(0);
  });

  it("answers a correctly signed but malformed event with 400 and fulfils nothing", async () => {
    const { orderId } = await pendingOrder({ quantity: 5 });
    const good = JSON.parse(await intentEvent(orderId, "payment_intent.succeeded"));
    const object = good.data.object;
    const malformed = [
      { ...good, id: `evt_${crypto.randomUUID()}`, data: undefined },
      {
        ...good,
        id: `evt_${crypto.randomUUID()}`,
        data: { object: { ...object, metadata: { ...object.metadata, orderId: { id: orderId } } } },
      },
      { ...good, id: `evt_${crypto.randomUUID()}`, data: { object: { ...object, amount_received: "lots" } } },
      { ...good, id: `evt_${crypto.randomUUID()}`, data: { object: { ...object, metadata: "order" } } },
      { ...good, id: 42 },
      { ...good, id: `evt_${crypto.randomUUID()}`, data: { object: null } },
    ];
    for (const event of malformed) {
      const response = await deliverWebhook(JSON.stringify(event));
      expect(response.status, JSON.stringify(event).slice(0, 120)).toBe(400);
      expect((await response.json<any>()).error.code).toBe("malformed_event");
    }
    const notJson = await deliverWebhook("{not json");
    expect(notJson.status).toBe(400);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("pending");
    expect((await itemsOf(orderId))[0]!.status).toBe("pending");
    // The well-formed event still fulfils.
    expect((await deliverWebhook(JSON.stringify(good))).status).toBe(200);
    expect((await itemsOf(orderId))[0]!.status).toBe("fulfilled");
  });

  it("fulfils the same event delivered twice only once", async () => {
    const { productId, orderId } = await pendingOrder({ quantity: 5 });
    const payload = await intentEvent(orderId, "payment_intent.succeeded", "evt_twice");

    const first = await deliverWebhook(payload);
    expect(first.status).toBe(200);
    const second = await deliverWebhook(payload);
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ received: true, duplicate: true });
    // A different event id for the same payment (Stripe may also do that) changes nothing either.
    expect((await deliverWebhook(await intentEvent(orderId, "payment_intent.succeeded"))).status).toBe(200);

    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product!.quantity).toBe(4);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("paid");
  });

  it("keeps a paid order paid when a failure or cancel event arrives late", async () => {
    const { productId, orderId } = await pendingOrder({ quantity: 2 });
    const failedFirst = await intentEvent(orderId, "payment_intent.payment_failed");
    const canceled = await intentEvent(orderId, "payment_intent.canceled");

    expect((await deliverWebhook(await intentEvent(orderId, "payment_intent.succeeded"))).status).toBe(200);
    expect((await deliverWebhook(failedFirst)).status).toBe(200);
    expect((await deliverWebhook(canceled)).status).toBe(200);

    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "paid", lastPaymentError: null });
    expect((await itemsOf(orderId))[0]!.status).toBe("fulfilled");
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product!.quantity).toBe(1);
  });

  it("ignores a succeeded event whose amount is not the order's", async () => {
    const { orderId } = await pendingOrder({ priceCents: 5000 });
    const payload = (await intentEvent(orderId, "payment_intent.succeeded")).replace(
      /"amount_received":\d+/,
      '"amount_received":100',
    );
    expect((await deliverWebhook(payload)).status).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("pending");
  });

  it("sells an exclusive once when two buyers pay at the same moment; the other is refunded and told", async () => {
    const seller = await quickMember();
    const [a, b, c] = await Promise.all([quickMember(), quickMember(), quickMember()]);
    const productId = await insertProduct(seller.user.id, { licenseType: "exclusive", priceCents: 25000 });
    for (const buyer of [a!, b!, c!]) expect((await addToCart(buyer.cookie, productId)).status).toBe(201);

    const [payA, payB] = await Promise.all([payCart(a!.cookie), payCart(b!.cookie)]);
    expect([payA.result.status, payB.result.status]).toEqual(["succeeded", "succeeded"]);

    const ids = [payA.checkout.orderId, payB.checkout.orderId];
    const sold = await db().select().from(orderItems).where(inArray(orderItems.orderId, ids));
    expect(sold.map((item) => item.status).sort()).toEqual(["fulfilled", "refunded"]);
    const loser = sold.find((item) => item.status === "refunded")!;
    const [refunded] = await db().select().from(orders).where(eq(orders.id, loser.orderId));
    expect(refunded).toMatchObject({ status: "refunded", refundedCents: 25000, refundDueCents: 0 });
    expect(refunded!.notice).toContain("$250.00 has been refunded to your card");
    const [intent] = await db()
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, refunded!.paymentIntentId!));
    expect(intent!.amountRefunded).toBe(25000);

    // Withdrawn from the store and from every other cart at once.
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product!.status).toBe("withdrawn");
    expect(await db().select().from(cartItems).where(eq(cartItems.productId, productId))).toEqual([]);
    const again = await addToCart(c!.cookie, productId);
    expect((await again.json<any>()).error.message).toBe("This exclusive licence has already been sold.");
  });

  it("sells exactly 10 of a product with quantity 10 to 50 buyers paying at once, and refunds the other 40", async () => {
    const seller = await quickMember();
    const productId = await insertProduct(seller.user.id, { quantity: 10, priceCents: 300 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => quickMember()));
    for (const buyer of buyers) expect((await addToCart(buyer.cookie, productId)).status).toBe(201);

    const paid = await Promise.all(buyers.map((buyer) => payCart(buyer.cookie)));
    expect(paid.every((p) => p.result.status === "succeeded")).toBe(true);

    const ids = paid.map((p) => p.checkout.orderId);
    const items = await db().select().from(orderItems).where(inArray(orderItems.orderId, ids));
    expect(items.filter((i) => i.status === "fulfilled")).toHaveLength(10);
    expect(items.filter((i) => i.status === "refunded")).toHaveLength(40);
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product!.quantity).toBe(0);
    const all = await db().select().from(orders).where(inArray(orders.id, ids));
    expect(all.filter((o) => o.status === "paid")).toHaveLength(10);
    expect(all.filter((o) => o.status === "refunded" && o.refundedCents === 300)).toHaveLength(40);
    const revenue = all.reduce((sum, o) => sum + o.amountCents - o.refundedCents, 0);
    expect(revenue).toBe(3000);
  }, 120_000);
});
