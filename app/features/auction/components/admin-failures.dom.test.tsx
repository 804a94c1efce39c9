// The auction admin's failure messages (seed 001 §8): the page's action refuses, and each row says
// what failed where the seed shows it. The components run under React Router (createRoutesStub) with
// the design system's confirm dialog; only the route's action is stood in (it answers an error).
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { button, byRole, click, mount, texts, until } from "../../../../tests/dom/support";
import { UiProvider } from "../../../components/ui";
import { POPUP_ACTIVATE_FAILED, POPUP_DELETE_FAILED } from "../../../kernel/schemas/popups";
import { PopupItem, type PopupSummary } from "../../admin/components/PopupsSection";
import { DENY_CONFIRM, type MemberItemView, type OfferGroupView } from "./admin-views";
import { OfferGroups } from "./OfferGroups";
import { PendingMemberItems } from "./PendingMemberItems";

/** The admin page's action as it answers when the domain refuses: `{ intent, target, error }`. */
function refusingPage(ui: () => React.ReactNode) {
  const posted: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <UiProvider>{ui()}</UiProvider>,
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        posted.push(form);
        return {
          intent: form.intent,
          target: form.id ?? form.code ?? form.popCustomId,
          error: { code: "conflict", message: "Refused." },
        };
      },
    },
  ]);
  return { Stub, posted };
}

const alerts = (host: Element) => texts(byRole(host, "alert"));

async function answerDialog(host: Element, question: string, confirmLabel: string) {
  const dialog = await until(() => document.querySelector('[role="alertdialog"]'), "the confirm dialog");
  expect(dialog.textContent).toContain(question);
  await click(button(dialog, confirmLabel));
  return host;
}

describe("pending member items", () => {
  const item: MemberItemView = {
    id: "mi1",
    title: "Vintage mic",
    description: "",
    priceCents: 5000,
    shortCode: "AB12",
    status: "pending",
    createdAt: Date.now(),
  };

  it("says 'Failed to approve' when approving is refused", async () => {
    const { Stub, posted } = refusingPage(() => <PendingMemberItems items={[item]} />);
    const view = await mount(<Stub initialEntries={["/"]} />);
    await click(button(view.host, "Approve"));
    await until(() => alerts(view.host).length, "the failure");
    expect(alerts(view.host)).toEqual(["Failed to approve"]);
    expect(posted).toEqual([{ intent: "approve-item", id: "mi1" }]);
  });

  it("asks 'Deny this item?' first, then says 'Failed to deny' when denying is refused", async () => {
    const { Stub, posted } = refusingPage(() => <PendingMemberItems items={[item]} />);
    const view = await mount(<Stub initialEntries={["/"]} />);
    await click(button(view.host, "Deny"));
    expect(posted).toEqual([]);
    await answerDialog(view.host, DENY_CONFIRM, "Deny");
    expect(DENY_CONFIRM).toBe("Deny this item?");
    await until(() => alerts(view.host).includes("Failed to deny"), "the failure");
    expect(posted).toEqual([{ intent: "deny-item", id: "mi1" }]);
  });
});

describe("offers by item", () => {
  const group: OfferGroupView = {
    shortCode: "CD34",
    title: "Signed vinyl",
    closed: false,
    priceCents: 2500,
    leader: null,
    runnerUp: null,
    offers: [
      {
        id: 7,
        username: "fan",
        email: "fan@example.com",
        amountCents: 2500,
        maxCents: 3000,
        status: "pending",
      } as unknown as OfferGroupView["offers"][number],
    ],
  };

  it("says 'Failed to approve offer' when approving an offer is refused", async () => {
    const { Stub, posted } = refusingPage(() => <OfferGroups groups={[group]} />);
    const view = await mount(<Stub initialEntries={["/"]} />);
    await click(button(view.host, "Approve"));
    await until(() => view.host.textContent?.includes("Failed to approve offer"), "the failure");
    expect(posted).toEqual([{ intent: "approve-offer", code: "CD34", offerId: "7" }]);
  });

  it("says 'Failed to close item' when closing is refused", async () => {
    const { Stub, posted } = refusingPage(() => <OfferGroups groups={[group]} />);
    const view = await mount(<Stub initialEntries={["/"]} />);
    await click(button(view.host, /Close/));
    await answerDialog(view.host, "Close this item for further offers?", "Close Sale");
    await until(() => view.host.textContent?.includes("Failed to close item"), "the failure");
    expect(posted).toEqual([{ intent: "close-sale", code: "CD34" }]);
  });
});

describe("the admin's popup rows", () => {
  const popup = (id: string, header: string, active: boolean): PopupSummary => ({
    id,
    header,
    active,
    hasImage: false,
    startsAt: null,
    endsAt: null,
    createdAt: 0,
  });

  it("says 'Failed to set active popup' when setting it is refused", async () => {
    const { Stub, posted } = refusingPage(() => <PopupItem popup={popup("pop1", "Spring sale", false)} />);
    const view = await mount(<Stub initialEntries={["/"]} />);
    await click(button(view.host, /^Set as Active Popup/));
    await until(() => document.body.textContent?.includes(POPUP_ACTIVATE_FAILED), "the failure");
    expect(POPUP_ACTIVATE_FAILED).toBe("Failed to set active popup");
    expect(posted).toEqual([{ intent: "set-active-popup", popCustomId: "pop1" }]);
  });

  it("says 'Failed to delete PopCustom' when deleting is refused (after confirming)", async () => {
    const { Stub, posted } = refusingPage(() => <PopupItem popup={popup("pop2", "Live tonight", true)} />);
    const view = await mount(<Stub initialEntries={["/"]} />);
    expect(view.host.textContent).not.toContain("Set as Active Popup");
    await click(button(view.host, /^Delete/));
    await answerDialog(view.host, "Are you sure you want to delete this PopCustom?", "Delete");
    await until(() => document.body.textContent?.includes(POPUP_DELETE_FAILED), "the failure");
    expect(POPUP_DELETE_FAILED).toBe("Failed to delete PopCustom");
    expect(posted).toEqual([{ intent: "delete-popup", popCustomId: "pop2" }]);
  });
});
