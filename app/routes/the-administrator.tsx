import { data } from "react-router";
import { listUsers } from "../../worker/domain/admin/users";
import {
  allOffers,
  approveMemberItem,
  approveOffer,
  closeBidItem,
  denyMemberItem,
  listMemberItems,
} from "../../worker/domain/auction/auction";
import { AuctionAdmin, type OfferGroupView } from "../components/AuctionAdmin";
import { BeatBattleAdmin } from "../components/community/BeatBattleAdmin";
import { CommunitySignups } from "../components/community/CommunityAdmin";
import { ScrollRegion } from "../components/ScrollRegion";
import { requireAdmin, server } from "../lib/auth.server";
import { formFields } from "../lib/forms.server";
import type { Route } from "./+types/the-administrator";
import { adminAction, memberItemView } from "./auction-admin.server";
import "../styles/auction.css";

export function meta() {
  return [{ title: "Admin · Creator Platform" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { deps } = server(context);
  const [users, memberItems, offerGroups] = await Promise.all([
    listUsers(deps),
    listMemberItems(deps),
    allOffers(deps),
  ]);
  return {
    users,
    memberItems: memberItems.map(memberItemView),
    offerGroups: offerGroups.map(
      (group): OfferGroupView => ({
        shortCode: group.shortCode,
        title: group.title,
        closed: group.closed,
        offers: group.offers.map(({ id, username, email, amountCents, status }) => ({
          id,
          username,
          email,
          amountCents,
          status,
        })),
      }),
    ),
  };
}

/** The auction section's buttons: approve-offer, close-sale, approve-item, deny-item (admin only). */
export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { deps } = server(context);
  const fields = formFields(await request.formData());
  const intent = fields.intent ?? "";
  const target = fields.code ?? fields.id ?? "";
  const run = (work: () => Promise<unknown>) => adminAction(intent, target, work);
  switch (intent) {
    case "approve-offer":
      return run(() => approveOffer(deps, fields.code ?? "", Number(fields.offerId)));
    case "close-sale":
      return run(() => closeBidItem(deps, fields.code ?? ""));
    case "approve-item":
      return run(() => approveMemberItem(deps, admin.id, fields.id ?? ""));
    case "deny-item":
      return run(() => denyMemberItem(deps, admin.id, fields.id ?? ""));
    default:
      throw data("Unknown form.", { status: 400 });
  }
}

export default function TheAdministrator({ loaderData }: Route.ComponentProps) {
  return (
    <section className="card">
      <h1>Admin dashboard</h1>
      <h2 id="users-heading">Users</h2>
      <ScrollRegion label="Users">
        <table aria-labelledby="users-heading">
          <thead>
            <tr>
              <th>Name</th>
              <th>Username</th>
              <th>Email</th>
              <th>Verified</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.users.map((user) => (
              <tr key={user.id}>
                <td>{user.name}</td>
                <td>{user.username}</td>
                <td>{user.email}</td>
                <td>{user.verified ? "yes" : "no"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <AuctionAdmin memberItems={loaderData.memberItems} offerGroups={loaderData.offerGroups} />
      <BeatBattleAdmin />
      <CommunitySignups />
      <p className="muted">Totals, beat battle submissions and the popup editor are coming soon.</p>
    </section>
  );
}
