// Shipping addresses (seed 001 §7 `GET /get-shipping-by-user/{userId}`, `POST /add-shipping`).
// The member is always the session's: a userId in a path or body is never read.
import { SHIPPING_SAVED, shippingSchema } from "../../app/kernel/schemas/shipping";
import { addShippingAddress, deleteShippingAddress, listShippingAddresses } from "../domain/shipping/addresses";
import { memberApi, valid } from "./context";

export const shippingApi = memberApi((app) =>
  app
    .get("/shipping", async (c) => c.json({ shipping: await listShippingAddresses(c.var.deps, c.var.user.id) }))
    .post("/shipping", valid("json", shippingSchema), async (c) => {
      const address = await addShippingAddress(c.var.deps, c.var.user.id, c.req.valid("json"));
      return c.json({ success: true, message: SHIPPING_SAVED, address }, 201);
    })
    .delete("/shipping/:id", async (c) => {
      await deleteShippingAddress(c.var.deps, c.var.user.id, c.req.param("id"));
      return c.body(null, 204);
    }),
);
