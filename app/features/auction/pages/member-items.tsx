// Pending member items (/memitem, admin; seed 001 screen 17): each item with
// Approve and Deny while it is pending. Approving puts it in the gallery under
// its short code and records the approver; denying asks 'Deny this item?'.
import { Link } from "react-router";
import { PendingMemberItems } from "../components/PendingMemberItems";
import type { Route } from "./+types/member-items";
import "../auction.css";

export { action, loader } from "./member-items.server";

export function meta() {
  return [{ title: "Pending member items · Creator Platform" }];
}

export default function MemberItems({ loaderData }: Route.ComponentProps) {
  return (
    <section className="card auction-ui">
      <h1>Pending member items</h1>
      <p className="muted">
        Approved items join the <Link to="/bidgallery">auction</Link>. New items come from members in the gallery or
        from the <Link to="/memBid">entry form</Link>.
      </p>
      <PendingMemberItems items={loaderData.items} />
    </section>
  );
}
