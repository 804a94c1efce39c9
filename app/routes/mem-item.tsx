// Pending member items (/memitem, admin; seed 001 screen 17): each item with
// Approve and Deny while it is pending. Approving puts it in the gallery under
// its short code and records the approver; denying asks 'Deny this item?'.
import { data, Link } from "react-router";
import { approveMemberItem, denyMemberItem, listMemberItems } from "../../worker/domain/auction/auction";
import { PendingMemberItems } from "../components/AuctionAdmin";
import { requireAdmin, server } from "../lib/auth.server";
import { formFields } from "../lib/forms.server";
import type { Route } from "./+types/mem-item";
import { adminAction, memberItemView } from "./auction-admin.server";
import "../styles/auction.css";

export function meta() {
  return [{ title: "Pending member items · Creator Platform" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const items = await listMemberItems(server(context).deps, "pending");
  return { items: items.map(memberItemView) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { deps } = server(context);
  const fields = formFields(await request.formData());
  const intent = fields.intent ?? "";
  const id = fields.id ?? "";
  if (intent !== "approve-item" && intent !== "deny-item") throw data("Unknown form.", { status: 400 });
  return adminAction(intent, id, () =>
    intent === "approve-item" ? approveMemberItem(deps, admin.id, id) : denyMemberItem(deps, admin.id, id),
  );
}

export default function MemItem({ loaderData }: Route.ComponentProps) {
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
