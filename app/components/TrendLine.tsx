// A stat tile's 30-day trend: a small line drawn by hand in SVG (decoration, hidden from screen
// readers) and the sentence that says the same in words, which everyone reads. Two <dd>s for a
// tile's <div> in a <dl> (the admin overview, the seller's sales).
import type { Trend } from "../../worker/domain/admin/trends";
import styles from "./TrendLine.module.css";

const PERCENT = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 0 });

/** "Sign-ups, last 30 days: 42, up 12% on the 30 days before". */
export function trendSummary(name: string, trend: Trend, format: (value: number) => string): string {
  const { total, previous } = trend;
  const head = `${name}, last ${trend.days.length} days: ${format(total)}`;
  if (previous === total) return `${head}, the same as the ${trend.days.length} days before`;
  if (previous <= 0) return `${head}, against ${format(previous)} in the ${trend.days.length} days before`;
  const change = (total - previous) / Math.abs(previous);
  return `${head}, ${change > 0 ? "up" : "down"} ${PERCENT.format(Math.abs(change))} on the ${trend.days.length} days before`;
}

const WIDTH = 120;
const HEIGHT = 32;

/** The line through the days, scaled so the highest day touches the top; a flat line at the foot when all are 0. */
export function sparkPoints(days: number[]): string {
  const low = Math.min(0, ...days);
  const range = Math.max(...days, 0) - low || 1;
  const step = days.length > 1 ? WIDTH / (days.length - 1) : 0;
  return days
    .map((value, i) => `${(i * step).toFixed(1)},${(HEIGHT - 2 - ((value - low) / range) * (HEIGHT - 4)).toFixed(1)}`)
    .join(" ");
}

export function TrendLine({ name, trend, format }: { name: string; trend: Trend; format: (value: number) => string }) {
  const points = sparkPoints(trend.days);
  return (
    <>
      <dd className={styles.spark}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
          data-sparkline
        >
          <polygon className={styles.sparkArea} points={`0,${HEIGHT} ${points} ${WIDTH},${HEIGHT}`} />
          <polyline className={styles.sparkLine} points={points} />
        </svg>
      </dd>
      <dd className={styles.note} data-trend>
        {trendSummary(name, trend, format)}
      </dd>
    </>
  );
}
