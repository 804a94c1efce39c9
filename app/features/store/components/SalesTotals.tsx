// The sales view's headline figures for the period shown.

import type { SalesReport } from "../../../../worker/domain/store/sales";
import { formatMoney } from "../../../kernel/format";
import styles from "./StorePages.module.css";

const number = new Intl.NumberFormat("en-US");

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
