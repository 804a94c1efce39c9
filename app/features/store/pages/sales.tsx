// The seller's sales view (/digimanager/sales, issue 33): totals, each beat's licence tiers, revenue
// by beat and by day, every sale, and preview plays, for a date range; the same rows as CSV; and the
// visitors who asked for a free beat by e-mail (ADR 055).
import { Form, Link } from "react-router";
import { Button, Card, EmptyState, Field, Input, NavTabs, Table } from "../../../components/ui";
import { formatDate, formatMoney } from "../../../kernel/format";
import { SALES_PERIODS } from "../../../kernel/schemas/sales";
import { SalesTotals, SalesTrend } from "../components/SalesTotals";
import styles from "../components/StorePages.module.css";
import type { Route } from "./+types/sales";

export { loader } from "./sales.server";

export function meta() {
  return [{ title: "Sales · Creator Platform" }];
}

const number = new Intl.NumberFormat("en-US");
const day = (date: string) => formatDate(`${date}T00:00:00Z`, { timeZone: "UTC" });

export default function DigiManagerSales({ loaderData }: Route.ComponentProps) {
  const { asked, period, errors, report, trend, leads } = loaderData;
  const { from, to } = report.range;
  const csv = `/api/sales.csv?${new URLSearchParams({ ...(from && { from }), ...(to && { to }) })}`;
  const filtered = Boolean(from || to);
  const custom = period === "custom";
  return (
    <div className={styles.page}>
      <p className={styles.muted}>
        <Link to="/digimanager">My Digital Products</Link>
      </p>
      <h1>Sales</h1>
      {/* Presets are links (they apply at once, with or without script); Custom opens the from/to form. */}
      <div className={styles.periods}>
        <NavTabs
          label="Sales period"
          tabs={SALES_PERIODS.map((p) => ({
            to: `/digimanager/sales?period=${p.value}`,
            label: p.label,
            current: p.value === period,
          }))}
          actions={
            <a href={csv} download>
              Download CSV
            </a>
          }
        />
      </div>
      {custom && (
        <Form method="get" className={styles.range} aria-label="Custom period">
          <input type="hidden" name="period" value="custom" />
          <Field label="From" error={errors.from}>
            <Input type="date" name="from" defaultValue={asked.from} />
          </Field>
          <Field label="To" error={errors.to}>
            <Input type="date" name="to" defaultValue={asked.to} />
          </Field>
          <div className={styles.actions}>
            <Button type="submit">Show sales</Button>
          </div>
        </Form>
      )}
      <SalesTrend trend={trend} />
      <section aria-labelledby="period-heading" className={styles.trend}>
        <h2 id="period-heading" className={styles.heading}>
          {periodHeading(period, from, to)}
        </h2>
        <SalesTotals report={report} />
      </section>
      {report.sales.length === 0 ? (
        <Card as="section">
          <EmptyState
            title={filtered ? "No sales in this period." : "No sales yet."}
            action={
              filtered ? (
                <Link to="/digimanager/sales?period=all">Show every date</Link>
              ) : (
                <Link to="/digimanager">Your products</Link>
              )
            }
          >
            {filtered
              ? "Try a wider range of dates."
              : "When a buyer pays for one of your beats, the sale shows here with its licence and amount."}
          </EmptyState>
        </Card>
      ) : (
        <>
          <Card as="section">
            <h2 className={styles.heading}>By beat and licence</h2>
            <Table
              caption="By beat and licence"
              rows={report.byTier}
              rowKey={(r) => `${r.title}\u0000${r.licence}`}
              columns={[
                { key: "beat", header: "Beat", cell: (r) => r.title, primary: true },
                { key: "licence", header: "Licence", cell: (r) => r.licence },
                { key: "sold", header: "Sold", cell: (r) => number.format(r.sold), kind: "numeric" },
                { key: "revenue", header: "Revenue", cell: (r) => formatMoney(r.cents), kind: "numeric" },
              ]}
            />
          </Card>
          <div className={styles.split}>
            <RevenueTable title="By beat" header="Beat" rows={report.byProduct} label={(r) => r.title} />
            <RevenueTable title="By day" header="Day" rows={report.byDay} label={(r) => day(r.date)} />
          </div>
          <Card as="section">
            <h2 className={styles.heading}>Every sale</h2>
            <Table
              caption="Every sale"
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
          </Card>
        </>
      )}
      <Card as="section">
        <h2 className={styles.heading}>Plays and free downloads, all time</h2>
        <Table
          caption="Plays and free downloads, all time"
          rows={report.plays}
          rowKey={(r) => r.title}
          columns={[
            { key: "beat", header: "Beat", cell: (r) => r.title, primary: true },
            { key: "plays", header: "Plays", cell: (r) => number.format(r.plays), kind: "numeric" },
            {
              key: "downloads",
              header: "Free downloads",
              // Counted for a free beat that downloads straight from its page; its e-mail leads are below.
              cell: (r) => (r.downloads === null ? "—" : number.format(r.downloads)),
              kind: "numeric",
            },
          ]}
          empty={<p className={styles.muted}>No beats on sale yet.</p>}
        />
      </Card>
      <Card as="section">
        <h2 className={styles.heading}>Free download leads</h2>
        <Table
          caption="Free download leads"
          rows={leads}
          rowKey={(r) => r.id}
          columns={[
            { key: "email", header: "E-mail", cell: (r) => r.email, primary: true, kind: "truncate" },
            { key: "beat", header: "Beat", cell: (r) => r.title },
            { key: "asked", header: "Agreed on", cell: (r) => formatDate(r.consentedAt), kind: "nowrap" },
            {
              key: "opened",
              header: "Opened the link",
              kind: "nowrap",
              cell: (r) => (r.openedAt ? formatDate(r.openedAt) : "Not yet"),
            },
          ]}
          empty={
            <p className={styles.muted}>
              No leads yet. Visitors who ask for one of your free beats by e-mail, and agree to hear from you, are
              listed here.
            </p>
          }
        />
      </Card>
    </div>
  );
}

/** The period's totals named as chosen: "Last 7 days", "All time", "Nov 2, 2026 to Nov 10, 2026". */
function periodHeading(period: string, from?: string, to?: string) {
  if (period !== "custom") return SALES_PERIODS.find((p) => p.value === period)?.label ?? "All time";
  if (from && to) return `${day(from)} to ${day(to)}`;
  if (from) return `From ${day(from)}`;
  return to ? `Until ${day(to)}` : "All time";
}

/** Revenue broken down one way (by beat, by day): a label column and the amount, in a card. */
function RevenueTable<Row extends { cents: number }>({
  title,
  header,
  rows,
  label,
}: {
  title: string;
  header: string;
  rows: Row[];
  label: (row: Row) => string;
}) {
  return (
    <Card as="section">
      <h2 className={styles.heading}>{title}</h2>
      <Table
        caption={title}
        rows={rows}
        rowKey={label}
        columns={[
          { key: "label", header, cell: label, primary: true },
          { key: "revenue", header: "Revenue", cell: (r) => formatMoney(r.cents), kind: "numeric" },
        ]}
        empty={<p className={styles.muted}>Every sale in this period was refunded.</p>}
      />
    </Card>
  );
}
