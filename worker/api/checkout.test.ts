// Who may do what with carts, orders, purchases and licences: every route
// against a visitor, another member, the owner and the admin; and a forged
// price or amount in a request changes nothing.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { call } from "../../tests/workers/http";
import { addToCart, insertProduct, payCart, quickMember } from "../../tests/workers/store";
import { database } from "../db/client";
import { orders, testPaymentIntents } from "../db/schema";

type Who = "visitor" | "other" | "owner" | "admin";

async function world() {
  const seller = await quickMember();
  const owner = await quickMember();
  const other = await quickMember();
  const admin = await quickMember("admin");
  const productId = await insertProduct(seller.user.id, { priceCents: 1500 });
  const spare = await insertProduct(seller.user.id, { priceCents: 700 });
  await addToCart(owner.cookie, productId);
  const { checkout } = await payCart(owner.cookie);
  await addToCart(owner.cookie, spare);
  const cookies: Record<Who, string | undefined> = {
    visitor: undefined,
    other: other.cookie,
    owner: owner.cookie,
    admin: admin.cookie,
  };
  return { cookies, orderId: checkout.orderId, spare, owner, other };
}

describe("authorisation matrix", () => {
  it("answers every cart, order and purchase route as the caller may see it", async () => {
    const { cookies, orderId, spare } = await world();
    const matrix: [string, string, Record<Who, number>, unknown?][] = [
      ["GET", "/api/cart", { visitor: 401, other: 200, owner: 200, admin: 200 }],
      // The owner has it in the cart already: 200, state 'in_cart' (not an error).
      ["POST", "/api/cart/items", { visitor: 401, other: 201, owner: 200, admin: 201 }, { productId: spare }],
      ["GET", `/api/orders/${orderId}`, { visitor: 401, other: 404, owner: 200, admin: 200 }],
      ["POST", `/api/orders/${orderId}/package`, { visitor: 401, other: 404, owner: 202, admin: 202 }],
      ["GET", "/api/purchases", { visitor: 401, other: 200, owner: 200, admin: 200 }],
      ["POST", "/api/purchases/free", { visitor: 401, other: 400, owner: 400, admin: 400 }, { productId: spare }],
      ["DELETE", `/api/cart/items/${spare}`, { visitor: 401, other: 204, owner: 204, admin: 204 }],
      ["DELETE", "/api/cart", { visitor: 401, other: 204, owner: 204, admin: 204 }],
      ["POST", "/api/checkout", { visitor: 401, other: 400, owner: 400, admin: 400 }, {}],
    ];
    for (const [method, path, expected, json] of matrix) {
      for (const who of ["visitor", "other", "owner", "admin"] as Who[]) {
        const response = await call(path, { method, cookie: cookies[who], json });
        expect(response.status, `${who} ${method} ${path}`).toBe(expected[who]);
        if (response.status === 401)
          expect((await response.json<any>()).error.message).toBe("User is not authenticated.");
      }
    }
  });

  it("lists only one's own cart and purchases, and never removes another member's cart item", async () => {
    const { cookies, orderId, spare, owner, other } = await world();
    await call(`/api/cart/items/${spare}`, { method: "DELETE", cookie: other.cookie });
    await call("/api/cart", { method: "DELETE", cookie: other.cookie });
    const ownerCart = await (await call("/api/cart", { cookie: owner.cookie })).json<any>();
    expect(ownerCart.items.map((i: any) => i.productId)).toEqual([spare]);
    const otherPurchases = await (await call("/api/purchases", { cookie: cookies.other })).json<any>();
    expect(otherPurchases.purchases).toEqual([]);
    const ownerPurchases = await (await call("/api/purchases", { cookie: cookies.owner })).json<any>();
    expect(ownerPurchases.purchases.map((p: any) => p.id)).toEqual([orderId]);
  });

  it("shows one's own cart at another member's /checkOut/:userId and sends a visitor to sign in", async () => {
    const { owner, other } = await world();
    const elsewhere = await call(`/checkOut/${other.user.id}`, { cookie: owner.cookie });
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("location")).toBe(`/checkOut/${owner.user.id}`);
    const own = await call(`/checkOut/${owner.user.id}`, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    const page = await own.text();
    expect(page).toContain("Proceed to Payment");
    expect(page).toContain("$7.00");
    const emptyPage = await (await call(`/checkOut/${other.user.id}`, { cookie: other.cookie })).text();
    expect(emptyPage).toContain("Your cart is empty.");
    const visitor = await call(`/checkOut/${owner.user.id}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/signin\?from=/);
    expect((await call("/purchases")).status).toBe(302);
  }, 60_000);
});

describe("money from the database", () => {
  it("ignores a forged price or amount in every request", async () => {
    const seller = await quickMember();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, { priceCents: 4999 });
    const added = await call("/api/cart/items", {
      cookie: buyer.cookie,
      json: { productId, price: 0.01, priceCents: 1, amount: 1 },
    });
    expect(added.status).toBe(201);
    const started = await call("/api/checkout", {
      cookie: buyer.cookie,
      json: { nameOnCard: "Ada", amount: 1, amountCents: 1, cartItems: [{ projectId: productId, price: 0.01 }] },
    });
    const checkout = await started.json<any>();
    expect(checkout.amountCents).toBe(4999);
    const [order] = await database(env.DB).select().from(orders).where(eq(orders.id, checkout.orderId));
    expect(order!.amountCents).toBe(4999);
    const [intent] = await database(env.DB)
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, order!.paymentIntentId!));
    expect(intent!.amount).toBe(4999);
  });
});

describe("an exclusive sold while another buyer had it in their cart", () => {
  it("tells the second buyer 'This exclusive licence has already been sold.', not 'Unable to initialize payment.'", async () => {
    const seller = await quickMember();
    const first = await quickMember();
    const second = await quickMember();
    const productId = await insertProduct(seller.user.id, { title: "Just One", licenseType: "exclusive" });
    expect((await addToCart(first.cookie, productId)).status).toBe(201);
    expect((await addToCart(second.cookie, productId)).status).toBe(201);
    const { confirmed } = await payCart(first.cookie);
    expect(confirmed.ok).toBe(true);

    // The sale took it out of the second cart; the second buyer's page still shows it.
    await vi.waitFor(async () => {
      const cart = await (await call("/api/cart", { cookie: second.cookie })).json<any>();
      expect(cart.items).toEqual([]);
    });
    const started = await call("/api/checkout", { cookie: second.cookie, json: { productIds: [productId] } });
    expect(started.status).toBe(409);
    expect((await started.json<any>()).error).toMatchObject({
      code: "exclusive_sold",
      message: "This exclusive licence has already been sold.",
    });
  });

  it("answers a product that left the cart for another reason with 'cart changed'", async () => {
    const seller = await quickMember();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, { priceCents: 500 });
    const started = await call("/api/checkout", { cookie: buyer.cookie, json: { productIds: [productId] } });
    expect(started.status).toBe(409);
    expect((await started.json<any>()).error.code).toBe("cart_changed");
  });
});

describe("the cached store page", () => {
  it("no longer shows visitors an exclusive once it is sold", async () => {
    const seller = await quickMember();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, { title: "Only Once", licenseType: "exclusive" });
    const storePage = async () => (await call(`/digiprev/${seller.user.id}`)).text();
    expect(await storePage()).toContain("Only Once");
    expect(await storePage()).toContain("Only Once"); // now served from the edge cache

    expect((await addToCart(buyer.cookie, productId)).status).toBe(201);
    const { confirmed } = await payCart(buyer.cookie);
    expect(confirmed.ok).toBe(true);
    await vi.waitFor(async () => expect(await storePage()).not.toContain("Only Once"), { timeout: 10_000 });
  });
});

describe("the store's counts", () => {
  it("counts a seller's fulfilled sales beside their beats", async () => {
    const seller = await quickMember();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, { title: "Counted Sale", priceCents: 500 });
    await insertProduct(seller.user.id, { title: "Not Sold Yet", priceCents: 700 });
    const stats = async () => (await (await call(`/api/sellers/${seller.user.id}/products`)).json<any>()).stats;
    expect(await stats()).toMatchObject({ beats: 2, sales: 0 });
    expect((await addToCart(buyer.cookie, productId)).status).toBe(201);
    expect((await payCart(buyer.cookie)).confirmed.ok).toBe(true);
    await vi.waitFor(async () => expect(await stats()).toMatchObject({ beats: 2, sales: 1 }), { timeout: 10_000 });
  });
});
