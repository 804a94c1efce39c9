// Pending member items (/memitem, admin): the list, and the Approve / Deny buttons' action.
import { data } from "react-router";
import { approveMemberItem, denyMemberItem, listMemberItems } from "../../../../worker/domain/auction/auction";
import { requireAdmin, server } from "../../../lib/auth.server";
import { formFields } from "../../../lib/forms.server";
import type { Route } from "./+types/member-items";
import { adminAction, memberItemView } from "./admin.server";

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
