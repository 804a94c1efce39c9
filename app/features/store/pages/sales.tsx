// The seller's sales view (/digimanager/sales, issue 33): for a period chosen by tabs, four tiles,
// revenue by day as a chart, and one table grouped by beat and licence, by day or sale by sale (a
// switch of links, so it works without script); preview plays; the same rows as CSV; and the
// visitors who asked for a free beat by e-mail (ADR 055).
import { Form, Link, useSearchParams } from "react-router";
import { Button, Card, EmptyState, Field, Input, NavTabs, Table } from "../../../components/ui";
import { formatDate } from "../../../kernel/format";
import { SALES_PERIODS } from "../../../kernel/schemas/sales";
import styles from "../components/Sales.module.css";
import { SalesTable, salesGroupOf } from "../components/SalesTable";
import { SalesChart, SalesTotals } from "../components/SalesTotals";
import page from "../components/StorePages.module.css";
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
  const group = salesGroupOf(useSearchParams()[0].get("group"));
  const csv = `/api/sales.csv?${new URLSearchParams({ ...(from && { from }), ...(to && { to }) })}`;
  const filtered = Boolean(from || to);
  const custom = period === "custom";
  const heading = periodHeading(period, from, to);
  /** This view with another period or grouping; the custom dates go along with the custom period. */
  const href = (next: { period?: string; group?: string }) => {
    const p = next.period ?? period;
    const params = new URLSearchParams({ period: p });
    if (p === "custom") for (const [k, v] of Object.entries(asked)) if (v) params.set(k, v);
    const g = next.group ?? group;
    if (g !== "beat") params.set("group", g);
    return `/digimanager/sales?${params}`;
  };
  return (
    <div className={page.page}>
      <p className={page.muted}>
        <Link to="/digimanager">My Digital Products</Link>
      </p>
      <h1>Sales</h1>
      {/* Presets are links (they apply at once, with or without script); Custom opens the from/to form. */}
      <div className={page.periods}>
        <NavTabs
          label="Sales period"
          tabs={SALES_PERIODS.map((p) => ({
            to: href({ period: p.value }),
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
        <Form method="get" className={page.range} aria-label="Custom period">
          <input type="hidden" name="period" value="custom" />
          {group !== "beat" && <input type="hidden" name="group" value={group} />}
          <Field label="From" error={errors.from}>
            <Input type="date" name="from" defaultValue={asked.from} />
          </Field>
          <Field label="To" error={errors.to}>
            <Input type="date" name="to" defaultValue={asked.to} />
          </Field>
          <div className={page.actions}>
            <Button type="submit">Show sales</Button>
          </div>
        </Form>
      )}
      <section aria-labelledby="period-heading" className={styles.period}>
        <h2 id="period-heading">{heading}</h2>
        {/* The 30-day trend is the period's own only when the period is the last 30 days. */}
        <SalesTotals report={report} trend={period === "30d" ? trend : null} />
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
          <Card as="section" aria-label={`Revenue by day, ${heading}`}>
            <SalesChart report={report} title={`Revenue by day, ${heading.toLowerCase()}`} />
          </Card>
          <SalesTable report={report} group={group} href={(g) => href({ group: g })} />
        </>
      )}
      <Card as="section">
        <h2 className={page.heading}>Plays and free downloads, all time</h2>
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
          empty={<p className={page.muted}>No beats on sale yet.</p>}
        />
      </Card>
      <Card as="section">
        <h2 className={page.heading}>Free download leads</h2>
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
            <p className={page.muted}>
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
