// Store products (seed 001 §7): the seller's calls, and the public store.
//   /digi-upload-product      → POST   /api/products (files first: POST /api/uploads, purposes product-cover / product-audio)
//   /digi-get-products        → GET    /api/products
//   /update-title-desc-price  → PATCH  /api/products/:productId   (one field; also the access toggle)
//   /delete-product-image     → DELETE /api/products/:productId/cover
//   /digi-store/{userId}      → GET    /api/sellers/:userId/products
// The seller is always the session's: a userId in a path or body is never trusted.
import { productChangeSchema, productSchema, UPLOAD_SUCCESSFUL } from "../../app/lib/schemas/products";
import { changeProduct, createProduct, deleteProduct, removeAudioFile, removeCover } from "../domain/store/products";
import { listOwnProducts, listStore } from "../domain/store/views";
import { removeVoiceTag, voiceTagView } from "../domain/store/voice-tag";
import { memberApi, publicApi, valid } from "./context";

const seller = memberApi((app) =>
  app
    .get("/products", async (c) => c.json({ products: await listOwnProducts(c.var.deps, c.var.user.id) }))
    .post("/products", valid("json", productSchema), async (c) => {
      const saved = await createProduct(c.var.deps, c.var.user.id, c.req.valid("json"));
      return c.json({ message: UPLOAD_SUCCESSFUL, ...saved }, 201);
    })
    .patch("/products/:productId", valid("json", productChangeSchema), async (c) => {
      const product = await changeProduct(c.var.deps, c.var.user.id, c.req.param("productId"), c.req.valid("json"));
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
    .delete("/products/:productId", async (c) => {
      await deleteProduct(c.var.deps, c.var.user.id, c.req.param("productId"));
      return c.body(null, 204);
    })
    .delete("/products/:productId/cover", async (c) => {
      await removeCover(c.var.deps, c.var.user.id, c.req.param("productId"));
      return c.body(null, 204);
    })
    .delete("/products/:productId/files/:fileId", async (c) => {
      await removeAudioFile(c.var.deps, c.var.user.id, c.req.param("productId"), c.req.param("fileId"));
      return c.body(null, 204);
    })
    .get("/voice-tag", async (c) => c.json({ voiceTag: await voiceTagView(c.var.deps, c.var.user.id) }))
    .delete("/voice-tag", async (c) => {
      await removeVoiceTag(c.var.deps, c.var.user.id);
      return c.body(null, 204);
    }),
);

// Visitors may browse a store.
const store = publicApi().get("/sellers/:userId/products", async (c) =>
  c.json(await listStore(c.var.deps, c.var.user?.id ?? null, c.req.param("userId"))),
);

export const productsApi = publicApi().route("/", seller).route("/", store);
