// The dashboard's overview (seed 001 screen 12's totals): users, projects, files and revenue with
// 2 decimals, the revenue split into store sales, refunds and donations, and what waits for the admin.
import { Link } from "react-router";
import type { AdminOverview } from "../../../worker/domain/admin/summary";
import { formatMoney } from "../../kernel/format";
import { sectionLink } from "./AdminNav";
import styles from "./admin.module.css";

export function Overview({ totals }: { totals: AdminOverview }) {
  const number = new Intl.NumberFormat("en-US");
  const counts = [
    ["Users", number.format(totals.totalUsers), "users"],
    ["Projects", number.format(totals.totalProjects), "projects"],
    ["Files", number.format(totals.totalFiles), "files"],
  ] as const;
  const money = [
    ["Revenue", formatMoney(totals.totalRevenueCents), "revenue", "Store sales less refunds, plus donations"],
    ["Store sales", formatMoney(totals.storeCents), "store", `${number.format(totals.paidOrders)} paid orders`],
    ["Refunds", formatMoney(totals.refundedCents), "refunds", "Paid back of store orders"],
    ["Donations", formatMoney(totals.donationCents), "donations", "Fundraiser, succeeded payments"],
  ] as const;
  return (
    <section className={styles.section} aria-labelledby="totals-heading">
      <h2 id="totals-heading">Totals</h2>
      <dl className={styles.totals}>
        {counts.map(([label, value, key]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-total={key}>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 id="revenue-heading">Revenue</h2>
      <dl className={styles.totals} aria-labelledby="revenue-heading">
        {money.map(([label, value, key, note]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-total={key}>{value}</dd>
            <dd className={styles.note}>{note}</dd>
          </div>
        ))}
      </dl>
      <h2>Waiting for you</h2>
      <ul>
        <li>
          {totals.pendingMemberItems === 0 ? (
            "No member items wait for approval."
          ) : (
            <Link to={sectionLink("auction")}>
              {totals.pendingMemberItems === 1
                ? "1 member item waits for approval"
                : `${number.format(totals.pendingMemberItems)} member items wait for approval`}
            </Link>
          )}
        </li>
        <li>
          {totals.activePopup === null ? (
            <>
              No welcome popup is active. <Link to={sectionLink("popups")}>Choose one</Link>
            </>
          ) : (
            <>
              Active popup: <Link to={sectionLink("popups")}>{totals.activePopup}</Link>
            </>
          )}
        </li>
        <li>
          <Link to={sectionLink("orders")}>See the orders</Link>
        </li>
      </ul>
    </section>
  );
}
