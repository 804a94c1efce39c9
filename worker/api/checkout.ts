// Cart, checkout, orders and purchases (seed 001 §7 `/cart/add-audio`,
// `/cart/{userId}`, `/clear-cart`, `/create-payment-intent`,
// `/generate-purchase-zips`). The member is always the session's: a userId in
// a path or body is never read, so a cart is only ever one's own.
import { Hono } from "hono";
import { LICENCE_UNKNOWN } from "../../app/lib/licences";
import { ADDED_TO_CART, addToCartSchema } from "../../app/lib/schemas/checkout";
import { NotFound } from "../domain/errors";
import { lookUpLicence } from "../domain/licences/licences";
import { addToCart, clearCart, listCart, removeFromCart } from "../domain/orders/cart";
import { startCheckout } from "../domain/orders/checkout";
import { claimFreeProduct, listPurchases, orderStatus, retryPackaging } from "../domain/orders/purchases";
import { type AppEnv, requireUser, signedIn, valid } from "./context";

export const checkoutApi = new Hono<AppEnv>()
  .get("/cart", signedIn, async (c) => c.json(await listCart(c.get("deps"), requireUser(c.get("user")).id)))
  .post("/cart/items", signedIn, valid("json", addToCartSchema), async (c) => {
    await addToCart(c.get("deps"), requireUser(c.get("user")).id, c.req.valid("json").productId);
    return c.json({ message: ADDED_TO_CART }, 201);
  })
  .delete("/cart/items/:productId", signedIn, async (c) => {
    await removeFromCart(c.get("deps"), requireUser(c.get("user")).id, c.req.param("productId"));
    return c.body(null, 204);
  })
  .delete("/cart", signedIn, async (c) => {
    await clearCart(c.get("deps"), requireUser(c.get("user")).id);
    return c.body(null, 204);
  })
  .post("/checkout", signedIn, async (c) => {
    return c.json(await startCheckout(c.get("deps"), requireUser(c.get("user"))), 201);
  })
  .get("/orders/:id", signedIn, async (c) =>
    c.json(await orderStatus(c.get("deps"), requireUser(c.get("user")), c.req.param("id"))),
  )
  .post("/orders/:id/package", signedIn, async (c) =>
    c.json({ package: await retryPackaging(c.get("deps"), requireUser(c.get("user")), c.req.param("id")) }, 202),
  )
  .get("/purchases", signedIn, async (c) =>
    c.json({ purchases: await listPurchases(c.get("deps"), requireUser(c.get("user")).id) }),
  )
  // Public: anyone holding a licence may check it.
  .get("/licences/:code", async (c) => {
    const licence = await lookUpLicence(c.get("deps"), c.req.param("code"));
    if (!licence) throw new NotFound(LICENCE_UNKNOWN);
    return c.json(licence);
  })
  .post("/purchases/free", signedIn, valid("json", addToCartSchema), async (c) => {
    const user = requireUser(c.get("user"));
    return c.json(await claimFreeProduct(c.get("deps"), user.id, c.req.valid("json").productId), 201);
  });
