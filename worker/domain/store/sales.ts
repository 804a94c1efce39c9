// The seller's sales view (issue 33): every sold or refunded item of their products paid in a date
// range, revenue by day, by product and by licence tier, refunds, and preview plays; and the same
// rows as CSV, with formula characters escaped so a spreadsheet never runs a buyer-chosen title.
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { SalesRange } from "../../../app/kernel/schemas/sales";
import { orderItems, orders, products } from "../../db/schema";
import { series, type Trend, trendWindow } from "../admin/trends";
import type { Deps } from "../deps";
import { itemLicenceName } from "../licences/licences";

const DAY_MS = 86_400_000;

/** The paid-at bounds of a range of whole UTC days, the last day included. */
function paidWithin(range: SalesRange) {
  return [
    range.from ? gte(orders.paidAt, new Date(`${range.from}T00:00:00Z`)) : undefined,
    range.to ? lt(orders.paidAt, new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS)) : undefined,
  ];
}

export async function salesReport(deps: Pick<Deps, "db">, sellerId: string, range: SalesRange = {}) {
  // The sales and the plays side by side: one wait on D1.
  const [rows, plays] = await Promise.all([
    deps.db
      .select({ item: orderItems, number: orders.number, paidAt: orders.paidAt, code: orders.discountCode })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.sellerId, sellerId),
          inArray(orderItems.status, ["fulfilled", "refunded"]),
          ...paidWithin(range),
        ),
      )
      .orderBy(desc(orders.paidAt))
      .limit(1000),
    deps.db
      .select({
        title: products.title,
        plays: products.plays,
        // Null for a beat that is not a direct free download (nothing to count).
        downloads: sql<
          number | null
        >`case when ${products.licenseType} = 'free' and ${products.freeAsksEmail} = 0 then ${products.directDownloads} end`,
      })
      .from(products)
      .where(and(eq(products.userId, sellerId), inArray(products.status, ["active", "withdrawn"])))
      .orderBy(desc(products.plays))
      .limit(100),
  ]);
  const sales = rows.map(({ item, number, paidAt, code }) => ({
    id: item.id,
    orderNumber: number,
    date: (paidAt ?? new Date(0)).toISOString().slice(0, 10),
    title: item.title,
    licence: itemLicenceName(item),
    status: item.status,
    paidCents: item.priceCents - item.discountCents,
    discountCents: item.discountCents,
    discountCode: item.discountCents ? code : null,
  }));
  const byDay = new Map<string, number>();
  const byProduct = new Map<string, number>();
  const byTier = new Map<string, { title: string; licence: string; sold: number; cents: number }>();
  const orderNumbers = new Set<string>();
  let refundedCents = 0;
  for (const sale of sales) {
    if (sale.status === "refunded") {
      refundedCents += sale.paidCents;
      continue;
    }
    orderNumbers.add(sale.orderNumber);
    byDay.set(sale.date, (byDay.get(sale.date) ?? 0) + sale.paidCents);
    byProduct.set(sale.title, (byProduct.get(sale.title) ?? 0) + sale.paidCents);
    const key = JSON.stringify([sale.title, sale.licence]);
    const tier = byTier.get(key) ?? { title: sale.title, licence: sale.licence, sold: 0, cents: 0 };
    byTier.set(key, { ...tier, sold: tier.sold + 1, cents: tier.cents + sale.paidCents });
  }
  return {
    sales,
    range,
    revenueCents: [...byDay.values()].reduce((a, b) => a + b, 0),
    refundedCents,
    orderCount: orderNumbers.size,
    itemCount: [...byTier.values()].reduce((a, b) => a + b.sold, 0),
    byDay: [...byDay].map(([date, cents]) => ({ date, cents })),
    byProduct: [...byProduct].map(([title, cents]) => ({ title, cents })).sort((a, b) => b.cents - a.cents),
    byTier: [...byTier.values()].sort((a, b) => b.cents - a.cents || a.title.localeCompare(b.title)),
    plays,
  };
}
export type SalesReport = Awaited<ReturnType<typeof salesReport>>;

/**
 * The seller's last 30 days beside the 30 before, a UTC day at a time, as the admin's tiles count
 * them: revenue (what buyers paid, refunds left out, as the report's total) and licences sold.
 */
export async function salesTrend(
  deps: Pick<Deps, "db" | "now">,
  sellerId: string,
): Promise<{ revenue: Trend; sold: Trend }> {
  const now = deps.now();
  const { first, from, until } = trendWindow(now);
  const rows = await deps.db
    .select({
      day: sql<number>`cast(${orders.paidAt} / ${DAY_MS} as integer)`.as("day"),
      cents: sql<number>`coalesce(sum(${orderItems.priceCents} - ${orderItems.discountCents}), 0)`,
      sold: sql<number>`count(*)`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.sellerId, sellerId),
        eq(orderItems.status, "fulfilled"),
        gte(orders.paidAt, new Date(from)),
        lt(orders.paidAt, new Date(until)),
      ),
    )
    .groupBy(sql`day`);
  return {
    revenue: series(
      rows.map((row) => ({ day: row.day, n: Number(row.cents) })),
      first,
    ),
    sold: series(
      rows.map((row) => ({ day: row.day, n: Number(row.sold) })),
      first,
    ),
  };
}

/** A CSV cell: quoted, and a leading = + - @ (or tab/CR) neutralised so spreadsheets read it as text. */
export function csvCell(value: string | number | null) {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function salesCsv(report: SalesReport) {
  const header = ["Order", "Date", "Product", "Licence", "Status", "Paid (USD)", "Discount (USD)", "Code"];
  const lines = report.sales.map((sale) =>
    [
      sale.orderNumber,
      sale.date,
      sale.title,
      sale.licence,
      sale.status,
      (sale.paidCents / 100).toFixed(2),
      (sale.discountCents / 100).toFixed(2),
      sale.discountCode,
    ]
      .map(csvCell)
      .join(","),
  );
  return [header.map(csvCell).join(","), ...lines].join("\r\n");
}

/** How many licences of each of the seller's products were sold (fulfilled items), for the manager's overview. */
export async function salesByProduct(deps: Pick<Deps, "db">, sellerId: string): Promise<Record<string, number>> {
  const rows = await deps.db
    .select({ productId: orderItems.productId, sold: sql<number>`count(*)` })
    .from(orderItems)
    .where(and(eq(orderItems.sellerId, sellerId), eq(orderItems.status, "fulfilled")))
    .groupBy(orderItems.productId);
  return Object.fromEntries(rows.map((row) => [row.productId, row.sold]));
}
