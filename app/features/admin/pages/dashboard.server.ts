// The admin dashboard's server side. One section per request (`?section=`): each section's loader
// reads only what it shows, in one D1 round trip where it can (ADR 024; the session rides along).
// The buttons of every section post to the one action below (admin only).
import { data } from "react-router";
import { listOrders } from "../../../../worker/domain/admin/orders";
import { adminOverview } from "../../../../worker/domain/admin/summary";
import { listUsers } from "../../../../worker/domain/admin/users";
import {
  approveMemberItem,
  approveOffer,
  auctionBoard,
  closeBidItem,
  denyMemberItem,
} from "../../../../worker/domain/auction/auction";
import { setRevealed, updateBattle } from "../../../../worker/domain/beatbattle/battles";
import { listBattleEntries } from "../../../../worker/domain/beatbattle/entries";
import { listCommunitySignups } from "../../../../worker/domain/community/signups";
import type { Deps } from "../../../../worker/domain/deps";
import {
  deactivatePopup,
  deletePopup,
  duplicatePopup,
  listPopups,
  setActivePopup,
} from "../../../../worker/domain/popups/popups";
import { parse } from "../../../../worker/domain/validation";
import { orderQuerySchema, sectionOf, userQuerySchema } from "../../../kernel/schemas/admin";
import { battleSettingsSchema, ENTRIES_LOAD_FAILED, revealSchema } from "../../../kernel/schemas/beatbattle";
import { popupIdSchema } from "../../../kernel/schemas/popups";
import { requireAdmin, server } from "../../../lib/auth.server";
import { formFields } from "../../../lib/forms.server";
import type { OfferGroupView } from "../../auction/components/admin-views";
import { adminAction, memberItemView } from "../../auction/pages/admin.server";
import type { Route } from "./+types/dashboard";

async function auctionSection(deps: Deps) {
  const { memberItems, offerGroups } = await auctionBoard(deps);
  return {
    section: "auction" as const,
    now: deps.now(),
    memberItems: memberItems.map(memberItemView),
    offerGroups: offerGroups.map(
      (group): OfferGroupView => ({
        shortCode: group.shortCode,
        title: group.title,
        closed: group.closed,
        state: group.state,
        actions: group.actions,
        winningOfferId: group.winningOfferId,
        endsAt: group.endsAt,
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

async function popupsSection(deps: Deps) {
  const list = await listPopups(deps);
  return {
    section: "popups" as const,
    popups: list.popups.map((popup) => ({
      id: popup.id,
      header: popup.header,
      active: popup.active,
      hasImage: popup.imageKey !== null,
      startsAt: popup.startsAt?.getTime() ?? null,
      endsAt: popup.endsAt?.getTime() ?? null,
      createdAt: popup.createdAt.getTime(),
    })),
    total: list.total,
    pageSize: list.pageSize,
  };
}

/**
 * The beat battle section. Seed 001 §8: when the entries cannot be had the section opens and says
 * 'Failed to load beat battle entries.' (the rest of the dashboard still works).
 */
export async function battleSection(deps: Deps) {
  const section = "beat-battle" as const;
  try {
    const { battle, submissions } = await listBattleEntries(deps);
    return {
      section,
      failed: null,
      battle,
      submissions: submissions.map((entry) => ({
        id: entry._id,
        number: entry.number,
        projectTitle: entry.projectTitle,
        producer: entry.producer,
        createdAt: entry.createdAt.getTime(),
        files: entry.files.map(({ fileId, fileName, isCoverArt, url }) => ({ fileId, fileName, isCoverArt, url })),
      })),
    };
  } catch (error) {
    console.error(error);
    return { section, failed: ENTRIES_LOAD_FAILED, battle: null, submissions: [] };
  }
}

async function sectionData(deps: Deps, params: URLSearchParams, viewerId: string) {
  const section = sectionOf(params);
  switch (section) {
    case "overview":
      return { section, totals: await adminOverview(deps) };
    case "users": {
      const query = parse(userQuerySchema, Object.fromEntries(params));
      return { section, users: { ...(await listUsers(deps, query)), q: query.q } };
    }
    case "popups":
      return popupsSection(deps);
    case "auction":
      return auctionSection(deps);
    case "beat-battle":
      return battleSection(deps);
    case "community": {
      const signups = await listCommunitySignups(deps);
      return {
        section,
        signups: signups.map(({ id, name, email, message, createdAt }) => ({
          id,
          name,
          email,
          message,
          createdAt: createdAt.getTime(),
        })),
      };
    }
    case "orders":
      return {
        section,
        orders: await listOrders(deps, parse(orderQuerySchema, Object.fromEntries(params))),
        viewerId,
      };
  }
}

export type SectionData = Awaited<ReturnType<typeof sectionData>>;

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  const { deps } = server(context);
  return sectionData(deps, new URL(request.url).searchParams, admin.id);
}

/** The dashboard's buttons: the auction's four intents, the popup list's five, the battle's two (admin only). */
export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { deps } = server(context);
  const fields = formFields(await request.formData());
  const intent = fields.intent ?? "";
  const target = fields.code ?? fields.id ?? fields.popCustomId ?? "";
  const run = (work: () => Promise<unknown>) => adminAction(intent, target, work);
  const popupId = () => parse(popupIdSchema, fields).popCustomId;
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
      return run(() => setActivePopup(deps, popupId()));
    case "deactivate-popup":
      return run(() => deactivatePopup(deps, popupId()));
    case "duplicate-popup":
      return run(() => duplicatePopup(deps, admin.id, popupId()));
    case "delete-popup":
      return run(() => deletePopup(deps, popupId()));
    case "save-battle":
      return run(() => updateBattle(deps, parse(battleSettingsSchema, fields)));
    case "reveal-battle":
      return run(() => setRevealed(deps, parse(revealSchema, { revealed: fields.revealed === "true" }).revealed));
    default:
      throw data("Unknown form.", { status: 400 });
  }
}
