// Licence tiers, discount codes and receipts (issue 33, ADR 044) through the
// whole Worker: the seller's API, the cart, checkout with the test provider
// and the signed webhook, fulfilment, licences and the dev outbox.
import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TIER_COUNT_INVALID } from "../../../app/kernel/licence-tiers";
import { call, signUp } from "../../../tests/workers/http";
import { addToCart, insertProduct, payCart, quickMember } from "../../../tests/workers/store";
import { database } from "../../db/client";
import {
  devOutbox,
  discountCodes,
  licenceTemplates,
  orderItems,
  orders,
  productFiles,
  products,
  productTiers,
} from "../../db/schema";
import { makeDeps } from "../deps";
import { lookUpLicence } from "../licences/licences";
import { cartLicenceChoices } from "../orders/cart";
import { purchaseEntries } from "../orders/package";

const db = () => database(env.DB);
const te = (text: string) => new TextEncoder().encode(text);

/** A beat with an MP3 and a WAV, and three tiers beyond its own licence. */
async function beatWithTiers(seller: { cookie: string; user: { id: string } }) {
  const productId = await insertProduct(seller.user.id, {
    title: "Tiered Beat",
    priceCents: 1999,
    files: [
      { fileName: "beat.mp3", bytes: te("ID3 mp3"), contentType: "audio/mpeg" },
      { fileName: "beat.wav", bytes: te("RIFF wav"), contentType: "audio/wav" },
    ],
  });
  const tier = async (template: string, values?: object) => {
    const response = await call(`/api/products/${productId}/tiers`, {
      cookie: seller.cookie,
      json: { template, ...(values ? { values } : {}) },
    });
    expect(response.status).toBe(201);
    return (await response.json<any>()).tier;
  };
  const mp3 = await tier("mp3-lease");
  const wav = await tier("wav-lease", {
    name: "WAV Lease",
    price: 49.99,
    formats: ["mp3", "wav"],
    terms: {
      distributionCopies: 5000,
      audioStreams: 250000,
      musicVideos: 1,
      radioStations: 2,
      creditLine: "Prod. by {producer}",
    },
  });
  const exclusive = await tier("exclusive");
  return { productId, mp3, wav, exclusive };
}

const cartOf = async (cookie: string, query = "") => (await call(`/api/cart${query}`, { cookie })).json<any>();

describe("licence tiers", () => {
  it("prices each tier from the database, holds one tier per beat, and delivers the tier's files and terms", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const { productId, mp3, wav } = await beatWithTiers(seller);
    expect(mp3).toMatchObject({ name: "MP3 Lease", priceCents: 2999, formats: ["mp3"], exclusive: false });

    const store = await (await call(`/api/sellers/${seller.user.id}/products`)).json<any>();
    expect(store.products[0].tiers.map((t: any) => t.name)).toEqual(["MP3 Lease", "WAV Lease", "Exclusive"]);

    expect((await call("/api/cart/items", { cookie: buyer.cookie, json: { productId, tierId: mp3.id } })).status).toBe(
      201,
    );
    // Another tier of the same beat takes the first one's place.
    expect((await call("/api/cart/items", { cookie: buyer.cookie, json: { productId, tierId: wav.id } })).status).toBe(
      201,
    );
    const again = await call("/api/cart/items", { cookie: buyer.cookie, json: { productId, tierId: wav.id } });
    expect(await again.json<any>()).toEqual({ message: "This product is already in your cart.", state: "in_cart" });
    const foreign = await call("/api/cart/items", { cookie: buyer.cookie, json: { productId, tierId: "nope" } });
    expect(foreign.status).toBe(404);

    const cart = await cartOf(buyer.cookie);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ tierId: wav.id, tierName: "WAV Lease", priceCents: 4999 });
    expect(cart.totalCents).toBe(4999);

    // The seller raises the price before payment: the order takes the price as stored now.
    await call(`/api/products/${productId}/tiers/${wav.id}`, {
      cookie: seller.cookie,
      method: "PUT",
      json: { ...wav, price: 55, terms: wav.terms },
    });
    const { checkout, result } = await payCart(buyer.cookie);
    expect(result.status).toBe("succeeded");
    expect(checkout.amountCents).toBe(5500);

    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, checkout.orderId));
    expect(item).toMatchObject({
      status: "fulfilled",
      tierName: "WAV Lease",
      licenseType: "non-exclusive",
      priceCents: 5500,
    });
    const files = await db().select().from(productFiles).where(inArray(productFiles.id, item!.fileIds!));
    expect(files.map((f) => f.fileName).sort()).toEqual(["beat.mp3", "beat.wav"]);

    const deps = makeDeps(env, "http://localhost");
    const licence = await lookUpLicence(deps, item!.licenceCode);
    expect(licence?.valid).toBe(true);
    expect(licence?.facts.licenceName).toBe("WAV Lease");
    expect(licence?.facts.terms).toContain("Distribution: up to 5,000 copies.");
    expect(licence?.facts.terms).toContain(`Credit line: “Prod. by ${seller.form.username}”.`);
    expect(licence?.facts.delivers).toBe("Delivers: MP3 files, WAV files.");
    const { entries } = await purchaseEntries(deps, buyer.user.id, checkout.orderId);
    expect(entries.map((e) => e.name.split("/")[1])).toEqual([
      "beat.mp3",
      "beat.wav",
      expect.stringMatching(/^Licence-/),
    ]);
  });

  it("the cart page offers a beat's licences in rising price and switches one on the server; a bad form is refused", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const { productId, mp3, wav, exclusive } = await beatWithTiers(seller);
    expect((await call("/api/cart/items", { cookie: buyer.cookie, json: { productId } })).status).toBe(201);
    const choices = await cartLicenceChoices({ db: db() }, buyer.user.id);
    expect(choices[productId]!.map((choice) => [choice.id, choice.priceCents])).toEqual([
      [null, 1999],
      [mp3.id, 2999],
      [wav.id, 4999],
      [exclusive.id, 49_999],
    ]);
    const page = await call(`/checkOut/${buyer.user.id}`, { cookie: buyer.cookie });
    const text = await page.text();
    expect(text).toMatch(/<option value="[^"]*"[^>]*>WAV Lease · \$49\.99<\/option>/);

    const post = (fields: Record<string, string>) =>
      call(`/checkOut/${buyer.user.id}`, {
        cookie: buyer.cookie,
        body: new URLSearchParams({ intent: "licence", ...fields }),
      });
    expect((await post({ productId, tierId: wav.id, price: "0.01" })).status).toBe(200);
    const cart = await cartOf(buyer.cookie);
    expect(cart.items).toEqual([expect.objectContaining({ productId, tierName: "WAV Lease", priceCents: 4999 })]);
    expect(cart.totalCents).toBe(4999);
    // Back to the beat's own licence, then a tier of no beat: refused with the tier's message, cart unchanged.
    expect((await post({ productId, tierId: "" })).status).toBe(200);
    expect((await cartOf(buyer.cookie)).items[0].priceCents).toBe(1999);
    const wrong = await post({ productId, tierId: "no-such-tier" });
    expect(await wrong.text()).toContain("Licence tier not found.");
    expect((await post({ tierId: wav.id })).status).toBe(400);
    expect((await cartOf(buyer.cookie)).items[0].priceCents).toBe(1999);
  });

  it("an MP3 lease delivers only the MP3", async () => {
    const seller = await signUp();
    const buyer = await quickMember();
    const { productId, mp3 } = await beatWithTiers(seller);
    await call("/api/cart/items", { cookie: buyer.cookie, json: { productId, tierId: mp3.id } });
    const { checkout } = await payCart(buyer.cookie);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, checkout.orderId));
    const files = await db().select().from(productFiles).where(inArray(productFiles.id, item!.fileIds!));
    expect(files.map((f) => f.fileName)).toEqual(["beat.mp3"]);
  });

  it("an exclusive sale withdraws every tier; a lease sold earlier stays valid and says so", async () => {
    const seller = await signUp();
    const leaser = await quickMember();
    const owner = await quickMember();
    const late = await quickMember();
    const { productId, mp3, exclusive } = await beatWithTiers(seller);

    await call("/api/cart/items", { cookie: leaser.cookie, json: { productId, tierId: mp3.id } });
    const lease = await payCart(leaser.cookie);
    await call("/api/cart/items", { cookie: late.cookie, json: { productId } });
    await call("/api/cart/items", { cookie: owner.cookie, json: { productId, tierId: exclusive.id } });
    const sale = await payCart(owner.cookie);
    expect(sale.result.status).toBe("succeeded");

    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product!.status).toBe("withdrawn");
    // Every other cart lost the beat; any tier now answers that the exclusive is sold.
    expect((await cartOf(late.cookie)).items).toEqual([]);
    const refused = await call("/api/cart/items", { cookie: late.cookie, json: { productId, tierId: mp3.id } });
    expect((await refused.json<any>()).error.message).toBe("This exclusive licence has already been sold.");

    const deps = makeDeps(env, "http://localhost");
    const [leaseItem] = await db().select().from(orderItems).where(eq(orderItems.orderId, lease.checkout.orderId));
    const leaseLicence = await lookUpLicence(deps, leaseItem!.licenceCode);
    expect(leaseLicence).toMatchObject({ valid: true, exclusiveSoldLater: true });
    const [soldItem] = await db().select().from(orderItems).where(eq(orderItems.orderId, sale.checkout.orderId));
    expect(soldItem!.licenseType).toBe("exclusive");
    const ownerLicence = await lookUpLicence(deps, soldItem!.licenceCode);
    expect(ownerLicence).toMatchObject({ valid: true, exclusiveSoldLater: false });
    expect(ownerLicence!.facts.terms.at(-1)).toMatch(/^Exclusive: the beat is withdrawn/);

    const page = await call(`/licence/${leaseItem!.licenceCode}`);
    expect(await page.text()).toContain("The beat has since been sold exclusively.");
  });

  it("only the seller changes their tiers and templates", async () => {
    const seller = await signUp();
    const other = await quickMember();
    const { productId, mp3 } = await beatWithTiers(seller);
    const stranger = await call(`/api/products/${productId}/tiers/${mp3.id}`, {
      cookie: other.cookie,
      method: "DELETE",
    });
    expect(stranger.status).toBe(404);
    const invalid = await call(`/api/products/${productId}/tiers`, {
      cookie: seller.cookie,
      json: { template: "gold" },
    });
    expect(invalid.status).toBe(400);
    const template = await call("/api/licence-templates/mp3-lease", {
      cookie: seller.cookie,
      method: "PUT",
      json: { name: "Basic MP3", price: 19, formats: ["mp3"], terms: { ...mp3.terms, distributionCopies: 1000 } },
    });
    expect(template.status).toBe(200);
    const next = await (
      await call(`/api/products/${productId}/tiers`, { cookie: seller.cookie, json: { template: "mp3-lease" } })
    ).json<any>();
    expect(next.tier).toMatchObject({ name: "Basic MP3", priceCents: 1900 });
    expect(next.tier.terms.distributionCopies).toBe(1000);
  });

  it("PUT a tier or template: validation answers 400 with a message per field; another seller's tier is 404 and unchanged", async () => {
    const seller = await signUp();
    const other = await quickMember();
    const { productId, mp3 } = await beatWithTiers(seller);
    const values = { name: mp3.name, price: 35, formats: mp3.formats, terms: mp3.terms };
    const put = (path: string, cookie: string, json: object) => call(path, { cookie, method: "PUT", json });
    const tierPath = `/api/products/${productId}/tiers/${mp3.id}`;

    const bad = await put(tierPath, seller.cookie, {
      ...values,
      price: 1.005,
      formats: [],
      terms: { ...mp3.terms, audioStreams: -1, musicVideos: 1.5, creditLine: "x".repeat(121) },
    });
    expect(bad.status).toBe(400);
    const { error } = await bad.json<any>();
    expect(error.fields).toMatchObject({
      price: ["Price can have at most 2 decimals."],
      formats: ["Choose at least one kind of file the tier delivers."],
      "terms.audioStreams": [TIER_COUNT_INVALID],
      "terms.musicVideos": [TIER_COUNT_INVALID],
      "terms.creditLine": ["The credit line must be at most 120 characters."],
    });
    expect((await put(tierPath, seller.cookie, { ...values, price: 0 })).status).toBe(400);
    expect((await put(tierPath, seller.cookie, { ...values, name: " " })).status).toBe(400);

    // Another seller: their own session, the seller's tier, under the seller's beat or their own.
    expect((await put(tierPath, other.cookie, values)).status).toBe(404);
    const theirs = await insertProduct(other.user.id);
    expect((await put(`/api/products/${theirs}/tiers/${mp3.id}`, other.cookie, values)).status).toBe(404);
    const [row] = await db().select().from(productTiers).where(eq(productTiers.id, mp3.id));
    expect(row!.priceCents).toBe(2999);

    const ok = await put(tierPath, seller.cookie, values);
    expect(ok.status).toBe(200);
    expect((await ok.json<any>()).tier.priceCents).toBe(3500);

    const template = "/api/licence-templates/stems";
    expect((await put("/api/licence-templates/gold", seller.cookie, values)).status).toBe(400);
    const refused = await put(template, seller.cookie, { ...values, price: "free" });
    expect(refused.status).toBe(400);
    expect((await refused.json<any>()).error.fields.price).toEqual(["Price must be a number."]);
    expect(await db().select().from(licenceTemplates).where(eq(licenceTemplates.userId, seller.user.id))).toEqual([]);
  });
});

describe("discount codes", () => {
  it("takes a percentage off on the server, shows it in the order and the licence, and e-mails the receipt", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const { productId, wav } = await beatWithTiers(seller);
    const made = await call("/api/discounts", {
      cookie: seller.cookie,
      json: { code: "spring20", kind: "percent", value: 20, maxUses: 10, expiresAt: "2999-01-01" },
    });
    expect(made.status).toBe(201);
    await call("/api/cart/items", { cookie: buyer.cookie, json: { productId, tierId: wav.id } });
    const priced = await cartOf(buyer.cookie, "?discountCode=SPRING20");
    expect(priced).toMatchObject({
      subtotalCents: 4999,
      discountCents: 1000,
      totalCents: 3999,
      discountCode: "SPRING20",
    });
    const unknown = await call("/api/cart?discountCode=NOPE123", { cookie: buyer.cookie });
    expect((await unknown.json<any>()).error.message).toBe("This discount code is not valid.");

    const { checkout, result } = await payCart(buyer.cookie, undefined, { discountCode: "spring20" });
    expect(result.status).toBe("succeeded");
    expect(checkout.amountCents).toBe(3999);
    const [order] = await db().select().from(orders).where(eq(orders.id, checkout.orderId));
    expect(order).toMatchObject({ status: "paid", discountCode: "SPRING20", discountCents: 1000, amountCents: 3999 });
    const status = await (await call(`/api/orders/${checkout.orderId}`, { cookie: buyer.cookie })).json<any>();
    expect(status).toMatchObject({ discountCode: "SPRING20", discountCents: 1000 });
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, checkout.orderId));
    const licence = await lookUpLicence(makeDeps(env, "http://localhost"), item!.licenceCode);
    expect(licence?.facts).toMatchObject({ priceCents: 3999, discountCents: 1000, discountCode: "SPRING20" });
    const [code] = await db().select().from(discountCodes).where(eq(discountCodes.userId, seller.user.id));
    expect(code!.uses).toBe(1);

    const mails = await db().select().from(devOutbox).where(eq(devOutbox.to, buyer.form.email));
    const receipt = mails.find((mail) => mail.subject === `Receipt for order ${order!.number}`);
    expect(receipt?.body).toContain("Tiered Beat");
    expect(receipt?.body).toContain("WAV Lease");
    expect(receipt?.body).toContain(`/licence/${item!.licenceCode}`);
    expect(receipt?.body).toContain("http://localhost/purchases");
    expect(receipt?.body).toContain("Total paid: $39.99");
    // Redelivered success: no second receipt.
    expect(mails.filter((mail) => mail.subject.startsWith("Receipt")).length).toBe(1);
  });

  it("refuses an expired code, a code for another product, and takes an amount off", async () => {
    const seller = await signUp();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, { priceCents: 3000 });
    const elsewhere = await insertProduct(seller.user.id, { priceCents: 3000 });
    await db()
      .insert(discountCodes)
      .values([
        {
          id: crypto.randomUUID(),
          userId: seller.user.id,
          code: "OLD",
          kind: "percent",
          value: 50,
          expiresAt: new Date(Date.now() - 1000),
        },
        {
          id: crypto.randomUUID(),
          userId: seller.user.id,
          code: "ONLYTHAT",
          kind: "percent",
          value: 50,
          productId: elsewhere,
        },
        { id: crypto.randomUUID(), userId: seller.user.id, code: "FIVEOFF", kind: "amount", value: 500 },
      ]);
    await addToCart(buyer.cookie, productId);
    const expired = await call("/api/checkout", { cookie: buyer.cookie, json: { discountCode: "old" } });
    expect((await expired.json<any>()).error.message).toBe("This discount code has expired.");
    const other = await call("/api/checkout", { cookie: buyer.cookie, json: { discountCode: "ONLYTHAT" } });
    expect((await other.json<any>()).error.message).toBe(
      "This discount code does not apply to the items in your cart.",
    );
    const amount = await call("/api/checkout", { cookie: buyer.cookie, json: { discountCode: "fiveoff" } });
    expect((await amount.json<any>()).amountCents).toBe(2500);
    const bad = await call("/api/discounts", {
      cookie: seller.cookie,
      json: { code: "x", kind: "percent", value: 120 },
    });
    expect(bad.status).toBe(400);
  });

  it("20 buyers racing for a code with 5 uses: exactly 5 discounted orders", async () => {
    const seller = await signUp();
    const productId = await insertProduct(seller.user.id, { priceCents: 2000 });
    await db().insert(discountCodes).values({
      id: crypto.randomUUID(),
      userId: seller.user.id,
      code: "RACE5",
      kind: "percent",
      value: 50,
      maxUses: 5,
    });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => quickMember()));
    for (const buyer of buyers) await addToCart(buyer.cookie, productId);
    const answers = await Promise.all(
      buyers.map((buyer) => call("/api/checkout", { cookie: buyer.cookie, json: { discountCode: "RACE5" } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const refusals = await Promise.all(answers.filter((a) => a.status === 409).map((a) => a.json<any>()));
    expect(new Set(refusals.map((r) => r.error.message))).toEqual(new Set(["This discount code has been used up."]));
    const discounted = await db()
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.discountCode, "RACE5"),
          inArray(
            orders.userId,
            buyers.map((b) => b.user.id),
          ),
        ),
      );
    expect(discounted).toHaveLength(5);
    expect(discounted.every((o) => o.amountCents === 1000)).toBe(true);
    const [code] = await db().select().from(discountCodes).where(eq(discountCodes.code, "RACE5"));
    expect(code!.uses).toBe(5);
  });
});

describe("beat details, search and filters", () => {
  it("filters the store by genre, key, BPM and price, searches titles and tags, and sorts", async () => {
    const seller = await signUp();
    const stranger = await quickMember();
    const make = async (title: string, priceCents: number, details: object) => {
      const id = await insertProduct(seller.user.id, { title, priceCents });
      const saved = await call(`/api/products/${id}/details`, { cookie: seller.cookie, method: "PUT", json: details });
      expect(saved.status).toBe(204);
      return id;
    };
    const trap = await make("Trap Night", 3000, {
      genre: "Trap",
      mood: "Dark",
      bpm: 140,
      musicalKey: "A minor",
      tags: ["808", "Night"],
    });
    const lofi = await make("Lo-fi Morning", 1500, {
      genre: "Lo-fi",
      mood: "Chill",
      bpm: 85,
      musicalKey: "C major",
      tags: ["study"],
    });
    const drill = await make("Drill Run", 5000, {
      genre: "Drill",
      mood: null,
      bpm: 145,
      musicalKey: "A minor",
      tags: [],
    });
    // A cheap tier makes the drill beat 'from' $10.
    await call(`/api/products/${drill}/tiers`, {
      cookie: seller.cookie,
      json: {
        template: "mp3-lease",
        values: {
          name: "MP3",
          price: 10,
          formats: ["mp3"],
          terms: { distributionCopies: 100, audioStreams: 100, musicVideos: 0, radioStations: 0, creditLine: "x" },
        },
      },
    });
    const list = async (query: string) =>
      ((await (await call(`/api/sellers/${seller.user.id}/products?${query}`)).json<any>()).products as any[]).map(
        (p) => p.id,
      );

    expect(await list("genre=trap")).toEqual([trap]);
    expect(await list("bpmMin=130&bpmMax=150&key=A%20minor")).toEqual([drill, trap]);
    expect(await list("q=study")).toEqual([lofi]);
    expect(await list("q=NIGHT")).toEqual([trap]);
    expect(await list("priceMax=12")).toEqual([drill]);
    expect(await list("sort=price-asc")).toEqual([drill, lofi, trap]);
    expect(await list("sort=price-desc")).toEqual([trap, lofi, drill]);
    // Unreadable parameters are ignored, not a 5xx.
    expect((await call(`/api/sellers/${seller.user.id}/products?bpmMin=abc&sort=weird`)).status).toBe(200);

    // Popularity: a sale and plays.
    await call(`/api/products/${lofi}/plays`, { method: "POST" });
    await call("/api/cart/items", { cookie: stranger.cookie, json: { productId: lofi } });
    await payCart(stranger.cookie);
    expect((await list("sort=popular"))[0]).toBe(lofi);

    // The store page renders the filtered result on the server.
    const page = await (await call(`/digiprev/${seller.user.id}?genre=Lo-fi&bpmMin=60&sort=price-asc`)).text();
    expect(page).toContain("Lo-fi Morning");
    expect(page).not.toContain("Trap Night");
    // The filter form shows what was asked: the chosen genre and sort, the BPM typed, every field labelled.
    expect(page).toMatch(/<option value="Lo-fi"[^>]* selected="">Lo-fi<\/option>/);
    expect(page).toMatch(/<option value="price-asc"[^>]* selected="">Price: low to high<\/option>/);
    expect(page).toMatch(/<input [^>]*id="store-bpm-min"[^>]*value="60"/);
    for (const id of [
      "store-q",
      "store-genre",
      "store-key",
      "store-bpm-min",
      "store-bpm-max",
      "store-price-min",
      "store-price-max",
      "store-sort",
    ])
      expect(page).toContain(`for="${id}"`);

    const refused = await call(`/api/products/${trap}/details`, {
      cookie: seller.cookie,
      method: "PUT",
      json: { genre: null, mood: null, musicalKey: "H major", bpm: 1000, tags: [] },
    });
    expect(refused.status).toBe(400);
    const other = await call(`/api/products/${trap}/details`, {
      cookie: stranger.cookie,
      method: "PUT",
      json: { genre: null, mood: null, musicalKey: null, bpm: null, tags: [] },
    });
    expect(other.status).toBe(404);
  });
});

describe("the seller's sales view", () => {
  it("lists sales with revenue by day and product, and exports CSV with formula characters escaped", async () => {
    const seller = await signUp();
    const buyer = await quickMember();
    const productId = await insertProduct(seller.user.id, { title: "=HYPERLINK(1)", priceCents: 1200 });
    await addToCart(buyer.cookie, productId);
    await payCart(buyer.cookie);
    const report = await (await call("/api/sales", { cookie: seller.cookie })).json<any>();
    expect(report.revenueCents).toBe(1200);
    expect(report.byProduct).toEqual([{ title: "=HYPERLINK(1)", cents: 1200 }]);
    expect(report.sales[0]).toMatchObject({ status: "fulfilled", paidCents: 1200 });
    const csv = await (await call("/api/sales.csv", { cookie: seller.cookie })).text();
    expect(csv).toContain(`"'=HYPERLINK(1)"`);
    expect(csv).not.toContain(`"=HYPERLINK`);
    const other = await (await call("/api/sales", { cookie: buyer.cookie })).json<any>();
    expect(other.sales).toEqual([]);
  });
});
