// The dashboard's overview (seed 001 screen 12's totals): users, projects, files and revenue with
// 2 decimals, the revenue split into store sales, refunds and donations, each tile with its last 30
// days drawn and said in words, and what waits for the admin.
import { Link } from "react-router";
import type { AdminOverview } from "../../../../worker/domain/admin/summary";
import type { TrendKey } from "../../../../worker/domain/admin/trends";
import { TrendLine } from "../../../components/TrendLine";
import { buttonClass } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import { sectionLink } from "./AdminNav";
import styles from "./admin.module.css";

type Tile = {
  label: string;
  value: string;
  key: string;
  note?: string;
  /** The trend's name in its sentence, and which trend; none for refunds (no row keeps when one was paid back). */
  trend?: [string, TrendKey];
};

export function Overview({ totals }: { totals: AdminOverview }) {
  const number = new Intl.NumberFormat("en-US");
  const count = (value: number) => number.format(value);
  const counts: Tile[] = [
    { label: "Users", value: count(totals.totalUsers), key: "users", trend: ["Sign-ups", "users"] },
    { label: "Projects", value: count(totals.totalProjects), key: "projects", trend: ["New projects", "projects"] },
    { label: "Files", value: count(totals.totalFiles), key: "files", trend: ["Files added", "files"] },
  ];
  const money: Tile[] = [
    {
      label: "Revenue",
      value: formatMoney(totals.totalRevenueCents),
      key: "revenue",
      note: "Store sales less refunds, plus donations",
      trend: ["Revenue", "revenue"],
    },
    {
      label: "Store sales",
      value: formatMoney(totals.storeCents),
      key: "store",
      note: `${count(totals.paidOrders)} paid orders`,
      trend: ["Store sales", "store"],
    },
    { label: "Refunds", value: formatMoney(totals.refundedCents), key: "refunds", note: "Paid back of store orders" },
    {
      label: "Donations",
      value: formatMoney(totals.donationCents),
      key: "donations",
      note: "Fundraiser, succeeded payments",
      trend: ["Donations", "donations"],
    },
  ];
  const tiles = (list: Tile[], format: (value: number) => string) =>
    list.map(({ label, value, key, note, trend }) => (
      <div key={key}>
        <dt>{label}</dt>
        <dd data-total={key}>{value}</dd>
        {note && <dd className={styles.note}>{note}</dd>}
        {trend && <TrendLine name={trend[0]} trend={totals.trends[trend[1]]} format={format} />}
      </div>
    ));
  return (
    <section className={styles.section} aria-labelledby="totals-heading">
      <h2 id="totals-heading">Totals</h2>
      <dl className={styles.totals}>{tiles(counts, count)}</dl>
      <h2 id="revenue-heading">Revenue</h2>
      <dl className={styles.totals} aria-labelledby="revenue-heading">
        {tiles(money, formatMoney)}
      </dl>
      <h2 id="waiting-heading">Waiting for you</h2>
      <Tasks totals={totals} count={count} />
    </section>
  );
}

interface Task {
  key: string;
  /** What the badge says: a count, or a mark when there is nothing to count. */
  badge: string;
  title: string;
  detail: string;
  action: string;
  to: string;
}

/** What waits for the admin as rows (a badge, what waits, one action each), or a calm empty state. */
function Tasks({ totals, count }: { totals: AdminOverview; count: (value: number) => string }) {
  const tasks: Task[] = [];
  if (totals.pendingMemberItems > 0)
    tasks.push({
      key: "member-items",
      badge: count(totals.pendingMemberItems),
      title:
        totals.pendingMemberItems === 1
          ? "1 member item waits for approval"
          : `${count(totals.pendingMemberItems)} member items wait for approval`,
      detail: "Approve or decline each one before it reaches the auction.",
      action: "Review items",
      to: sectionLink("auction"),
    });
  if (totals.activePopup === null)
    tasks.push({
      key: "popup",
      badge: "!",
      title: "No welcome popup is active.",
      detail: "Visitors see no welcome on the landing page.",
      action: "Choose one",
      to: sectionLink("popups"),
    });
  return (
    <>
      {tasks.length === 0 ? (
        <div className={styles.caughtUp} role="status">
          <span className={styles.taskBadge} data-tone="success" aria-hidden="true">
            ✓
          </span>
          <div>
            <p className={styles.taskTitle}>You are all caught up.</p>
            <p className={styles.taskDetail}>No member items wait for approval, and a welcome popup is active.</p>
          </div>
        </div>
      ) : (
        <ul className={styles.tasks} aria-labelledby="waiting-heading">
          {tasks.map((task) => (
            <li key={task.key} className={styles.task}>
              <span className={styles.taskBadge} aria-hidden="true">
                {task.badge}
              </span>
              <div>
                <p className={styles.taskTitle}>{task.title}</p>
                <p className={styles.taskDetail}>{task.detail}</p>
              </div>
              <Link to={task.to} className={buttonClass("secondary", "sm")}>
                {task.action}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.lead}>
        {totals.activePopup !== null && (
          <>
            Active popup: <Link to={sectionLink("popups")}>{totals.activePopup}</Link> ·{" "}
          </>
        )}
        <Link to={sectionLink("orders")}>See the orders</Link>
      </p>
    </>
  );
}
