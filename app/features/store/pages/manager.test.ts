// /digimanager's action for the licence forms (issue 46): a seller sets a tier's price and terms and
// edits a template through the page, as its fetcher posts; the checks are the server's (the form's
// fields read with the API's schema, the tier found only under the seller's own beat), the amount a
// buyer is then charged comes from the database, and the page lists what was saved.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "../../../../tests/workers/http";
import { act, html } from "../../../../tests/workers/pages";
import { insertProduct, payCart, quickMember } from "../../../../tests/workers/store";
import { database } from "../../../../worker/db/client";
import { licenceTemplates, productTiers } from "../../../../worker/db/schema";
import {
  CREDIT_LINE_TOO_LONG,
  TEMPLATE_NOT_FOUND,
  TIER_COUNT_INVALID,
  TIER_NOT_FOUND,
} from "../../../kernel/licence-tiers";
import { PRICE_NOT_A_NUMBER, PRICE_TOO_PRECISE } from "../../../kernel/schemas/money";

const db = () => database(env.DB);

const TERMS = {
  "terms.distributionCopies": "3,000",
  "terms.audioStreams": "150000",
  "terms.musicVideos": "",
  "terms.radioStations": "0",
  "terms.creditLine": "Prod. by {producer} (Night Shift)",
};

async function sellerWithTier() {
  const seller = await quickMember();
  const productId = await insertProduct(seller.user.id, { title: "Night Shift" });
  const added = await call(`/api/products/${productId}/tiers`, {
    cookie: seller.cookie,
    json: { template: "mp3-lease" },
  });
  expect(added.status).toBe(201);
  const { tier } = await added.json<{ tier: { id: string } }>();
  return { seller, productId, tierId: tier.id };
}

const tierRow = async (id: string) => (await db().select().from(productTiers).where(eq(productTiers.id, id)))[0]!;

describe("/digimanager: a tier's price and terms", () => {
  it("saves the seller's price and terms; the page shows them and a buyer is charged that price", async () => {
    const { seller, productId, tierId } = await sellerWithTier();
    const saved = await act(
      "/digimanager",
      { intent: "tier-terms", productId, tierId, price: "34.50", ...TERMS },
      seller.cookie,
    );
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("saved");
    const row = await tierRow(tierId);
    expect(row).toMatchObject({ name: "MP3 Lease", formats: ["mp3"], priceCents: 3450 });
    expect(row.terms).toEqual({
      distributionCopies: 3000,
      audioStreams: 150_000,
      musicVideos: null,
      radioStations: 0,
      creditLine: "Prod. by {producer} (Night Shift)",
    });

    const page = await html(await call(`/digimanager/${productId}`, { cookie: seller.cookie }));
    expect(page).toContain("$34.50");
    expect(page).toContain("3,000 copies · 150,000 streams · unlimited music videos · no radio");

    const buyer = await quickMember();
    expect((await call("/api/cart/items", { cookie: buyer.cookie, json: { productId, tierId } })).status).toBe(201);
    const { checkout, result } = await payCart(buyer.cookie);
    expect(result.status).toBe("succeeded");
    expect(checkout.amountCents).toBe(3450);

    // The overview: the beat's licences, price range, one sale, and a link to its page in the studio.
    const overview = await html(await call("/digimanager", { cookie: seller.cookie }));
    expect(overview).toContain("Your products");
    expect(overview).toContain(`href="/digimanager/${productId}"`);
    expect(overview).toMatch(/data-label="Licences"[^>]*><div>2</);
    expect(overview).toMatch(/data-label="Price range"[^>]*><div>\$19\.99 – \$34\.50</);
    expect(overview).toMatch(/data-label="Sales"[^>]*><div>1</);
    expect(overview).toMatch(/data-label="Status"[^>]*><div>On sale</);
  });

  it("refuses bad fields with the API's messages, each under its field's name, and changes nothing", async () => {
    const { seller, productId, tierId } = await sellerWithTier();
    const refused = await act(
      "/digimanager",
      {
        intent: "tier-terms",
        productId,
        tierId,
        price: "12.345",
        ...TERMS,
        "terms.audioStreams": "lots",
        "terms.musicVideos": "-1",
        "terms.creditLine": "x".repeat(121),
      },
      seller.cookie,
    );
    expect(refused.status).toBe(400);
    for (const [field, message] of [
      ["price", PRICE_TOO_PRECISE],
      ["terms.audioStreams", TIER_COUNT_INVALID],
      ["terms.musicVideos", TIER_COUNT_INVALID],
      ["terms.creditLine", CREDIT_LINE_TOO_LONG],
    ]) {
      expect(refused.text).toContain(field);
      expect(refused.text).toContain(message);
    }
    const blank = await act(
      "/digimanager",
      { intent: "tier-terms", productId, tierId, price: " ", ...TERMS },
      seller.cookie,
    );
    expect(blank.status).toBe(400);
    expect(blank.text).toContain(PRICE_NOT_A_NUMBER);
    expect((await tierRow(tierId)).priceCents).toBe(2999);
  });

  it("answers another seller, or a tier under another beat, 'Licence tier not found.' and changes nothing", async () => {
    const { seller, productId, tierId } = await sellerWithTier();
    const other = await quickMember();
    const stranger = await act(
      "/digimanager",
      { intent: "tier-terms", productId, tierId, price: "1.00", ...TERMS },
      other.cookie,
    );
    expect(stranger.status).toBe(404);
    expect(stranger.text).toContain("Product not found.");
    // The stranger's own beat with the seller's tier id.
    const theirs = await insertProduct(other.user.id);
    const crossed = await act(
      "/digimanager",
      { intent: "tier-terms", productId: theirs, tierId, price: "1.00", ...TERMS },
      other.cookie,
    );
    expect(crossed.status).toBe(404);
    expect(crossed.text).toContain(TIER_NOT_FOUND);
    // The seller's own second beat, with the first beat's tier.
    const second = await insertProduct(seller.user.id);
    const mixed = await act(
      "/digimanager",
      { intent: "tier-terms", productId: second, tierId, price: "1.00", ...TERMS },
      seller.cookie,
    );
    expect(mixed.status).toBe(404);
    expect((await tierRow(tierId)).priceCents).toBe(2999);
  });
});

describe("/digimanager: licence templates", () => {
  it("lists the built-in templates, saves the seller's own price and terms, and a new tier starts from them", async () => {
    const seller = await quickMember();
    const before = await html(await call("/digimanager", { cookie: seller.cookie }));
    expect(before).toContain("Licence templates");
    expect(before).toContain("$49.99");

    const saved = await act(
      "/digimanager",
      { intent: "template-terms", template: "wav-lease", price: "59", ...TERMS },
      seller.cookie,
    );
    expect(saved.status).toBe(200);
    const [row] = await db().select().from(licenceTemplates).where(eq(licenceTemplates.userId, seller.user.id));
    expect(row).toMatchObject({ template: "wav-lease", name: "WAV Lease", formats: ["mp3", "wav"], priceCents: 5900 });

    const productId = await insertProduct(seller.user.id);
    const added = await call(`/api/products/${productId}/tiers`, {
      cookie: seller.cookie,
      json: { template: "wav-lease" },
    });
    const { tier } = await added.json<any>();
    expect(tier).toMatchObject({ name: "WAV Lease", priceCents: 5900 });
    expect(tier.terms.distributionCopies).toBe(3000);

    // Another seller's templates are their own.
    const other = await quickMember();
    const theirs = await html(await call("/digimanager", { cookie: other.cookie }));
    expect(theirs).not.toContain("$59.00");
  });

  it("refuses a made-up template and bad fields", async () => {
    const seller = await quickMember();
    const unknown = await act(
      "/digimanager",
      { intent: "template-terms", template: "gold", price: "5", ...TERMS },
      seller.cookie,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain(TEMPLATE_NOT_FOUND);
    const bad = await act(
      "/digimanager",
      { intent: "template-terms", template: "stems", price: "free", ...TERMS },
      seller.cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(PRICE_NOT_A_NUMBER);
    expect(await db().select().from(licenceTemplates).where(eq(licenceTemplates.userId, seller.user.id))).toEqual([]);
  });

  it("asks a visitor to sign in and refuses an unknown form", async () => {
    const visitor = await act("/digimanager", { intent: "template-terms", template: "stems", price: "5", ...TERMS });
    expect(visitor.status).not.toBe(200);
    const seller = await quickMember();
    expect((await act("/digimanager", { intent: "nothing" }, seller.cookie)).status).toBe(400);
  });
});
