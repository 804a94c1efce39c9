// Pages people share (issue 28 §5): the store, a product's own page, the bid gallery, the episodes
// page and each episode's own page are rendered on the server — a crawler (no script) sees their
// content — with one <h1>, their own <title>, and Open Graph and Twitter card tags.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { publish } from "../../tests/workers/episodes";
import { call, ORIGIN } from "../../tests/workers/http";
import { html } from "../../tests/workers/pages";
import { addToCart, insertProduct, payCart, quickMember } from "../../tests/workers/store";
import { PNG } from "../../tests/workers/uploads";
import { database } from "../../worker/db/client";
import { products } from "../../worker/db/schema";
import { DEFAULT_SHARE_IMAGE } from "../lib/share-meta";

beforeAll(async () => {
  await call("/contact");
}, 60_000);

/** The value of `<meta property|name="key" content="…">`, or null. */
function metaTag(page: string, key: string) {
  const tag = page.match(new RegExp(`<meta[^>]*(?:property|name)="${key}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1] ?? null;
}

/**
 * What a link preview gets for the page's og:image, redirects followed: the picture itself with an
 * image type (issue 44 item 3: a cover answered `200 application/octet-stream`, which a preview
 * drops), at an address that ends in the image's extension.
 */
async function expectPicture(page: string) {
  const image = metaTag(page, "og:image");
  if (!image) return;
  // The brand's default card is a static asset (public/), typed by its extension at the edge; the
  // Worker under test does not serve assets.
  if (new URL(image).pathname === DEFAULT_SHARE_IMAGE) return expect(image).toMatch(/\.png$/);
  let response = await call(new URL(image).pathname + new URL(image).search);
  for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 3; hops++) {
    const next = new URL(response.headers.get("location")!, image);
    response = await call(next.pathname + next.search);
  }
  expect(response.status, image).toBe(200);
  expect(response.headers.get("content-type"), image).toMatch(/^image\/(png|jpeg|gif|webp|avif)$/);
  await response.arrayBuffer();
}

async function expectShareable(page: string, { title, url }: { title: string; url: string }) {
  await expectPicture(page);
  expect(page.match(/<h1\b/g)).toHaveLength(1);
  expect(page.match(/<title>([^<]*)<\/title>/)?.[1]).toBe(`${title} · Creator Platform`);
  expect(metaTag(page, "og:title")).toBe(title);
  expect(metaTag(page, "og:url")).toBe(`${ORIGIN}${url}`);
  expect(metaTag(page, "og:description")).toBeTruthy();
  expect(metaTag(page, "twitter:card")).toMatch(/^summary/);
  expect(metaTag(page, "twitter:title")).toBe(title);
  expect(metaTag(page, "description")).toBe(metaTag(page, "og:description"));
}

describe("FarmerTV episodes", () => {
  it("/farmereps lists the episodes in the server's HTML, each linking to its own page", async () => {
    const member = await quickMember();
    const episode = await publish(member.cookie, "Sunrise over the barley");
    const page = await html(await call("/farmereps", { cookie: member.cookie }));
    expect(page).not.toContain("Loading episodes...");
    expect(page).toContain(`href="/farmereps/${episode.id}"`);
    expect(page).toContain("Sunrise over the barley");
    await expectShareable(page, { title: "Episodes", url: "/farmereps" });
  });

  it("an episode's own page carries its title, description, picture and video", async () => {
    const member = await quickMember();
    await publish(member.cookie, "Barley at noon");
    const episode = await publish(member.cookie, "Harvest moon special");
    const response = await call(`/farmereps/${episode.id}`);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toMatch(/<h1[^>]*>Harvest moon special/);
    // The uploader by display name (not the lower-case handle), Share, and the show's other episodes.
    expect(page).toMatch(/Uploaded by <!-- -->Buyer [0-9a-f]{8}|Uploaded by Buyer [0-9a-f]{8}/);
    expect(page).not.toMatch(/Uploaded by (<!-- -->)?buyer_/);
    expect(page).toContain(">Share</h2>");
    expect(page).toContain(">More episodes</h2>");
    await expectShareable(page, { title: "Harvest moon special", url: `/farmereps/${episode.id}` });
    expect(metaTag(page, "og:description")).toBe("Tractors at dawn");
    expect(metaTag(page, "og:image")).toBe(`${ORIGIN}/api/episodes/${episode.id}/cover.png`);
    expect(metaTag(page, "og:video")).toBe(`${ORIGIN}/api/episodes/${episode.id}/video`);
  });

  it("a missing or hidden episode is a 404", async () => {
    expect((await call(`/farmereps/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("the store", () => {
  it("/digiprev/:userId shows the seller's header and links each product to its own page", async () => {
    const seller = await quickMember();
    const first = await insertProduct(seller.user.id, { title: "late_night_drive_instrumental_140bpm" });
    // A cover, so the store's og:image is a product cover (checked for its image type).
    const coverKey = `users/${seller.user.id}/digiStore/${first}/cover/cover.png`;
    await env.FILES.put(coverKey, PNG);
    await database(env.DB)
      .update(products)
      .set({ coverKey, coverContentType: "image/png" })
      .where(eq(products.id, first));
    await insertProduct(seller.user.id, { title: "Second Beat" });
    const page = await html(await call(`/digiprev/${seller.user.id}`));
    expect(page).toContain("2 beats");
    expect(page).toContain(`href="/digiprev/${seller.user.id}/${first}"`);
    const username = page.match(/<span>@(buyer_[a-f0-9]+)<\/span>/)?.[1];
    expect(username).toBeTruthy();
    expect(metaTag(page, "og:image")).toBeTruthy();
    await expectShareable(page, { title: `${username}'s store`, url: `/digiprev/${seller.user.id}` });
  });

  it("a product's own page shows the licence's terms before purchase", async () => {
    const seller = await quickMember();
    const id = await insertProduct(seller.user.id, { title: "Only Once", licenseType: "exclusive", priceCents: 14900 });
    const page = await html(await call(`/digiprev/${seller.user.id}/${id}`));
    expect(page).toMatch(/<h1[^>]*>Only Once/);
    expect(page).toContain("$149.00");
    expect(page).toContain("The licensee receives exclusive rights to use the work");
    expect(page).toContain(`value="${ORIGIN}/digiprev/${seller.user.id}/${id}"`); // the share link
    // The one media player: a keyboard-usable seek slider per file, named by the beat's title
    // (listeners never see file names in the player).
    expect(page).toMatch(/role="slider"[^>]*aria-label="Seek Only Once"/);
    const title = page.match(/<title>([^<]*) · Creator Platform<\/title>/)?.[1] ?? "";
    expect(title).toMatch(/^Only Once by buyer_/);
    await expectShareable(page, { title, url: `/digiprev/${seller.user.id}/${id}` });
  });

  it("a buyer sees 'In your cart' on a beat in their cart and 'You own this' on one they bought, in place of 'Add to Cart'", async () => {
    const seller = await quickMember();
    const buyer = await quickMember();
    const carted = await insertProduct(seller.user.id, { title: "Carted Beat", priceCents: 1000 });
    const bought = await insertProduct(seller.user.id, { title: "Bought Beat", priceCents: 1200 });
    const other = await insertProduct(seller.user.id, { title: "Other Beat", priceCents: 900 });
    expect((await addToCart(buyer.cookie, bought)).status).toBe(201);
    await payCart(buyer.cookie);
    expect((await addToCart(buyer.cookie, carted)).status).toBe(201);

    const beat = async (id: string) => html(await call(`/digiprev/${seller.user.id}/${id}`, { cookie: buyer.cookie }));
    const inCart = await beat(carted);
    expect(inCart).toContain("In your cart");
    expect(inCart).not.toMatch(/>Add to Cart</);
    const owned = await beat(bought);
    expect(owned).toContain("You own this");
    expect(owned).toContain('href="/purchases"');
    expect(owned).not.toMatch(/>Add to Cart</);
    expect(await beat(other)).toMatch(/>Add to Cart</);

    const store = await html(await call(`/digiprev/${seller.user.id}`, { cookie: buyer.cookie }));
    expect(store.match(/>Add to Cart</g)).toHaveLength(1);
    expect(store).toContain("In your cart");
    expect(store).toContain("You own this");
  });

  it("a private product's page is the seller's only; another seller's id is a 404", async () => {
    const seller = await quickMember();
    const other = await quickMember();
    const id = await insertProduct(seller.user.id, { accessType: "private" });
    expect((await call(`/digiprev/${seller.user.id}/${id}`)).status).toBe(404);
    expect((await call(`/digiprev/${seller.user.id}/${id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/digiprev/${other.user.id}/${id}`, { cookie: other.cookie })).status).toBe(404);
    const own = await call(`/digiprev/${seller.user.id}/${id}`, { cookie: seller.cookie });
    expect(own.status).toBe(200);
    expect(await html(own)).toContain("Private");
  });
});

describe("the bid gallery", () => {
  it("carries share tags", async () => {
    const page = await html(await call("/bidgallery"));
    await expectShareable(page, { title: "Auction", url: "/bidgallery" });
  });
});
