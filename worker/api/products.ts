// Store products (seed 001 §7): the seller's calls, and the public store.
//   /digi-upload-product      → POST   /api/products (files first: POST /api/uploads, purposes product-cover / product-audio)
//   /digi-get-products        → GET    /api/products
//   /update-title-desc-price  → PATCH  /api/products/:productId   (one field; also the access toggle)
//   /delete-product-image     → DELETE /api/products/:productId/cover
//   /digi-store/{userId}      → GET    /api/sellers/:userId/products
// The seller is always the session's: a userId in a path or body is never trusted.
import { Hono } from "hono";
import { productChangeSchema, productSchema, UPLOAD_SUCCESSFUL } from "../../app/lib/schemas/products";
import { changeProduct, createProduct, deleteProduct, removeAudioFile, removeCover } from "../domain/store/products";
import { listOwnProducts, listStore } from "../domain/store/views";
import { removeVoiceTag, voiceTagView } from "../domain/store/voice-tag";
import { type AppEnv, requireUser, signedIn, valid } from "./context";

export const productsApi = new Hono<AppEnv>()
  .get("/products", signedIn, async (c) => {
    return c.json({ products: await listOwnProducts(c.get("deps"), requireUser(c.get("user")).id) });
  })
  .post("/products", signedIn, valid("json", productSchema), async (c) => {
    const saved = await createProduct(c.get("deps"), requireUser(c.get("user")).id, c.req.valid("json"));
    return c.json({ message: UPLOAD_SUCCESSFUL, ...saved }, 201);
  })
  .patch("/products/:productId", signedIn, valid("json", productChangeSchema), async (c) => {
    const user = requireUser(c.get("user"));
    const product = await changeProduct(c.get("deps"), user.id, c.req.param("productId"), c.req.valid("json"));
    return c.json({
      product: {
        id: product.id,
        title: product.title,
        description: product.description,
        priceCents: product.priceCents,
        quantity: product.quantity,
        accessType: product.accessType,
      },
    });
  })
  .delete("/products/:productId", signedIn, async (c) => {
    await deleteProduct(c.get("deps"), requireUser(c.get("user")).id, c.req.param("productId"));
    return c.body(null, 204);
  })
  .delete("/products/:productId/cover", signedIn, async (c) => {
    await removeCover(c.get("deps"), requireUser(c.get("user")).id, c.req.param("productId"));
    return c.body(null, 204);
  })
  .delete("/products/:productId/files/:fileId", signedIn, async (c) => {
    const user = requireUser(c.get("user"));
    await removeAudioFile(c.get("deps"), user.id, c.req.param("productId"), c.req.param("fileId"));
    return c.body(null, 204);
  })
  .get("/voice-tag", signedIn, async (c) => {
    return c.json({ voiceTag: await voiceTagView(c.get("deps"), requireUser(c.get("user")).id) });
  })
  .delete("/voice-tag", signedIn, async (c) => {
    await removeVoiceTag(c.get("deps"), requireUser(c.get("user")).id);
    return c.body(null, 204);
  })
  // Visitors may browse a store.
  .get("/sellers/:userId/products", async (c) => {
    return c.json(await listStore(c.get("deps"), c.get("user")?.id ?? null, c.req.param("userId")));
  });
