// Store products (seed 001 §7): the seller's calls, and the public store.
//   /digi-upload-product      → POST   /api/products (files first: POST /api/uploads, purposes product-cover / product-audio)
//   /digi-get-products        → GET    /api/products
//   /update-title-desc-price  → PATCH  /api/products/:productId   (one field; also the access toggle)
//   /delete-product-image     → DELETE /api/products/:productId/cover
//   /digi-store/{userId}      → GET    /api/sellers/:userId/products
// The seller is always the session's: a userId in a path or body is never trusted.
import { z } from "zod";
import { newTierSchema, TEMPLATE_NOT_FOUND, TIER_TEMPLATE_IDS, tierValuesSchema } from "../../app/kernel/licence-tiers";
import { beatDetailsSchema, storeQuerySchema } from "../../app/kernel/schemas/beat-details";
import { discountSchema } from "../../app/kernel/schemas/discounts";
import { freeDeliverySchema, freeDownloadSchema } from "../../app/kernel/schemas/free-downloads";
import { productChangeSchema, productSchema, UPLOAD_SUCCESSFUL } from "../../app/kernel/schemas/products";
import { salesRangeSchema } from "../../app/kernel/schemas/sales";
import { changeDetails, countPlay } from "../domain/store/details";
import { createDiscount, deleteDiscount, listDiscounts } from "../domain/store/discounts";
import { directFreeFile, freeDownloadLeads, sendFreeDownload, setFreeDelivery } from "../domain/store/free-downloads";
import { changeProduct, createProduct, deleteProduct, removeAudioFile, removeCover } from "../domain/store/products";
import { salesCsv, salesReport } from "../domain/store/sales";
import { addTier, changeTier, listTemplates, removeTier, saveTemplate } from "../domain/store/tiers";
import { listOwnProducts, listStore, ownProductView } from "../domain/store/views";
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
      return c.json({ product: await ownProductView(c.var.deps, product) });
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
    .put("/products/:productId/details", valid("json", beatDetailsSchema), async (c) => {
      await changeDetails(c.var.deps, c.var.user.id, c.req.param("productId"), c.req.valid("json"));
      return c.body(null, 204);
    })
    // Licence tiers and templates (ADR 044).
    .post("/products/:productId/tiers", valid("json", newTierSchema), async (c) =>
      c.json({ tier: await addTier(c.var.deps, c.var.user.id, c.req.param("productId"), c.req.valid("json")) }, 201),
    )
    .put("/products/:productId/tiers/:tierId", valid("json", tierValuesSchema), async (c) =>
      c.json({
        tier: await changeTier(
          c.var.deps,
          c.var.user.id,
          c.req.param("productId"),
          c.req.param("tierId"),
          c.req.valid("json"),
        ),
      }),
    )
    .delete("/products/:productId/tiers/:tierId", async (c) => {
      await removeTier(c.var.deps, c.var.user.id, c.req.param("productId"), c.req.param("tierId"));
      return c.body(null, 204);
    })
    .get("/licence-templates", async (c) => c.json({ templates: await listTemplates(c.var.deps, c.var.user.id) }))
    .put(
      "/licence-templates/:template",
      valid("param", z.object({ template: z.enum(TIER_TEMPLATE_IDS, { error: TEMPLATE_NOT_FOUND }) })),
      valid("json", tierValuesSchema),
      async (c) =>
        c.json({
          template: await saveTemplate(c.var.deps, c.var.user.id, c.req.valid("param").template, c.req.valid("json")),
        }),
    )
    // The sales view and its CSV export (issue 33).
    .get("/sales", valid("query", salesRangeSchema), async (c) =>
      c.json(await salesReport(c.var.deps, c.var.user.id, c.req.valid("query"))),
    )
    .get("/sales.csv", valid("query", salesRangeSchema), async (c) =>
      c.body(salesCsv(await salesReport(c.var.deps, c.var.user.id, c.req.valid("query"))), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="sales.csv"',
      }),
    )
    // A free beat asks for an e-mail (ADR 055, the default) or downloads directly (ADR 062).
    .put("/products/:productId/free-delivery", valid("json", freeDeliverySchema), async (c) => {
      await setFreeDelivery(c.var.deps, c.var.user.id, c.req.param("productId"), c.req.valid("json"));
      return c.body(null, 204);
    })
    // Free downloads given for an e-mail address (ADR 055): the seller's leads.
    .get("/free-downloads", async (c) => c.json({ leads: await freeDownloadLeads(c.var.deps, c.var.user.id) }))
    // Discount codes (ADR 044).
    .get("/discounts", async (c) => c.json({ discounts: await listDiscounts(c.var.deps, c.var.user.id) }))
    .post("/discounts", valid("json", discountSchema), async (c) =>
      c.json({ discount: await createDiscount(c.var.deps, c.var.user.id, c.req.valid("json")) }, 201),
    )
    .delete("/discounts/:id", async (c) => {
      await deleteDiscount(c.var.deps, c.var.user.id, c.req.param("id"));
      return c.body(null, 204);
    })
    .get("/voice-tag", async (c) => c.json({ voiceTag: await voiceTagView(c.var.deps, c.var.user.id) }))
    .delete("/voice-tag", async (c) => {
      await removeVoiceTag(c.var.deps, c.var.user.id);
      return c.body(null, 204);
    }),
);

// Visitors may browse a store.
const store = publicApi()
  .get("/sellers/:userId/products", valid("query", storeQuerySchema), async (c) =>
    c.json(await listStore(c.var.deps, c.var.user?.id ?? null, c.req.param("userId"), c.req.valid("query"))),
  )
  // A free beat's link, e-mailed to an address whose owner agreed to hear from the producer (ADR 055).
  .post("/products/:productId/free-download", valid("json", freeDownloadSchema), async (c) =>
    c.json(await sendFreeDownload(c.var.deps, c.var.caller, c.req.param("productId"), c.req.valid("json")), 202),
  )
  // A free beat its seller lets download directly (ADR 062): a fresh signed link to the original.
  .get("/products/:productId/free-files/:fileId", async (c) =>
    c.redirect(
      await directFreeFile(
        c.var.deps,
        c.var.caller,
        c.var.user?.id ?? null,
        c.req.param("productId"),
        c.req.param("fileId"),
      ),
      302,
    ),
  )
  // A preview started on a store page: counted for popularity and the seller's sales view.
  .post("/products/:productId/plays", async (c) => {
    await countPlay(c.var.deps, c.req.param("productId"), {
      userId: c.var.user?.id ?? null,
      clientId: c.var.caller.clientId,
    });
    return c.body(null, 204);
  });

export const productsApi = publicApi().route("/", seller).route("/", store);
