// A beat's stems (issue 33, ADR 055): one zip uploaded by the seller to a saved beat, never shown as a
// preview, and delivered only with a tier whose formats include stems — not with a lease, not with
// the beat's own licence.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../../tests/workers/http";
import { insertProduct, payCart, quickMember } from "../../../tests/workers/store";
import { putTo } from "../../../tests/workers/uploads";
import { database } from "../../db/client";
import { orderItems, productFiles } from "../../db/schema";

const te = (text: string) => new TextEncoder().encode(text);
const ZIP = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...te("stems zip bytes")]);

async function uploadStems(cookie: string, productId: string | undefined, fileName: string, bytes: Uint8Array) {
  const signed = await call("/api/uploads", {
    cookie,
    json: { purpose: "product-stems", fileName, contentType: "application/zip", size: bytes.byteLength, productId },
  });
  if (signed.status !== 201) return { status: signed.status, body: await signed.json<any>() };
  const ticket = await signed.json<any>();
  expect((await putTo(ticket.put.url, bytes as Uint8Array<ArrayBuffer>, ticket.put.headers)).status).toBe(200);
  const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
  return { status: done.status, body: await done.json<any>() };
}

async function buy(productId: string, tierId?: string) {
  const buyer = await quickMember();
  await call("/api/cart/items", { cookie: buyer.cookie, json: { productId, ...(tierId && { tierId }) } });
  const { checkout } = await payCart(buyer.cookie);
  const [item] = await database(env.DB).select().from(orderItems).where(eq(orderItems.orderId, checkout.orderId));
  return item!.fileIds ?? [];
}

describe("a beat's stems", () => {
  it("are one zip on a saved beat, no preview, delivered only with a tier that includes stems", async () => {
    const seller = await signUp();
    const productId = await insertProduct(seller.user.id, {
      files: [
        { fileName: "beat.mp3", bytes: te("ID3 mp3"), contentType: "audio/mpeg" },
        { fileName: "beat.wav", bytes: te("RIFF wav"), contentType: "audio/wav" },
      ],
    });
    const tier = async (template: string) =>
      (
        await (
          await call(`/api/products/${productId}/tiers`, { cookie: seller.cookie, json: { template } })
        ).json<any>()
      ).tier;
    const stemsTier = await tier("stems");
    const wavTier = await tier("wav-lease");

    const first = await uploadStems(seller.cookie, productId, "old-stems.zip", ZIP);
    expect(first.status).toBe(201);
    const added = await uploadStems(seller.cookie, productId, "stems.zip", ZIP);
    expect(added.status).toBe(201);
    // The newer zip replaced the older one.
    const zips = await database(env.DB).select().from(productFiles).where(eq(productFiles.productId, productId));
    expect(zips.filter((f) => f.contentType === "application/zip" && !f.removedAt).map((f) => f.id)).toEqual([
      added.body.fileId,
    ]);

    const store = await (await call(`/api/sellers/${seller.user.id}/products`)).json<any>();
    expect(store.products[0].files.map((f: any) => f.fileName)).toEqual(["beat.mp3", "beat.wav"]);

    expect(await buy(productId, stemsTier.id)).toContain(added.body.fileId);
    const lease = await buy(productId, wavTier.id);
    expect(lease).toHaveLength(2);
    expect(lease).not.toContain(added.body.fileId);
    const own = await buy(productId);
    expect(own).toHaveLength(2);
    expect(own).not.toContain(added.body.fileId);
  });

  it("refuses stems without a saved beat of one's own, with another name, or with bytes that are no zip", async () => {
    const seller = await signUp();
    const productId = await insertProduct(seller.user.id);
    const none = await uploadStems(seller.cookie, undefined, "stems.zip", ZIP);
    expect(none).toMatchObject({
      status: 400,
      body: { error: { message: "Save the beat first, then add its stems." } },
    });
    const named = await uploadStems(seller.cookie, productId, "stems.wav", ZIP);
    expect(named).toMatchObject({ status: 400, body: { error: { message: "Stems must be one .zip file." } } });
    const stranger = await signUp();
    expect((await uploadStems(stranger.cookie, productId, "stems.zip", ZIP)).status).toBe(404);
    const fake = await uploadStems(seller.cookie, productId, "stems.zip", te("not a zip at all, just text"));
    expect(fake.status).toBe(400);
  });
});
