// The admin dashboard (seed 001 screen 12): totals, users (with the popup list in
// the admin's own row), the auction and the community sections. Admin only, on the server.

import { PopupControls } from "../components/admin/PopupControls";
import { Totals } from "../components/admin/Totals";
import { UsersTable } from "../components/admin/UsersTable";
import { AuctionAdmin } from "../components/auction/AuctionAdmin";
import { BeatBattleAdmin } from "../components/community/BeatBattleAdmin";
import { CommunitySignups } from "../components/community/CommunityAdmin";
import type { Route } from "./+types/the-administrator";
import "../styles/auction.css";
import "../styles/admin.css";

export { action, loader } from "./the-administrator.server";

export function meta() {
  return [{ title: "Admin · Creator Platform" }];
}

export default function TheAdministrator({ loaderData }: Route.ComponentProps) {
  return (
    <section className="card admin-dashboard">
      <h1>Admin dashboard</h1>
      <Totals totals={loaderData.totals} />
      <UsersTable
        list={loaderData.users}
        me={loaderData.me}
        popupControls={
          <PopupControls popups={loaderData.popups} total={loaderData.popupTotal} pageSize={loaderData.popupPageSize} />
        }
      />
      <AuctionAdmin memberItems={loaderData.memberItems} offerGroups={loaderData.offerGroups} />
      <BeatBattleAdmin />
      <CommunitySignups />
    </section>
  );
}
