// The sales view's figures for the period chosen: four tiles (revenue, orders, licences sold,
// refunded; over the last 30 days revenue and licences carry their trend line, as the admin's tiles),
// then revenue by day as bars (by month past three months).

import type { Trend } from "../../../../worker/domain/admin/trends";
import type { SalesReport } from "../../../../worker/domain/store/sales";
import { TrendLine } from "../../../components/TrendLine";
import { formatMoney } from "../../../kernel/format";
import styles from "./Sales.module.css";

const number = new Intl.NumberFormat("en-US");
const count = (value: number) => number.format(value);

export function SalesTotals({
  report,
  trend,
}: {
  report: SalesReport;
  /** The last 30 days against the 30 before: only when that is the period shown. */
  trend?: { revenue: Trend; sold: Trend } | null;
}) {
  const tiles = [
    {
      key: "revenue",
      label: "Revenue",
      value: formatMoney(report.revenueCents),
      trend: trend?.revenue,
      format: formatMoney,
    },
    { key: "orders", label: "Orders", value: count(report.orderCount) },
    { key: "sold", label: "Licences sold", value: count(report.itemCount), trend: trend?.sold, format: count },
    { key: "refunded", label: "Refunded", value: formatMoney(report.refundedCents) },
  ];
  return (
    <dl className={styles.tiles} aria-label="Totals">
      {tiles.map((tile) => (
        <div key={tile.key} className={styles.tile} data-trend-tile={tile.trend ? tile.key : undefined}>
          <dt>{tile.label}</dt>
          <dd>{tile.value}</dd>
          {tile.trend && tile.format && <TrendLine name={tile.label} trend={tile.trend} format={tile.format} />}
        </div>
      ))}
    </dl>
  );
}

const DAY_MS = 86_400_000;
/** Past this many days the bars are months. */
const MAX_DAY_BARS = 92;
const dayName = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const monthName = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

interface Bar {
  key: string;
  label: string;
  cents: number;
}

/** The period's revenue as bars, every day (or month) of it, empty ones too. */
export function salesBars(report: Pick<SalesReport, "byDay" | "range">): Bar[] {
  const days = [...report.byDay].sort((a, b) => a.date.localeCompare(b.date));
  const from = report.range.from ?? days[0]?.date;
  const to = report.range.to ?? days.at(-1)?.date;
  if (!from || !to) return [];
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const cents = new Map(days.map((d) => [d.date, d.cents]));
  const byMonth = (end - start) / DAY_MS + 1 > MAX_DAY_BARS;
  const bars = new Map<string, Bar>();
  for (let time = start; time <= end; time += DAY_MS) {
    const date = new Date(time).toISOString().slice(0, 10);
    const key = byMonth ? date.slice(0, 7) : date;
    const bar = bars.get(key) ?? {
      key,
      label: byMonth ? monthName.format(new Date(time)) : dayName.format(new Date(time)),
      cents: 0,
    };
    bar.cents += cents.get(date) ?? 0;
    bars.set(key, bar);
  }
  return [...bars.values()];
}

/** Revenue over the period, one bar a day or month; the bars are said in words for screen readers. */
export function SalesChart({ report, title }: { report: SalesReport; title: string }) {
  const bars = salesBars(report);
  const peak = Math.max(1, ...bars.map((bar) => bar.cents));
  // At least two weeks of room, so a short period's few bars stay bars, not slabs.
  const width = Math.max(bars.length, 14) * 10;
  const said = bars
    .filter((bar) => bar.cents > 0)
    .map((bar) => `${bar.label}: ${formatMoney(bar.cents)}`)
    .join(", ");
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>{title}</figcaption>
      {bars.length === 0 ? (
        <p className={styles.muted}>No revenue in this period.</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${width} 100`}
            preserveAspectRatio="none"
            role="img"
            aria-label={`${title}. ${said || "No revenue."}`}
            data-sales-chart
          >
            <line className={styles.baseline} x1={0} x2={width} y1={99.5} y2={99.5} />
            {bars.map((bar, i) => {
              const h = bar.cents > 0 ? Math.max(2, (bar.cents / peak) * 96) : 0;
              return (
                <rect key={bar.key} className={styles.bar} x={i * 10 + 1.5} y={100 - h} width={7} height={h}>
                  <title>{`${bar.label}: ${formatMoney(bar.cents)}`}</title>
                </rect>
              );
            })}
          </svg>
          <p className={`${styles.axis} ${styles.muted}`}>
            <span>
              {bars[0]!.label}
              {bars.length > 1 && ` – ${bars.at(-1)!.label}`}
            </span>
            <span>Best: {formatMoney(Math.max(...bars.map((bar) => bar.cents)))}</span>
          </p>
        </>
      )}
    </figure>
  );
}
