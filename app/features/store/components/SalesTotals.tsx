// The sales view's headline figures for the period shown, and the last 30 days' trend above them
// (the admin overview's trend line, drawn and said in words).

import type { Trend } from "../../../../worker/domain/admin/trends";
import type { SalesReport } from "../../../../worker/domain/store/sales";
import { formatMoney } from "../../../kernel/format";
import { TrendLine } from "../../admin/components/Sparkline";
import styles from "./StorePages.module.css";

const number = new Intl.NumberFormat("en-US");
const count = (value: number) => number.format(value);

export function SalesTrend({ trend }: { trend: { revenue: Trend; sold: Trend } }) {
  const tiles = [
    { key: "revenue", label: "Revenue", name: "Revenue", trend: trend.revenue, format: formatMoney },
    { key: "sold", label: "Licences sold", name: "Licences sold", trend: trend.sold, format: count },
  ];
  return (
    <section aria-labelledby="trend-heading" className={styles.trend}>
      <h2 id="trend-heading" className={styles.heading}>
        Last 30 days
      </h2>
      <dl className={styles.trendTiles}>
        {tiles.map((tile) => (
          <div key={tile.key} className={styles.total} data-trend-tile={tile.key}>
            <dt>{tile.label}</dt>
            <dd>{tile.format(tile.trend.total)}</dd>
            <TrendLine name={tile.name} trend={tile.trend} format={tile.format} />
          </div>
        ))}
      </dl>
    </section>
  );
}

export function SalesTotals({ report }: { report: SalesReport }) {
  const totals = [
    { label: "Revenue", value: formatMoney(report.revenueCents) },
    { label: "Orders", value: number.format(report.orderCount) },
    { label: "Licences sold", value: number.format(report.itemCount) },
    { label: "Refunded", value: formatMoney(report.refundedCents) },
  ];
  return (
    <dl className={styles.totals} aria-label="Totals">
      {totals.map((total) => (
        <div key={total.label} className={styles.total}>
          <dt>{total.label}</dt>
          <dd>{total.value}</dd>
        </div>
      ))}
    </dl>
  );
}
