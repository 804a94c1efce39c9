// From a paid order to the buyer's files: the purchase package job (run by the
// real queue consumer) zips the originals with a licence PDF per item; the
// licence is verifiable by its code; links are fresh on every read; a free
// product is delivered without payment.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { call } from "../../../tests/workers/http";
import { addToCart, insertProduct, payCart, quickMember } from "../../../tests/workers/store";
import { database } from "../../db/client";
import { jobs, orders, products } from "../../db/schema";

const encode = (text: string) => new TextEncoder().encode(text);

async function orderOf(cookie: string, orderId: string) {
  const response = await call(`/api/orders/${orderId}`, { cookie });
  expect(response.status).toBe(200);
  return response.json<any>();
}

/** Waits for the queue consumer to finish the order's package job. */
async function packaged(cookie: string, orderId: string) {
  return vi.waitFor(
    async () => {
      const order = await orderOf(cookie, orderId);
      if (order.package?.status !== "done" && order.package?.status !== "failed") throw new Error("not yet");
      return order;
    },
    { timeout: 20_000, interval: 100 },
  );
}

async function download(url: string) {
  const response = await call(new URL(url).pathname);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe("purchase delivery", () => {
  it("packages the bought files with a licence PDF that its public page calls valid", async () => {
    const seller = await quickMember();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, {
      title: "Night Drive",
      priceCents: 4999,
      files: [
        { fileName: "night-drive.wav", bytes: encode("RIFF wav original") },
        { fileName: "night-drive-stems.mp3", bytes: encode("ID3 mp3 original") },
      ],
    });
    await addToCart(buyer.cookie, productId);
    const { checkout } = await payCart(buyer.cookie);
    const order = await packaged(buyer.cookie, checkout.orderId);

    expect(order).toMatchObject({ status: "paid", amountCents: 4999, refundedCents: 0, notice: null });
    expect(order.package).toMatchObject({ status: "done", fileName: `${order.number}.zip` });
    const zip = unzipSync(await download(order.package.downloadUrl));
    expect(Object.keys(zip).sort()).toEqual([
      `Night Drive/Licence-${order.number}.pdf`,
      "Night Drive/night-drive-stems.mp3",
      "Night Drive/night-drive.wav",
    ]);
    expect(new TextDecoder().decode(zip["Night Drive/night-drive.wav"])).toBe("RIFF wav original");
    const pdf = zip[`Night Drive/Licence-${order.number}.pdf`]!;
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");

    const [item] = order.items;
    expect(item).toMatchObject({ title: "Night Drive", licenseType: "non-exclusive", status: "fulfilled" });
    expect(item.licenceCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const licence = await (await call(`/api/licences/${item.licenceCode}`)).json<any>();
    expect(licence).toMatchObject({
      valid: true,
      facts: { title: "Night Drive", orderNumber: order.number, priceCents: 4999, licenseType: "non-exclusive" },
    });
    const unknown = await call("/api/licences/AAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    expect((await unknown.json<any>()).error.message).toBe("No licence has this code.");

    // Re-download at any time: every read signs a new link, which still works.
    const purchases = await (await call("/api/purchases", { cookie: buyer.cookie })).json<any>();
    expect(purchases.purchases.map((p: any) => p.id)).toEqual([checkout.orderId]);
    expect(purchases.purchases[0].package.downloadUrl).not.toBe(order.package.downloadUrl);
    expect(unzipSync(await download(purchases.purchases[0].package.downloadUrl))).toHaveProperty(
      "Night Drive/night-drive.wav",
    );
  });

  it("keeps the purchase when packaging fails and packages it again on retry", async () => {
    const seller = await quickMember();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, { files: [{ fileName: "a.mp3", bytes: encode("abc") }] });
    await addToCart(buyer.cookie, productId);
    const { checkout } = await payCart(buyer.cookie);
    const done = await packaged(buyer.cookie, checkout.orderId);
    expect(done.package.status).toBe("done");

    // Packaging fails for good (as after the last retry): the order stays paid and says so.
    const db = database(env.DB);
    const [row] = await db.select().from(orders).where(eq(orders.id, checkout.orderId));
    await db
      .update(jobs)
      .set({ status: "failed", error: "a.mp3 is missing from storage" })
      .where(eq(jobs.id, row!.packageJobId!));
    const failed = await orderOf(buyer.cookie, checkout.orderId);
    expect(failed).toMatchObject({ status: "paid", package: { status: "failed" } });

    const retry = await call(`/api/orders/${checkout.orderId}/package`, { cookie: buyer.cookie, method: "POST" });
    expect(retry.status).toBe(202);
    const again = await packaged(buyer.cookie, checkout.orderId);
    expect(again.package.status).toBe("done");
    expect(again.package.jobId).not.toBe(row!.packageJobId);
  });

  it("delivers a free-licence product with its licence, without payment", async () => {
    const seller = await quickMember();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, { licenseType: "free", title: "Gift" });
    const claimed = await call("/api/purchases/free", { cookie: buyer.cookie, json: { productId } });
    expect(claimed.status).toBe(201);
    const { orderId } = await claimed.json<any>();
    const order = await packaged(buyer.cookie, orderId);
    expect(order).toMatchObject({ status: "paid", amountCents: 0 });
    expect(Object.keys(unzipSync(await download(order.package.downloadUrl))).sort()).toEqual([
      `Gift/Licence-${order.number}.pdf`,
      "Gift/beat.mp3",
    ]);
    // A paid product cannot be taken this way.
    const paidProduct = await insertProduct(seller.user.id, { priceCents: 100 });
    const refused = await call("/api/purchases/free", { cookie: buyer.cookie, json: { productId: paidProduct } });
    expect(refused.status).toBe(400);
  });

  it("gives one order however many claims of a limited free product arrive at once", async () => {
    const seller = await quickMember();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, { licenseType: "free", quantity: 3 });
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => call("/api/purchases/free", { cookie: buyer.cookie, json: { productId } })),
    );
    const answers = await Promise.all(claims.map((r) => r.json<any>()));
    expect(claims.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
    const db = database(env.DB);
    const made = await db.select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(made).toHaveLength(1);
    const [left] = await db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
    expect(left?.quantity).toBe(2);
    await packaged(buyer.cookie, answers[0].orderId);
  });
});
