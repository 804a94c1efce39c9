// The admin dashboard (seed 001 screen 12): its own section navigation (Overview, Users, Popups,
// Auction, Beat battle, Community, Orders), one short section per page (`?section=`), rendered on
// the server from the section's loader. Admin only, on the server.
import { AdminNav } from "../components/admin/AdminNav";
import styles from "../components/admin/admin.module.css";
import { BattleSection } from "../components/admin/BattleSection";
import { OrdersSection } from "../components/admin/OrdersSection";
import { Overview } from "../components/admin/Overview";
import { PopupsSection } from "../components/admin/PopupsSection";
import { SignupsSection } from "../components/admin/SignupsSection";
import { UsersSection } from "../components/admin/UsersSection";
import { AuctionAdmin } from "../features/auction/components/AuctionAdmin";
import { ADMIN_SECTIONS } from "../kernel/schemas/admin";
import type { Route } from "./+types/the-administrator";
import type { SectionData } from "./the-administrator.server";
import "../styles/admin.css";
import "../features/auction/auction.css";

export { action, loader } from "./the-administrator.server";

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
      return <AuctionAdmin memberItems={data.memberItems} offerGroups={data.offerGroups} />;
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
      return <OrdersSection list={data.orders} />;
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
