// The admin dashboard's server side: every section's data in one loader, and
// the buttons of the auction and popup sections in one action (admin only).
import { data } from "react-router";
import { userQuerySchema } from "../../app/lib/schemas/admin";
import { adminSummary } from "../../worker/domain/admin/summary";
import { listUsers, userRow } from "../../worker/domain/admin/users";
import {
  allOffers,
  approveMemberItem,
  approveOffer,
  closeBidItem,
  denyMemberItem,
  listMemberItems,
} from "../../worker/domain/auction/auction";
import { deletePopup, listPopups, setActivePopup } from "../../worker/domain/popups/popups";
import { parse } from "../../worker/domain/validation";
import type { OfferGroupView } from "../components/auction/admin-views";
import { requireAdmin, server } from "../lib/auth.server";
import { formFields } from "../lib/forms.server";
import { popupIdSchema } from "../lib/schemas/popups";
import type { Route } from "./+types/the-administrator";
import { adminAction, memberItemView } from "./auction-admin.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  const { deps } = server(context);
  const url = new URL(request.url);
  const query = userQuerySchema.parse({ q: url.searchParams.get("q") ?? "", page: url.searchParams.get("page") ?? 1 });
  const [totals, list, me, popups, memberItems, offerGroups] = await Promise.all([
    adminSummary(deps),
    listUsers(deps, query),
    userRow(deps, admin.id),
    listPopups(deps),
    listMemberItems(deps),
    allOffers(deps),
  ]);
  return {
    totals,
    users: { ...list, q: query.q },
    me: me ?? { id: admin.id, name: admin.name, username: admin.username, email: admin.email, verified: true },
    popups: popups.popups.map(({ id, header, active }) => ({ id, header, active })),
    popupTotal: popups.total,
    popupPageSize: popups.pageSize,
    memberItems: memberItems.map(memberItemView),
    offerGroups: offerGroups.map(
      (group): OfferGroupView => ({
        shortCode: group.shortCode,
        title: group.title,
        closed: group.closed,
        priceCents: group.priceCents,
        leader: group.leader,
        runnerUp: group.runnerUp,
        offers: group.offers.map(({ id, username, email, amountCents, maxCents, kind, status }) => ({
          id,
          username,
          email,
          amountCents,
          maxCents,
          kind,
          status,
        })),
      }),
    ),
  };
}

/** The dashboard's buttons: the auction's four intents and the popup list's two (admin only). */
export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { deps } = server(context);
  const fields = formFields(await request.formData());
  const intent = fields.intent ?? "";
  const target = fields.code ?? fields.id ?? fields.popCustomId ?? "";
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
    case "set-active-popup":
      return run(() => setActivePopup(deps, parse(popupIdSchema, fields).popCustomId));
    case "delete-popup":
      return run(() => deletePopup(deps, parse(popupIdSchema, fields).popCustomId));
    default:
      throw data("Unknown form.", { status: 400 });
  }
}
