// The seller's sales view (issue 33): every sold or refunded item of their products, revenue by day
// and by product, refunds, and preview plays; and the same rows as CSV, with formula characters
// escaped so a spreadsheet never runs a buyer-chosen title.
import { and, desc, eq, inArray } from "drizzle-orm";
import { orderItems, orders, products } from "../../db/schema";
import type { Deps } from "../deps";
import { itemLicenceName } from "../licences/licences";

export async function salesReport(deps: Pick<Deps, "db">, sellerId: string) {
  const rows = await deps.db
    .select({ item: orderItems, number: orders.number, paidAt: orders.paidAt, code: orders.discountCode })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.sellerId, sellerId), inArray(orderItems.status, ["fulfilled", "refunded"])))
    .orderBy(desc(orders.paidAt))
    .limit(1000);
  const sales = rows.map(({ item, number, paidAt, code }) => ({
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
  let refundedCents = 0;
  for (const sale of sales) {
    if (sale.status === "refunded") {
      refundedCents += sale.paidCents;
      continue;
    }
    byDay.set(sale.date, (byDay.get(sale.date) ?? 0) + sale.paidCents);
    byProduct.set(sale.title, (byProduct.get(sale.title) ?? 0) + sale.paidCents);
  }
  const plays = await deps.db
    .select({ title: products.title, plays: products.plays })
    .from(products)
    .where(and(eq(products.userId, sellerId), inArray(products.status, ["active", "withdrawn"])))
    .orderBy(desc(products.plays))
    .limit(100);
  return {
    sales,
    revenueCents: [...byDay.values()].reduce((a, b) => a + b, 0),
    refundedCents,
    byDay: [...byDay].map(([date, cents]) => ({ date, cents })),
    byProduct: [...byProduct].map(([title, cents]) => ({ title, cents })).sort((a, b) => b.cents - a.cents),
    plays,
  };
}
export type SalesReport = Awaited<ReturnType<typeof salesReport>>;

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
