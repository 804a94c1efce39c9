// A visitor's 'Add to Cart' kept through sign-in (issue 45 item 5.3): the pending add travels as ids,
// the server adds it after the password is checked, at the database's price, and the member lands
// on the cart, which names the product from the cart (never from the address).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, cookieFrom, signUp } from "../../../tests/workers/http";
import { addToCart, insertProduct, payCart } from "../../../tests/workers/store";
import { database } from "../../db/client";
import { cartItems } from "../../db/schema";

function signIn(form: { email: string; password: string }, extra: Record<string, string>) {
  return call("/signin", {
    method: "POST",
    body: new URLSearchParams({ email: form.email, password: form.password, ...extra }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

const cartOf = (userId: string) => database(env.DB).select().from(cartItems).where(eq(cartItems.userId, userId));

describe("a pending 'Add to Cart' through sign-in", { timeout: 30_000 }, () => {
  it("names the product on the sign-in page, adds it once signed in and lands on the cart saying so", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const productId = await insertProduct(seller.user.id, { title: "Night Drive", priceCents: 2450 });

    const page = await call(`/signin?from=${encodeURIComponent(`/digiprev/${seller.user.id}`)}&add=${productId}`);
    const html = await page.text();
    expect(html).toContain("Sign in to add <strong>Night Drive</strong> to your cart.");
    expect(html).toMatch(new RegExp(`name="add" value="${productId}"`));

    // A price in the request is ignored: only ids are read.
    const response = await signIn(buyer.form, { add: productId, priceCents: "1", price: "0.01" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/checkOut/${buyer.user.id}?added=${productId}`);
    expect((await cartOf(buyer.user.id)).map((row) => row.productId)).toEqual([productId]);

    const cart = await call(response.headers.get("location")!, { cookie: cookieFrom(response) });
    const cartHtml = await cart.text();
    expect(cartHtml).toContain("Added Night Drive to your cart");
    expect(cartHtml).toContain("$24.50");

    // Signing in again with the same pending add: already there, still the cart with the message.
    const again = await signIn(buyer.form, { add: productId });
    expect(again.headers.get("location")).toBe(`/checkOut/${buyer.user.id}?added=${productId}`);
    expect(await cartOf(buyer.user.id)).toHaveLength(1);
  });

  it("a beat the member bought already is not added: they land on their purchases", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const productId = await insertProduct(seller.user.id, { title: "Owned Beat", priceCents: 900 });
    expect((await addToCart(buyer.cookie, productId)).status).toBe(201);
    await payCart(buyer.cookie);
    const response = await signIn(buyer.form, { add: productId });
    expect(response.headers.get("location")).toBe("/purchases");
    expect(await cartOf(buyer.user.id)).toEqual([]);
  });

  it("one's own product or an unknown one is not added; the cart says why, from a closed list", async () => {
    const seller = await signUp();
    const own = await insertProduct(seller.user.id, { title: "Mine" });
    const mine = await signIn(seller.form, { add: own });
    expect(mine.headers.get("location")).toBe(`/checkOut/${seller.user.id}?notAdded=own_product`);
    const page = await (await call(mine.headers.get("location")!, { cookie: cookieFrom(mine) })).text();
    expect(page).toContain("Failed to add product to cart. You cannot buy your own product.");

    const unknown = await signIn(seller.form, { add: "no-such-product" });
    expect(unknown.headers.get("location")).toBe(`/checkOut/${seller.user.id}?notAdded=unavailable`);
    expect(await cartOf(seller.user.id)).toEqual([]);

    // A private product is neither named on the sign-in page nor added.
    const hidden = await insertProduct(seller.user.id, { title: "Secret Draft", accessType: "private" });
    const other = await signUp();
    const signinPage = await (await call(`/signin?add=${hidden}`)).text();
    expect(signinPage).not.toContain("Secret Draft");
    expect(signinPage).not.toContain('name="add"');
    const refused = await signIn(other.form, { add: hidden });
    expect(refused.headers.get("location")).toBe(`/checkOut/${other.user.id}?notAdded=unavailable`);
    expect(await cartOf(other.user.id)).toEqual([]);
  });

  it("a wrong password adds nothing", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const productId = await insertProduct(seller.user.id);
    const response = await signIn({ email: buyer.form.email, password: "wrong password here" }, { add: productId });
    expect(response.headers.get("location")?.startsWith("/checkOut")).not.toBe(true);
    expect(await cartOf(buyer.user.id)).toEqual([]);
  });
});
