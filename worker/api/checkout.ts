// Cart, checkout, orders and purchases (seed 001 §7 `/cart/add-audio`,
// `/cart/{userId}`, `/clear-cart`, `/create-payment-intent`,
// `/generate-purchase-zips`). The member is always the session's: a userId in
// a path or body is never read, so a cart is only ever one's own.
import { LICENCE_UNKNOWN } from "../../app/kernel/licences";
import {
  ADDED_TO_CART,
  ALREADY_IN_CART,
  addToCartSchema,
  cartQuerySchema,
  startCheckoutSchema,
  YOU_OWN_THIS,
} from "../../app/kernel/schemas/checkout";
import { NotFound } from "../domain/errors";
import { lookUpLicence } from "../domain/licences/licences";
import { addToCart, clearCart, removeFromCart, withCoverLinks } from "../domain/orders/cart";
import { pricedCart, startCheckout } from "../domain/orders/checkout";
import { claimFreeProduct, listPurchases, orderStatus, retryPackaging } from "../domain/orders/purchases";
import { memberApi, publicApi, valid } from "./context";

const shopping = memberApi((app) =>
  app
    .get("/cart", valid("query", cartQuerySchema), async (c) => {
      const {
        applied: _codes,
        items,
        ...cart
      } = await pricedCart(c.var.deps, c.var.user.id, c.req.valid("query").discountCode);
      return c.json({ ...cart, items: await withCoverLinks(c.var.deps, items) });
    })
    .post("/cart/items", valid("json", addToCartSchema), async (c) => {
      const { productId, tierId } = c.req.valid("json");
      // Already in the cart, or bought before: not an error; the state says which (nothing is added).
      const state = await addToCart(c.var.deps, c.var.user.id, productId, tierId ?? null);
      if (state === "in_cart") return c.json({ message: ALREADY_IN_CART, state }, 200);
      if (state === "owned") return c.json({ message: YOU_OWN_THIS, state }, 200);
      return c.json({ message: ADDED_TO_CART, state }, 201);
    })
    .delete("/cart/items/:productId", async (c) => {
      await removeFromCart(c.var.deps, c.var.user.id, c.req.param("productId"));
      return c.body(null, 204);
    })
    .delete("/cart", async (c) => {
      await clearCart(c.var.deps, c.var.user.id);
      return c.body(null, 204);
    })
    .post("/checkout", valid("json", startCheckoutSchema), async (c) => {
      return c.json(await startCheckout(c.var.deps, c.var.user.id, c.req.valid("json")), 201);
    })
    .get("/orders/:id", async (c) => c.json(await orderStatus(c.var.deps, c.var.user, c.req.param("id"))))
    .post("/orders/:id/package", async (c) =>
      c.json({ package: await retryPackaging(c.var.deps, c.var.user, c.req.param("id")) }, 202),
    )
    .get("/purchases", async (c) => c.json({ purchases: await listPurchases(c.var.deps, c.var.user.id) }))
    .post("/purchases/free", valid("json", addToCartSchema), async (c) =>
      c.json(await claimFreeProduct(c.var.deps, c.var.user.id, c.req.valid("json").productId), 201),
    ),
);

// Public: anyone holding a licence may check it.
const licences = publicApi().get("/licences/:code", async (c) => {
  const licence = await lookUpLicence(c.var.deps, c.req.param("code"));
  if (!licence) throw new NotFound(LICENCE_UNKNOWN);
  return c.json(licence);
});

export const checkoutApi = publicApi().route("/", shopping).route("/", licences);
