// Cart to paid order through the whole Worker: the API, the test provider's
// card confirmation and the signed webhook it sends through the real route.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../../tests/workers/console";
import { call, signUp } from "../../../tests/workers/http";
import { addToCart, insertProduct, payCart } from "../../../tests/workers/store";
import { database } from "../../db/client";
import { jobs, orderItems, orders, products, testPaymentIntents } from "../../db/schema";
import { PaymentProviderError, type Payments } from "../../payments";
import { runSweeps } from "../../sweeps";
import { makeDeps } from "../deps";
import { startCheckout } from "./checkout";

const db = () => database(env.DB);

describe("cart and checkout", () => {
  it("adds to the cart with the seed's message, lists it, answers a second add with its state, refuses one's own product", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const productId = await insertProduct(seller.user.id, { title: "Night Drive", priceCents: 1999 });
    const added = await addToCart(buyer.cookie, productId);
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ message: "Product added to cart.", state: "added" });

    // Not an error: the page shows 'In your cart' from this state.
    const again = await addToCart(buyer.cookie, productId);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: "This product is already in your cart.", state: "in_cart" });
    const own = await addToCart(seller.cookie, productId);
    expect((await own.json<any>()).error.message).toBe("You cannot buy your own product.");

    const cart = await (await call("/api/cart", { cookie: buyer.cookie })).json<any>();
    expect(cart.totalCents).toBe(1999);
    expect(cart.items).toEqual([
      expect.objectContaining({
        productId,
        title: "Night Drive",
        sellerUsername: seller.form.username,
        licenseType: "non-exclusive",
        priceCents: 1999,
        unavailable: null,
      }),
    ]);
  });

  it("refuses a private, sold-out, withdrawn or deleted product with a clear message", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const refusal = async (productId: string) => {
      const response = await addToCart(buyer.cookie, productId);
      return [response.status, (await response.json<any>()).error.message];
    };
    const hidden = await insertProduct(seller.user.id, { accessType: "private" });
    expect(await refusal(hidden)).toEqual([404, "This product is not available."]);
    const soldOut = await insertProduct(seller.user.id, { quantity: 0 });
    expect(await refusal(soldOut)).toEqual([409, "This product is sold out."]);
    const withdrawn = await insertProduct(seller.user.id);
    await db().update(products).set({ status: "withdrawn" }).where(eq(products.id, withdrawn));
    expect(await refusal(withdrawn)).toEqual([409, "This product is not available."]);
    const deleted = await insertProduct(seller.user.id);
    await db().update(products).set({ status: "deleted" }).where(eq(products.id, deleted));
    expect(await refusal(deleted)).toEqual([404, "This product is not available."]);
    expect(await refusal("no-such-product")).toEqual([404, "This product is not available."]);
  });

  it("answers a visitor with 401 'User is not authenticated.'", async () => {
    const response = await call("/api/cart/items", { json: { productId: "x" } });
    expect(response.status).toBe(401);
    expect((await response.json<any>()).error.message).toBe("User is not authenticated.");
  });

  it("pays with 4242…, fulfils on the signed webhook, empties the cart and queues the package", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const productId = await insertProduct(seller.user.id, { priceCents: 1250, quantity: 3 });
    await addToCart(buyer.cookie, productId);
    const { checkout, confirmed, result } = await payCart(buyer.cookie);
    expect(checkout.amountCents).toBe(1250);
    expect(confirmed.status).toBe(200);
    expect(result.status).toBe("succeeded");

    const [order] = await db().select().from(orders).where(eq(orders.id, checkout.orderId));
    expect(order).toMatchObject({ status: "paid", amountCents: 1250, refundedCents: 0 });
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product!.quantity).toBe(2);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, checkout.orderId));
    expect(item!.status).toBe("fulfilled");
    const [job] = await db().select().from(jobs).where(eq(jobs.id, order!.packageJobId!));
    expect(job!.kind).toBe("purchase");
    const cart = await (await call("/api/cart", { cookie: buyer.cookie })).json<any>();
    expect(cart.items).toEqual([]);

    // Bought: adding it again adds nothing and says the buyer owns it.
    const owned = await addToCart(buyer.cookie, productId);
    expect(owned.status).toBe(200);
    expect(await owned.json()).toEqual({ message: "You own this.", state: "owned" });
    const after = await (await call("/api/cart", { cookie: buyer.cookie })).json<any>();
    expect(after.items).toEqual([]);
  });

  it("shows a declined card's message as-is and fulfils nothing", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const productId = await insertProduct(seller.user.id, { quantity: 1 });
    await addToCart(buyer.cookie, productId);
    const declined = await payCart(buyer.cookie, "4000 0000 0000 0002");
    expect(declined.confirmed.status).toBe(402);
    expect(declined.result.error.message).toBe("Your card was declined.");
    const poor = await payCart(buyer.cookie, "4000 0000 0000 9995");
    expect(poor.result.error.message).toBe("Your card has insufficient funds.");
    const [order] = await db().select().from(orders).where(eq(orders.id, poor.checkout.orderId));
    expect(order).toMatchObject({ status: "pending", lastPaymentError: "Your card has insufficient funds." });
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product!.quantity).toBe(1);
    const cart = await (await call("/api/cart", { cookie: buyer.cookie })).json<any>();
    expect(cart.items).toHaveLength(1);
  });

  it("says 'Unable to initialize payment.' when the provider refuses, and leaves the order cancelled and the cart as it was", async () => {
    expectConsoleError(/payment intent for order .+ failed/);
    const seller = await signUp();
    const buyer = await signUp();
    const productId = await insertProduct(seller.user.id, { priceCents: 999 });
    await addToCart(buyer.cookie, productId);
    const refusing: Payments = {
      provider: "stripe",
      publishableKey: "pk_test",
      createIntent: async () => {
        throw new PaymentProviderError("Invalid API Key provided: sk_test_***");
      },
      refund: async () => ({ id: "re", status: "succeeded" }),
      cancelIntent: async () => true,
      verifyEvent: async () => {
        throw new Error("unused");
      },
    };
    const deps = { ...makeDeps(env, "http://localhost"), payments: refusing };
    await expect(startCheckout(deps, buyer.user.id)).rejects.toThrow("Unable to initialize payment.");
    const [order] = await db().select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(order).toMatchObject({ status: "canceled", lastPaymentError: "Invalid API Key provided: sk_test_***" });
    const cart = await (await call("/api/cart", { cookie: buyer.cookie })).json<any>();
    expect(cart.items).toHaveLength(1);
  });
  it("returns the open order and its intent for the same cart, limits checkouts, and sweeps abandoned orders (issue 27 item 3)", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const first = await insertProduct(seller.user.id, { priceCents: 500 });
    const second = await insertProduct(seller.user.id, { priceCents: 700 });
    await addToCart(buyer.cookie, first);
    const burst = await Promise.all(
      Array.from({ length: 3 }, () => call("/api/checkout", { cookie: buyer.cookie, json: {} })),
    );
    expect(burst.map((r) => r.status)).toEqual([201, 201, 201]);
    const again = await (await call("/api/checkout", { cookie: buyer.cookie, json: {} })).json<any>();
    // A changed cart is a new order.
    await addToCart(buyer.cookie, second);
    const changed = await (await call("/api/checkout", { cookie: buyer.cookie, json: {} })).json<any>();
    expect(changed.orderId).not.toBe(again.orderId);
    expect(changed.amountCents).toBe(1200);
    const repeat = await (await call("/api/checkout", { cookie: buyer.cookie, json: {} })).json<any>();
    expect(repeat).toMatchObject({ orderId: changed.orderId, clientSecret: changed.clientSecret });
    const made = await db().select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(made.length).toBeLessThanOrEqual(4);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await call("/api/checkout", { cookie: buyer.cookie, json: {} })).status);
    expect(statuses.slice(0, 4)).toEqual([201, 201, 201, 201]);
    expect(statuses.slice(4)).toEqual([429, 429]);

    await runSweeps(env, Date.now() + 25 * 60 * 60 * 1000);
    const swept = await db().select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(swept.map((o) => o.status)).toEqual(swept.map(() => "canceled"));
    const [intent] = await db()
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, swept[0]!.paymentIntentId!));
    expect(intent!.status).toBe("canceled");
  });

  it("makes one order and one intent from a burst of identical checkouts by one member (issue 27 item 3)", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    await addToCart(buyer.cookie, await insertProduct(seller.user.id, { priceCents: 500 }));
    await addToCart(buyer.cookie, await insertProduct(seller.user.id, { priceCents: 700 }));
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => call("/api/checkout", { cookie: buyer.cookie, json: {} })),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(6).fill(201));
    const started = await Promise.all(burst.map((r) => r.json<any>()));
    expect(new Set(started.map((s) => s.orderId)).size).toBe(1);
    expect(new Set(started.map((s) => s.clientSecret)).size).toBe(1);
    const made = await db().select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: "pending", amountCents: 1200 });
    const intents = await db()
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.idempotencyKey, `order:${made[0]!.id}:intent`));
    expect(intents).toHaveLength(1);
    expect(made[0]!.paymentIntentId).toBe(intents[0]!.id);
    // One more checkout of the same cart takes that order too, and pays it.
    const paid = await payCart(buyer.cookie, "4242 4242 4242 4242");
    expect(paid.checkout.orderId).toBe(made[0]!.id);
    expect(paid.confirmed.status).toBe(200);
  });

  it("settles one free order from a burst of identical free checkouts", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    await addToCart(buyer.cookie, await insertProduct(seller.user.id, { licenseType: "free" }));
    const burst = await Promise.all(
      Array.from({ length: 4 }, () => call("/api/checkout", { cookie: buyer.cookie, json: {} })),
    );
    const started = await Promise.all(burst.map((r) => r.json<any>()));
    expect(burst.map((r) => r.status)).toEqual(Array(4).fill(201));
    expect(new Set(started.map((s) => s.orderId)).size).toBe(1);
    const made = await db().select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(made.map((o) => o.status)).toEqual(["paid"]);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, made[0]!.id));
    expect(items.map((i) => i.status)).toEqual(["fulfilled"]);
  });

  it("lists a buyer's purchases, with their items and packages, waiting on D1 at most twice whatever their number", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const bought: string[] = [];
    for (let i = 0; i < 3; i++) {
      await addToCart(buyer.cookie, await insertProduct(seller.user.id, { priceCents: 300 + i }));
      const paid = await payCart(buyer.cookie, "4242 4242 4242 4242");
      expect(paid.confirmed.status).toBe(200);
      bought.push(paid.checkout.orderId);
    }
    const listed = await (await call("/api/purchases", { cookie: buyer.cookie })).json<any>();
    expect(listed.purchases.map((p: any) => p.id).sort()).toEqual([...bought].sort());
    for (const purchase of listed.purchases) {
      expect(purchase.items).toHaveLength(1);
      expect(purchase.items[0].licenceCode).toEqual(expect.any(String));
      expect(purchase.package).toMatchObject({ kind: "purchase" });
    }
    for (const path of ["/purchases", "/renderfiles"]) {
      const page = await call(path, { cookie: buyer.cookie });
      expect(page.status).toBe(200);
      expect(Number(page.headers.get("x-d1-waits")), path).toBeLessThanOrEqual(2);
    }
  });
});
