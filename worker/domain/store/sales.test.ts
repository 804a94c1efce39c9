// The seller's sales view (issue 33): a date range of whole UTC days, totals, one row per beat and
// licence tier, the CSV of the same range, and the /digimanager/sales page with its empty state.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../../tests/workers/http";
import { html } from "../../../tests/workers/pages";
import { insertProduct, payCart, quickMember } from "../../../tests/workers/store";
import { database } from "../../db/client";
import { orders } from "../../db/schema";

const db = () => database(env.DB);

/** A paid order of one item, its payment moved to `paidAt`. */
async function sale(productId: string, paidAt: string, tierId?: string) {
  const buyer = await quickMember();
  await call("/api/cart/items", { cookie: buyer.cookie, json: { productId, ...(tierId && { tierId }) } });
  const { checkout } = await payCart(buyer.cookie);
  await db()
    .update(orders)
    .set({ paidAt: new Date(paidAt) })
    .where(eq(orders.id, checkout.orderId));
}

async function sellerWithSales() {
  const seller = await signUp();
  const productId = await insertProduct(seller.user.id, { title: "Night Drive", priceCents: 2000 });
  const tier = await call(`/api/products/${productId}/tiers`, {
    cookie: seller.cookie,
    json: { template: "mp3-lease" },
  });
  const mp3 = (await tier.json<any>()).tier;
  await sale(productId, "2026-11-01T10:00:00Z");
  await sale(productId, "2026-11-10T23:59:00Z", mp3.id);
  await sale(productId, "2026-11-11T00:00:00Z", mp3.id);
  return { seller, productId, mp3 };
}

describe("the sales view's date range", () => {
  it("counts the days of the range, both ends included, with one row per beat and licence", async () => {
    const { seller, mp3 } = await sellerWithSales();
    const all = await (await call("/api/sales", { cookie: seller.cookie })).json<any>();
    expect(all).toMatchObject({ orderCount: 3, itemCount: 3, revenueCents: 2000 + 2 * mp3.priceCents });
    expect(all.byTier).toEqual([
      { title: "Night Drive", licence: "MP3 Lease", sold: 2, cents: 2 * mp3.priceCents },
      { title: "Night Drive", licence: "Non-Exclusive License", sold: 1, cents: 2000 },
    ]);

    const range = await (await call("/api/sales?from=2026-11-02&to=2026-11-10", { cookie: seller.cookie })).json<any>();
    expect(range).toMatchObject({ range: { from: "2026-11-02", to: "2026-11-10" }, orderCount: 1 });
    expect(range.sales.map((s: any) => s.date)).toEqual(["2026-11-10"]);

    const csv = await (await call("/api/sales.csv?from=2026-11-11", { cookie: seller.cookie })).text();
    expect(csv.split("\r\n")).toHaveLength(2);
    expect(csv).toContain('"2026-11-11"');
  });

  it("refuses a day that does not exist and a range that ends before it starts", async () => {
    const seller = await signUp();
    const bad = await call("/api/sales?from=2026-02-30", { cookie: seller.cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json<any>()).error.fields.from).toEqual(["Enter a date as YYYY-MM-DD."]);
    const backwards = await call("/api/sales.csv?from=2026-11-10&to=2026-11-01", { cookie: seller.cookie });
    expect(backwards.status).toBe(400);
    expect((await backwards.json<any>()).error.fields.to).toEqual([
      "The start date must be on or before the end date.",
    ]);
  });
});

describe("/digimanager/sales", () => {
  it("shows the totals and the rows of the range, and the CSV link keeps the range", async () => {
    const { seller } = await sellerWithSales();
    const page = await html(await call("/digimanager/sales?from=2026-11-01&to=2026-11-01", { cookie: seller.cookie }));
    expect(page).toContain("<h1>Sales</h1>");
    expect(page).toContain("$20.00");
    expect(page).toContain("Non-Exclusive License");
    expect(page).not.toContain("MP3 Lease");
    expect(page).toContain('href="/api/sales.csv?from=2026-11-01&to=2026-11-01"');
  });

  it("says when there is nothing to show, and keeps an unreadable range beside its field", async () => {
    const seller = await signUp();
    const empty = await html(await call("/digimanager/sales", { cookie: seller.cookie }));
    expect(empty).toContain("No sales yet.");
    const bad = await call("/digimanager/sales?from=2026-11-10&to=2026-11-01", { cookie: seller.cookie });
    expect(bad.status).toBe(200);
    expect(await html(bad)).toContain("The start date must be on or before the end date.");
  });

  it("offers period presets that count whole days to today, and the last 30 days as a trend", async () => {
    const seller = await signUp();
    const productId = await insertProduct(seller.user.id, { title: "Fresh Beat", priceCents: 2000 });
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    await sale(productId, dayAgo);
    await sale(productId, new Date(Date.now() - 40 * 86_400_000).toISOString());
    await sale(productId, new Date(Date.now() - 45 * 86_400_000).toISOString());

    const week = await html(await call("/digimanager/sales?period=7d", { cookie: seller.cookie }));
    expect(week).toMatch(/aria-current="page"[^>]*>Last 7 days</);
    expect(week).toContain(
      `href="/api/sales.csv?from=${new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)}`,
    );
    expect(week).toMatch(/Orders<\/dt><dd>1</);
    // The figures are headed by the period chosen; the 30-day trend is not this period's.
    expect(week).toContain('<h2 id="period-heading">Last 7 days</h2>');
    expect(week).not.toContain("Revenue, last 30 days");
    // Over the last 30 days the tiles carry the trend: one sale against two in the 30 before.
    const month = await html(await call("/digimanager/sales?period=30d", { cookie: seller.cookie }));
    expect(month).toContain('<h2 id="period-heading">Last 30 days</h2>');
    expect(month).toContain("Revenue, last 30 days: $20.00, down 50% on the 30 days before");
    expect(month).toContain("Licences sold, last 30 days: 1, down 50% on the 30 days before");
    expect(month).toContain("data-sparkline");
    // Custom is the from/to form with 'Show sales'; a preset has no date fields.
    expect(week).not.toContain('name="from"');
    const custom = await html(await call("/digimanager/sales?period=custom", { cookie: seller.cookie }));
    expect(custom).toContain('name="from"');
    expect(custom).toContain("Show sales");

    const all = await html(await call("/digimanager/sales?period=all", { cookie: seller.cookie }));
    expect(all).toMatch(/Orders<\/dt><dd>3</);
    expect(all).toContain('href="/api/sales.csv?"');
    expect(all).toContain('<h2 id="period-heading">All time</h2>');
    expect(all).not.toContain("Revenue, last 30 days");
    expect(all).toContain("data-sales-chart");
  });

  it("shows one table, grouped by beat, by day or sale by sale as the switch's links say", async () => {
    const { seller } = await sellerWithSales();
    const captions = (page: string) => [...page.matchAll(/<caption[^>]*>([^<]+)</g)].map((m) => m[1]);
    const byBeat = await html(await call("/digimanager/sales?period=all", { cookie: seller.cookie }));
    expect(
      captions(byBeat).filter((c) => c !== "Plays and free downloads, all time" && c !== "Free download leads"),
    ).toEqual(["By beat and licence"]);
    expect(byBeat).toMatch(/href="\/digimanager\/sales\?period=all&(amp;)?group=sale"/);
    const everySale = await html(await call("/digimanager/sales?period=all&group=sale", { cookie: seller.cookie }));
    expect(captions(everySale)).toContain("Every sale");
    expect(captions(everySale)).not.toContain("By beat and licence");
    // A period tab keeps the grouping.
    expect(everySale).toMatch(/href="\/digimanager\/sales\?period=7d&(amp;)?group=sale"/);
    const byDay = await html(await call("/digimanager/sales?period=all&group=day", { cookie: seller.cookie }));
    expect(captions(byDay)).toContain("By day");
  });

  it("sends a visitor to sign in", async () => {
    const response = await call("/digimanager/sales");
    expect(response.status).toBe(302);
  });
});

describe("preview plays", () => {
  const play = (productId: string, o: { cookie?: string; ip?: string } = {}) =>
    call(`/api/products/${productId}/plays`, { method: "POST", ...o });

  it("counts a listener once per beat in half an hour, never the seller, and shows the count to the seller", async () => {
    const seller = await signUp();
    const productId = await insertProduct(seller.user.id, { title: "Counted Beat" });
    expect((await play(productId, { ip: "192.0.2.10" })).status).toBe(204);
    expect((await play(productId, { ip: "192.0.2.10" })).status).toBe(204);
    await play(productId, { ip: "192.0.2.11" });
    await play(productId, { ip: "192.0.2.12", cookie: seller.cookie });
    const report = await (await call("/api/sales", { cookie: seller.cookie })).json<any>();
    // A paid beat has no free downloads to count.
    expect(report.plays).toEqual([{ title: "Counted Beat", plays: 2, downloads: null }]);
    const page = await html(await call("/digimanager/sales", { cookie: seller.cookie }));
    expect(page).toMatch(/Counted Beat(<[^>]+>)+2</);
  });
});
