// Shipping addresses (seed 001 §7 `GET /get-shipping-by-user/{userId}`, `POST /add-shipping`).
// The member is always the session's: a userId in a path or body is never read.
import { Hono } from "hono";
import { SHIPPING_SAVED, shippingSchema } from "../../app/lib/schemas/shipping";
import { addShippingAddress, deleteShippingAddress, listShippingAddresses } from "../domain/shipping/addresses";
import { type AppEnv, requireUser, signedIn, valid } from "./context";

export const shipping = new Hono<AppEnv>()
  .get("/shipping", signedIn, async (c) => {
    const user = requireUser(c.get("user"));
    return c.json({ shipping: await listShippingAddresses(c.get("deps"), user.id) });
  })
  .post("/shipping", signedIn, valid("json", shippingSchema), async (c) => {
    const user = requireUser(c.get("user"));
    const address = await addShippingAddress(c.get("deps"), user.id, c.req.valid("json"));
    return c.json({ success: true, message: SHIPPING_SAVED, address }, 201);
  })
  .delete("/shipping/:id", signedIn, async (c) => {
    const user = requireUser(c.get("user"));
    await deleteShippingAddress(c.get("deps"), user.id, c.req.param("id"));
    return c.body(null, 204);
  });
