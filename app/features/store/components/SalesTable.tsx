// The sales view's one table, grouped as the seller picks: by beat and licence, by day, or every
// sale. The switch is a row of links (`?group=`), so it works before any script.
import { Link } from "react-router";
import type { SalesReport } from "../../../../worker/domain/store/sales";
import { Card, Table } from "../../../components/ui";
import { formatDate, formatMoney } from "../../../kernel/format";
import styles from "./Sales.module.css";

export const SALES_GROUPS = [
  { value: "beat", label: "By beat", title: "By beat and licence" },
  { value: "day", label: "By day", title: "By day" },
  { value: "sale", label: "Every sale", title: "Every sale" },
] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number]["value"];

export function salesGroupOf(param: string | null): SalesGroup {
  return SALES_GROUPS.find((g) => g.value === param)?.value ?? "beat";
}

const number = new Intl.NumberFormat("en-US");
const day = (date: string) => formatDate(`${date}T00:00:00Z`, { timeZone: "UTC" });

export function SalesTable({
  report,
  group,
  href,
}: {
  report: SalesReport;
  group: SalesGroup;
  /** The page with another grouping (the period kept). */
  href: (group: SalesGroup) => string;
}) {
  const title = SALES_GROUPS.find((g) => g.value === group)!.title;
  return (
    <Card as="section" aria-labelledby="sales-table-heading">
      <div className={styles.tableHead}>
        <h2 id="sales-table-heading">{title}</h2>
        <nav aria-label="Group sales">
          <ul className={styles.groups}>
            {SALES_GROUPS.map((g) => (
              <li key={g.value}>
                <Link
                  to={href(g.value)}
                  aria-current={g.value === group ? "true" : undefined}
                  preventScrollReset
                  replace
                >
                  {g.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {group === "beat" && (
        <Table
          caption={title}
          rows={report.byTier}
          rowKey={(r) => `${r.title}\u0000${r.licence}`}
          columns={[
            { key: "beat", header: "Beat", cell: (r) => r.title, primary: true },
            { key: "licence", header: "Licence", cell: (r) => r.licence },
            { key: "sold", header: "Sold", cell: (r) => number.format(r.sold), kind: "numeric" },
            { key: "revenue", header: "Revenue", cell: (r) => formatMoney(r.cents), kind: "numeric" },
          ]}
          empty={<p className={styles.muted}>Every sale in this period was refunded.</p>}
        />
      )}
      {group === "day" && (
        <Table
          caption={title}
          rows={[...report.byDay].sort((a, b) => b.date.localeCompare(a.date))}
          rowKey={(r) => r.date}
          columns={[
            { key: "day", header: "Day", cell: (r) => day(r.date), primary: true },
            { key: "revenue", header: "Revenue", cell: (r) => formatMoney(r.cents), kind: "numeric" },
          ]}
          empty={<p className={styles.muted}>Every sale in this period was refunded.</p>}
        />
      )}
      {group === "sale" && (
        <Table
          caption={title}
          rows={report.sales}
          rowKey={(r) => r.id}
          columns={[
            { key: "order", header: "Order", cell: (r) => r.orderNumber, primary: true, kind: "nowrap" },
            { key: "day", header: "Date", cell: (r) => day(r.date), kind: "nowrap" },
            { key: "beat", header: "Beat", cell: (r) => r.title },
            { key: "licence", header: "Licence", cell: (r) => r.licence },
            {
              key: "paid",
              header: "Paid",
              kind: "numeric",
              cell: (r) => (
                <>
                  {formatMoney(r.paidCents)}
                  {r.status === "refunded" && <div className={styles.muted}>(refunded)</div>}
                  {r.discountCode && (
                    <div className={styles.muted}>
                      ({r.discountCode}, −{formatMoney(r.discountCents)})
                    </div>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
