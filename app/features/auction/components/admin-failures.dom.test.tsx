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
import { AuctionToDo, OfferGroups } from "./OfferGroups";
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

/** A lot as the dashboard's loader gives it: open, no bids, unless `over` says otherwise. */
const lotView = (over: Partial<OfferGroupView>): OfferGroupView => ({
  shortCode: "CD34",
  title: "Signed vinyl",
  closed: false,
  state: "open",
  actions: ["close"],
  winningOfferId: null,
  endsAt: null,
  priceCents: 2500,
  leader: null,
  runnerUp: null,
  offers: [],
  ...over,
});

describe("offers by item", () => {
  const group = lotView({
    winningOfferId: 7,
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
  });

  const awaiting: OfferGroupView = { ...group, actions: ["approve", "close"] };

  it("says 'Failed to approve offer' when approving the leading bid is refused", async () => {
    const { Stub, posted } = refusingPage(() => <OfferGroups groups={[awaiting]} />);
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

describe("a lot's state and its one action", () => {
  const base = lotView({
    shortCode: "LOT1",
    title: "Old radio",
    endsAt: 1_000_000 + 2 * 86_400_000 + 3 * 3_600_000,
    priceCents: 1000,
  });
  const bid = { id: 3, username: "fan", email: "fan@example.com", amountCents: 1500, maxCents: 1500, kind: "offer" };
  const lots: OfferGroupView[] = [
    base,
    {
      ...base,
      shortCode: "LOT2",
      closed: true,
      state: "not-approved",
      actions: [],
      winningOfferId: 3,
      offers: [{ ...bid, status: "accepted" } as OfferGroupView["offers"][number]],
    },
    {
      ...base,
      shortCode: "LOT3",
      closed: true,
      state: "approved",
      actions: [],
      winningOfferId: 3,
      offers: [{ ...bid, status: "approved" } as OfferGroupView["offers"][number]],
    },
    { ...base, shortCode: "LOT4", closed: true, state: "no-bids", actions: [] },
    {
      ...base,
      shortCode: "LOT5",
      actions: ["approve", "close"],
      winningOfferId: 3,
      offers: [{ ...bid, status: "accepted" } as OfferGroupView["offers"][number]],
    },
  ];
  const lot = (host: Element, code: string) => host.querySelector(`[data-code="${code}"]`)!;
  const buttons = (host: Element) => texts([...host.querySelectorAll("button")]);

  it("says each lot's state in words and shows only the action that applies, Approve as the primary one", async () => {
    const { Stub } = refusingPage(() => <OfferGroups groups={lots} now={1_000_000} />);
    const view = await mount(<Stub initialEntries={["/"]} />);
    expect(lot(view.host, "LOT1").textContent).toContain("Open ends in 2 days 3 h");
    expect(buttons(lot(view.host, "LOT1"))).toEqual(["Close Sale"]);
    expect(lot(view.host, "LOT2").textContent).toContain("Sale Closed winner not approved");
    expect(buttons(lot(view.host, "LOT2"))).toEqual(["Approve"]);
    expect(button(lot(view.host, "LOT2"), "Approve").disabled).toBe(true);
    expect(lot(view.host, "LOT5").textContent).toContain("Open ends in 2 days 3 h");
    expect(buttons(lot(view.host, "LOT5"))).toEqual(["Approve", "Close Sale"]);
    expect(button(lot(view.host, "LOT5"), "Approve").className).toMatch(/primary/);
    expect(lot(view.host, "LOT3").textContent).toContain("Sale Closed winner approved");
    expect(lot(view.host, "LOT4").textContent).toContain("Sale Closed no bids");
    for (const code of ["LOT3", "LOT4"]) expect(buttons(lot(view.host, code))).toEqual([]);
  });

  it("approves an open lot's leading bid, and says 'Nothing to approve.' when no bid or member item waits", async () => {
    const { Stub, posted } = refusingPage(() => (
      <>
        <AuctionToDo groups={lots} memberItems={0} />
        <AuctionToDo groups={[lots[0]!, lots[2]!]} memberItems={0} />
        <OfferGroups groups={lots} now={1_000_000} />
      </>
    ));
    const view = await mount(<Stub initialEntries={["/"]} />);
    const todo = texts([...view.host.querySelectorAll("[data-testid=auction-todo]")]);
    expect(todo[0]).toBe("To do: 1 leading bid to approve before the sale closes. 2 lots are open for bids.");
    expect(todo[1]).toBe("Nothing to approve. 1 lot is open for bids.");
    await click(button(lot(view.host, "LOT5"), "Approve"));
    await until(() => posted.length > 0, "the approval");
    expect(posted).toEqual([{ intent: "approve-offer", code: "LOT5", offerId: "3" }]);
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
