// A payment webhook that arrives before its order (or donation) row commits (issue 48 item 4): answered so Stripe
// delivers it again (non-2xx), nothing recorded of it, then fulfilled exactly once when it comes back.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "../../tests/workers/http";
import { deliverWebhook, intentEvent } from "../../tests/workers/payments";
import { addToCart, insertProduct, quickMember } from "../../tests/workers/store";
import { database } from "../db/client";
import { devOutbox, donations, orderItems, orders, paymentEvents, products, testPaymentIntents } from "../db/schema";

const db = () => database(env.DB);

describe("a payment webhook before its order row", () => {
  it("is answered non-2xx until the order is recorded, then fulfilled once", async () => {
    const seller = await quickMember();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, { quantity: 5 });
    await addToCart(buyer.cookie, productId);
    const started = await call("/api/checkout", { cookie: buyer.cookie, json: {} });
    expect(started.status).toBe(201);
    const { orderId } = await started.json<{ orderId: string }>();
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const payload = await intentEvent(order!.paymentIntentId!, "payment_intent.succeeded", { eventId: "evt_early" });

    // The order's rows are not there yet when the event comes (their insert has not committed).
    await db().delete(orders).where(eq(orders.id, orderId));
    for (let delivery = 0; delivery < 2; delivery++) {
      const early = await deliverWebhook(payload);
      expect(early.status).toBe(409);
      expect((await early.json<any>()).error.code).toBe("not_recorded");
    }
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, "evt_early"))).toEqual([]);

    // The rows commit; Stripe's next delivery fulfils the order, and one after it changes nothing.
    await db().insert(orders).values(order!);
    await db().insert(orderItems).values(items);
    const retried = await deliverWebhook(payload);
    expect(retried.status).toBe(200);
    const fulfilled = await retried.json<Record<string, unknown>>();
    expect(fulfilled).toMatchObject({ received: true });
    expect(fulfilled.duplicate).toBeUndefined();
    const again = await deliverWebhook(payload);
    expect(await again.json()).toMatchObject({ received: true, duplicate: true });

    const [paid] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(paid!.status).toBe("paid");
    expect((await db().select().from(orderItems).where(eq(orderItems.orderId, orderId))).map((i) => i.status)).toEqual([
      "fulfilled",
    ]);
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product!.quantity).toBe(4);
  });

  it("is answered non-2xx until the donation is recorded, then confirmed once", async () => {
    const made = await call("/api/fundraiser/donations", {
      json: { preset: "25", email: "early-donor@example.com" },
    });
    expect(made.status).toBe(201);
    const { donationId } = await made.json<{ donationId: string }>();
    const [donation] = await db().select().from(donations).where(eq(donations.id, donationId));
    const [intent] = await db()
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, donation!.paymentIntentId!));
    const payload = await intentEvent(intent!.id, "payment_intent.succeeded", { eventId: "evt_early_donation" });

    await db().delete(donations).where(eq(donations.id, donationId));
    const early = await deliverWebhook(payload);
    expect(early.status).toBe(409);
    expect((await early.json<any>()).error.code).toBe("not_recorded");

    await db().insert(donations).values(donation!);
    expect((await deliverWebhook(payload)).status).toBe(200);
    expect(await (await deliverWebhook(payload)).json()).toMatchObject({ duplicate: true });
    const [confirmed] = await db().select().from(donations).where(eq(donations.id, donationId));
    expect(confirmed!.status).toBe("succeeded");
    const thanks = await db().select().from(devOutbox).where(eq(devOutbox.to, "early-donor@example.com"));
    expect(thanks).toHaveLength(1);
  });
});
