// Pending member items (/memitem, admin; seed 001 screen 17): each item with
// Approve and Deny while it is pending. Approving puts it in the gallery under
// its short code and records the approver; denying asks 'Deny this item?'.
import { data, Link } from "react-router";
import type { Route } from "./+types/mem-item";
import { approveMemberItem, denyMemberItem, listMemberItems } from "../../worker/domain/auction/auction";
import { PendingMemberItems, type AdminResult, type MemberItemView } from "../components/AuctionAdmin";
import { requireAdmin, server } from "../lib/auth.server";
import { formAction, formFields } from "../lib/forms.server";
import "../styles/auction.css";

export function meta() {
  return [{ title: "Pending member items · Creator Platform" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const items = await listMemberItems(server(context).deps, "pending");
  return {
    items: items.map(
      (item): MemberItemView => ({
        id: item.id,
        title: item.title,
        description: item.description,
        priceCents: item.priceCents,
        shortCode: item.shortCode,
        status: item.status,
        createdAt: item.createdAt.getTime(),
      }),
    ),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { deps } = server(context);
  const fields = formFields(await request.formData());
  const intent = fields.intent ?? "";
  const id = fields.id ?? "";
  if (intent !== "approve-item" && intent !== "deny-item") throw data("Unknown form.", { status: 400 });
  const echo = { intent, target: id };
  try {
    return await formAction(async () => {
      if (intent === "approve-item") await approveMemberItem(deps, admin.id, id);
      else await denyMemberItem(deps, admin.id, id);
      return { ...echo, ok: true as const } satisfies AdminResult;
    }, echo);
  } catch (error) {
    console.error(error);
    return data({ ...echo, error: { code: "internal", message: "Something went wrong." } } satisfies AdminResult, { status: 500 });
  }
}

export default function MemItem({ loaderData }: Route.ComponentProps) {
  return (
    <section className="card auction-ui">
      <h1>Pending member items</h1>
      <p className="muted">
        Approved items join the <Link to="/bidgallery">auction</Link>. New items come from members in the gallery or from the{" "}
        <Link to="/memBid">entry form</Link>.
      </p>
      <PendingMemberItems items={loaderData.items} />
    </section>
  );
}
