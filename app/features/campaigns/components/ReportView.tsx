// The campaign's figures, the same for the creator and the sponsor: goal progress, amount due and
// status as tiles, impressions per day as a bar chart (a hand-drawn SVG), and per episode, app and
// country as tables.
import { Badge, type BadgeTone, Card, EmptyState, ProgressBar, Table } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import type { CampaignReport, CampaignStatus } from "../../../kernel/schemas/campaigns";
import styles from "./campaigns.module.css";

const number = new Intl.NumberFormat("en-US");
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dateLabel = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const TONE: Record<CampaignStatus, BadgeTone> = {
  scheduled: "info",
  running: "accent",
  delivered: "success",
  ended: "neutral",
};

/** "Delivered Dec 5, 2026", "Running". */
export function statusText(report: Pick<CampaignReport["campaign"], "statusLabel" | "status" | "stoppedAt">) {
  return report.stoppedAt && (report.status === "delivered" || report.status === "ended")
    ? `${report.statusLabel} ${dateLabel.format(new Date(report.stoppedAt))}`
    : report.statusLabel;
}

export function StatusBadge({
  campaign,
}: {
  campaign: Pick<CampaignReport["campaign"], "statusLabel" | "status" | "stoppedAt">;
}) {
  return <Badge tone={TONE[campaign.status]}>{statusText(campaign)}</Badge>;
}

export function flightText(startsAt: string | null, endsAt: string | null) {
  const from = startsAt ? dateLabel.format(new Date(startsAt)) : "Now";
  return endsAt ? `${from} – ${dateLabel.format(new Date(endsAt))}` : `${from}, until the goal`;
}

export function ReportView({ report }: { report: CampaignReport }) {
  const { campaign } = report;
  const goal = campaign.goalImpressions;
  return (
    <>
      <div className={styles.tiles}>
        <Card as="section" className={styles.tile} aria-labelledby="tile-impressions">
          <h2 id="tile-impressions" className={styles.tileLabel}>
            Impressions
          </h2>
          <p className={styles.tileValue} data-testid="impressions">
            {number.format(report.impressions)}
            {goal !== null && <span className={styles.muted}> of {number.format(goal)}</span>}
          </p>
          {goal !== null && (
            <ProgressBar
              label="Goal progress"
              value={Math.min(report.impressions, goal)}
              max={goal}
              valueText={`${number.format(report.impressions)} of ${number.format(goal)} impressions`}
            />
          )}
        </Card>
        <Card as="section" className={styles.tile} aria-labelledby="tile-due">
          <h2 id="tile-due" className={styles.tileLabel}>
            Amount due
          </h2>
          <p className={styles.tileValue} data-testid="amount-due">
            {report.amountDueCents === null ? "No price set" : formatMoney(report.amountDueCents)}
          </p>
          <p className={styles.muted}>
            {campaign.cpmCents === null
              ? "Add a CPM to bill per thousand impressions."
              : `${number.format(report.billableImpressions)} impressions × ${formatMoney(campaign.cpmCents)} CPM`}
          </p>
        </Card>
        <Card as="section" className={styles.tile} aria-labelledby="tile-status">
          <h2 id="tile-status" className={styles.tileLabel}>
            Status
          </h2>
          <p className={styles.tileValue}>
            <StatusBadge campaign={campaign} />
          </p>
          <p className={styles.muted}>{flightText(campaign.startsAt, campaign.endsAt)}</p>
        </Card>
      </div>
      {report.impressions === 0 ? (
        <Card as="section" aria-labelledby="no-impressions" data-testid="no-impressions">
          <h2 id="no-impressions" className="visually-hidden">
            Impressions
          </h2>
          <EmptyState title="No impressions yet.">
            <p>
              The chart and the breakdowns by episode, app and country appear with the first counted play of the
              sponsor's spot.
            </p>
          </EmptyState>
        </Card>
      ) : (
        <Delivery report={report} />
      )}
    </>
  );
}

/** Where the impressions came from: per day, per episode, per app and per country. */
function Delivery({ report }: { report: CampaignReport }) {
  return (
    <>
      <Card as="section" aria-labelledby="per-day">
        <h2 id="per-day">Impressions by day</h2>
        <DayChart days={report.byDay} />
        {report.period && (
          <p className={styles.muted}>
            Period: {dateLabel.format(new Date(report.period.from))} – {dateLabel.format(new Date(report.period.to))}{" "}
            (UTC)
          </p>
        )}
      </Card>
      <Card as="section" aria-labelledby="by-episode" className={styles.stack}>
        <h2 id="by-episode">By episode</h2>
        <Table
          caption="By episode"
          rows={report.byEpisode}
          rowKey={(r) => r.episodeId}
          columns={[
            { key: "episode", header: "Episode", primary: true, cell: (r) => r.title },
            { key: "show", header: "Show", cell: (r) => r.showTitle },
            { key: "n", header: "Impressions", kind: "numeric", cell: (r) => number.format(r.impressions) },
          ]}
          empty="No impressions yet."
        />
      </Card>
      <div className={styles.split}>
        <Breakdown
          id="by-app"
          title="By app"
          column="App"
          rows={report.byApp.map((r) => ({ name: r.app, impressions: r.impressions }))}
        />
        <Breakdown
          id="by-country"
          title="By country"
          column="Country"
          rows={report.byCountry.map((r) => ({ name: r.country, impressions: r.impressions }))}
        />
      </div>
    </>
  );
}

/** The counting rules, as the delivery report states them. */
export function Method({ text }: { text: string }) {
  return (
    <Card as="section" aria-labelledby="method" className={styles.stack}>
      <h2 id="method">How impressions are counted</h2>
      <p className={styles.muted}>{text}</p>
    </Card>
  );
}

const MIN_DAYS = 14;

/** One bar per day, scaled to the busiest day; the days and counts are read out as a list too. */
function DayChart({ days }: { days: CampaignReport["byDay"] }) {
  if (days.length === 0) return <p className={styles.muted}>No impressions yet: the chart starts with the first.</p>;
  const peak = Math.max(1, ...days.map((d) => d.impressions));
  // At least two weeks of room, so a short flight's few bars stay bars, not slabs.
  const width = Math.max(days.length, MIN_DAYS) * 10;
  const summary = days.map((d) => `${dayLabel.format(new Date(d.day))}: ${number.format(d.impressions)}`).join(", ");
  return (
    <>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Impressions per day. ${summary}`}
      >
        {days.map((d, i) => {
          const h = (d.impressions / peak) * 96;
          return (
            <rect key={d.day} className={styles.bar} x={i * 10 + 1.5} y={100 - h} width={7} height={h}>
              <title>{`${dayLabel.format(new Date(d.day))}: ${number.format(d.impressions)}`}</title>
            </rect>
          );
        })}
      </svg>
      <p className={`${styles.axis} ${styles.muted}`}>
        <span>
          {dayLabel.format(new Date(days[0]!.day))}
          {days.length > 1 && ` – ${dayLabel.format(new Date(days.at(-1)!.day))}`}
        </span>
        <span>Peak {number.format(peak)} a day</span>
      </p>
    </>
  );
}

/** One breakdown of the impressions (by app, by country) as a card with its table. */
function Breakdown({
  id,
  title,
  column,
  rows,
}: {
  id: string;
  title: string;
  column: string;
  rows: { name: string; impressions: number }[];
}) {
  return (
    <Card as="section" aria-labelledby={id} className={styles.stack}>
      <h2 id={id}>{title}</h2>
      <Table
        caption={title}
        rows={rows}
        rowKey={(r) => r.name}
        columns={[
          { key: "name", header: column, primary: true, cell: (r) => r.name },
          { key: "n", header: "Impressions", kind: "numeric", cell: (r) => number.format(r.impressions) },
        ]}
        empty="No impressions yet."
      />
    </Card>
  );
}
