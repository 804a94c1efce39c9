// The admin dashboard (seed 001 screen 12): its own section navigation (Overview, Users, Popups,
// Auction, Beat battle, Community, Orders), one short section per page (`?section=`), rendered on
// the server from the section's loader. Admin only, on the server.

import { ADMIN_SECTIONS } from "../../../kernel/schemas/admin";
import { AuctionAdmin } from "../../auction/components/AuctionAdmin";
import { AdminNav } from "../components/AdminNav";
import styles from "../components/admin.module.css";
import { BattleSection } from "../components/BattleSection";
import { OrdersSection } from "../components/OrdersSection";
import { Overview } from "../components/Overview";
import { PopupsSection } from "../components/PopupsSection";
import { SignupsSection } from "../components/SignupsSection";
import { UsersSection } from "../components/UsersSection";
import type { Route } from "./+types/dashboard";
import type { SectionData } from "./dashboard.server";
import "../admin.css";
import "../../auction/auction.css";

export { action, loader } from "./dashboard.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const section = ADMIN_SECTIONS.find((s) => s.id === loaderData?.section);
  return [{ title: `${section && section.id !== "overview" ? `${section.label} · ` : ""}Admin · Creator Platform` }];
}

function Section({ data }: { data: SectionData }) {
  switch (data.section) {
    case "overview":
      return <Overview totals={data.totals} />;
    case "users":
      return <UsersSection list={data.users} />;
    case "popups":
      return <PopupsSection popups={data.popups} total={data.total} pageSize={data.pageSize} />;
    case "auction":
      return <AuctionAdmin memberItems={data.memberItems} offerGroups={data.offerGroups} now={data.now} />;
    case "beat-battle":
      return data.battle ? (
        <BattleSection battle={data.battle} submissions={data.submissions} />
      ) : (
        <section className={styles.section}>
          <h2>Beat battle submissions</h2>
          <p className={styles.error} role="alert">
            {data.failed}
          </p>
        </section>
      );
    case "community":
      return <SignupsSection signups={data.signups} />;
    case "orders":
      return <OrdersSection list={data.orders} viewerId={data.viewerId} />;
  }
}

export default function TheAdministrator({ loaderData }: Route.ComponentProps) {
  return (
    <div className={`card ${styles.layout}`}>
      <h1>Admin dashboard</h1>
      <AdminNav current={loaderData.section} />
      <Section data={loaderData} />
    </div>
  );
}
