// A product's page in the seller's studio (/digimanager/:productId, issue 46): its owner gets the
// product with its four tabs (the one in ?tab= open), its tiers, the templates and only the codes that
// apply to it; anyone else, a deleted product or a made-up id is the page's 404 and shows nothing of
// it; a visitor is sent to sign in. Its licence form holds the tier to the page's product.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUpAdmin } from "../../../../tests/workers/http";
import { act, html } from "../../../../tests/workers/pages";
import { insertProduct, quickMember } from "../../../../tests/workers/store";
import { database } from "../../../../worker/db/client";
import { products, productTiers } from "../../../../worker/db/schema";
import { PRODUCT_NOT_FOUND } from "../../../kernel/schemas/products-form-messages";

const TERMS = {
  "terms.distributionCopies": "2000",
  "terms.audioStreams": "",
  "terms.musicVideos": "1",
  "terms.radioStations": "0",
  "terms.creditLine": "Prod. by {producer}",
};

async function sellerWithBeat() {
  const seller = await quickMember();
  const productId = await insertProduct(seller.user.id, { title: "Harbour Lights" });
  const added = await call(`/api/products/${productId}/tiers`, {
    cookie: seller.cookie,
    json: { template: "wav-lease" },
  });
  expect(added.status).toBe(201);
  const { tier } = await added.json<{ tier: { id: string } }>();
  return { seller, productId, tierId: tier.id };
}

async function code(cookie: string, name: string, productId: string | null) {
  const made = await call("/api/discounts", {
    cookie,
    json: { code: name, kind: "percent", value: 10, productId, expiresAt: null, maxUses: null },
  });
  expect(made.status).toBe(201);
}

describe("/digimanager/:productId", () => {
  it("shows its owner the product in four tabs, its tiers, the templates and the codes that apply to it", async () => {
    const { seller, productId } = await sellerWithBeat();
    const other = await insertProduct(seller.user.id, { title: "Other Beat" });
    await code(seller.cookie, "HARBOUR10", productId);
    await code(seller.cookie, "STORE10", null);
    await code(seller.cookie, "OTHER10", other);

    const response = await call(`/digimanager/${productId}`, { cookie: seller.cookie });
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("<h1>Harbour Lights</h1>");
    for (const tab of ["Details", "Files", "Licences & prices", "Discounts"])
      expect(page).toContain(`>${tab}</button>`);
    expect(page).toMatch(/aria-selected="true"[^>]*>Details</);
    // Every panel is in the page: the seed's card fields, the files, the tier, the templates, the codes.
    expect(page).toContain('aria-label="Harbour Lights"');
    expect(page).toContain("Edit Price: $19.99");
    expect(page).toContain("beat.mp3");
    expect(page).toContain("WAV Lease");
    expect(page).toContain("Licence templates");
    expect(page).toContain("HARBOUR10");
    expect(page).toContain("STORE10");
    expect(page).not.toContain("OTHER10");

    const licences = await html(await call(`/digimanager/${productId}?tab=licences`, { cookie: seller.cookie }));
    expect(licences).toMatch(/aria-selected="true"[^>]*>Licences & prices</);
  });

  it("is a 404 for another member, the admin, a deleted product and a made-up id; a visitor signs in", async () => {
    const { seller, productId } = await sellerWithBeat();
    for (const stranger of [await quickMember(), await signUpAdmin()]) {
      const response = await call(`/digimanager/${productId}`, { cookie: stranger.cookie });
      expect(response.status).toBe(404);
      const page = await html(response);
      expect(page).toContain(PRODUCT_NOT_FOUND);
      expect(page).not.toContain("Harbour Lights");
    }
    const unknown = await call(`/digimanager/${crypto.randomUUID()}`, { cookie: seller.cookie });
    expect(unknown.status).toBe(404);
    const visitor = await call(`/digimanager/${productId}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/signin?from=${encodeURIComponent(`/digimanager/${productId}`)}`);

    await database(env.DB).update(products).set({ status: "deleted" }).where(eq(products.id, productId));
    expect((await call(`/digimanager/${productId}`, { cookie: seller.cookie })).status).toBe(404);
  });

  it("saves a tier's price and terms from the page, and holds the tier to the page's product", async () => {
    const { seller, productId, tierId } = await sellerWithBeat();
    const saved = await act(
      `/digimanager/${productId}`,
      { intent: "tier-terms", tierId, price: "45", ...TERMS },
      seller.cookie,
    );
    expect(saved.status).toBe(200);
    const tier = async () =>
      (await database(env.DB).select().from(productTiers).where(eq(productTiers.id, tierId)))[0]!;
    expect((await tier()).priceCents).toBe(4500);

    // Posted to another of the seller's beats' pages (naming this product in the form), the tier is not found.
    const second = await insertProduct(seller.user.id);
    const crossed = await act(
      `/digimanager/${second}`,
      { intent: "tier-terms", productId, tierId, price: "1", ...TERMS },
      seller.cookie,
    );
    expect(crossed.status).toBe(404);
    // Another member posting to the page changes nothing.
    const stranger = await quickMember();
    const refused = await act(
      `/digimanager/${productId}`,
      { intent: "tier-terms", tierId, price: "1", ...TERMS },
      stranger.cookie,
    );
    expect(refused.status).toBe(404);
    expect((await tier()).priceCents).toBe(4500);
  });
});
