// The auction's lots for the admin: each lot's state in words (open · ends in …, Sale Closed · winner
// approved, not approved, no bids) and the actions the server says apply: 'Approve' for an open
// lot's leading bid, 'Close Sale' for an open lot (asking first). Once a sale is closed its Approve
// stays disabled (seed 001). Every bid sits folded below, with who is leading.
import { useState } from "react";
import { useFetcher } from "react-router";
import { Badge, type BadgeTone, Button, Outcome, Table, useConfirm } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import { SALE_CLOSED } from "../../../kernel/schemas/auction-messages";
import { CLOSE_CONFIRM, type LotStateView, type OfferGroupView, useResult } from "./admin-views";
import { countdown } from "./TimeLeft";

const STATE: Record<LotStateView, { badge: string; tone: BadgeTone; words: string }> = {
  open: { badge: "Open", tone: "info", words: "" },
  "not-approved": { badge: SALE_CLOSED, tone: "warning", words: "winner not approved" },
  approved: { badge: SALE_CLOSED, tone: "success", words: "winner approved" },
  "no-bids": { badge: SALE_CLOSED, tone: "neutral", words: "no bids" },
};

const ORDER: LotStateView[] = ["open", "not-approved", "approved", "no-bids"];

/** The words after an open lot's badge: when it ends. */
function openWords(group: OfferGroupView, now: number | null) {
  const approved = group.offers.some((offer) => offer.id === group.winningOfferId && offer.status === "approved");
  const suffix = approved ? " · leading bid approved" : "";
  if (group.endsAt === null) return `no end date · closes when you close it${suffix}`;
  if (now === null) return `ends ${new Date(group.endsAt).toISOString().slice(0, 16).replace("T", " ")} UTC${suffix}`;
  return `${group.endsAt > now ? `ends in ${countdown(group.endsAt - now)}` : "closing…"}${suffix}`;
}

export function OfferGroups({ groups, now = null }: { groups: OfferGroupView[]; now?: number | null }) {
  if (groups.length === 0) return <p className="empty-state">No bid items yet.</p>;
  return (
    <div className="offer-groups">
      {/* What is open (where the admin can still act) first, then what is done. */}
      {[...groups]
        .sort((a, b) => ORDER.indexOf(a.state) - ORDER.indexOf(b.state))
        .map((group) => (
          <OfferGroup key={group.shortCode} group={group} now={now} />
        ))}
    </div>
  );
}

function OfferGroup({ group, now }: { group: OfferGroupView; now: number | null }) {
  const confirm = useConfirm();
  const fetcher = useFetcher();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const busy = fetcher.state !== "idle";
  const sending = busy ? (fetcher.formData?.get("intent") as string | undefined) : undefined;
  const state = STATE[group.state];
  const winning = group.offers.find((offer) => offer.id === group.winningOfferId) ?? null;
  const bids = group.offers.filter((offer) => offer.kind !== "raise").length;

  useResult(fetcher, (result) => {
    const closing = result.intent === "close-sale";
    if ("error" in result) {
      setMessage({ text: closing ? "Failed to close item" : "Failed to approve offer", ok: false });
      return;
    }
    setMessage({ text: closing ? "Item closed" : "Offer approved", ok: true });
  });

  return (
    <article
      className={`offer-group ${group.state}`}
      aria-label={`Offers for ${group.title}`}
      data-code={group.shortCode}
      data-state={group.state}
    >
      <header className="offer-group-head">
        <div className="offer-group-title">
          <h4>
            {group.title} <code className="code-chip">{group.shortCode}</code>
          </h4>
          <p className="offer-group-state">
            <Badge tone={state.tone}>{state.badge}</Badge>{" "}
            <span>{group.state === "open" ? openWords(group, now) : state.words}</span>
          </p>
        </div>
        {(group.actions.includes("approve") || group.state === "not-approved") && winning && (
          <Button
            variant="primary"
            size="sm"
            disabled={busy || !group.actions.includes("approve")}
            title={group.actions.includes("approve") ? undefined : "Approve is disabled once the sale is closed."}
            aria-busy={sending === "approve-offer"}
            onClick={() =>
              fetcher.submit(
                { intent: "approve-offer", code: group.shortCode, offerId: String(winning.id) },
                { method: "post" },
              )
            }
          >
            {sending === "approve-offer" ? "Approving…" : "Approve"}
          </Button>
        )}
        {group.actions.includes("close") && (
          <Button
            variant="danger"
            size="sm"
            disabled={busy}
            aria-busy={sending === "close-sale"}
            onClick={async () => {
              if (await confirm(CLOSE_CONFIRM, { confirmLabel: "Close Sale" }))
                fetcher.submit({ intent: "close-sale", code: group.shortCode }, { method: "post" });
            }}
          >
            {sending === "close-sale" ? "Closing…" : "Close Sale"}
          </Button>
        )}
      </header>
      <Outcome message={message} />
      {group.leader && (
        <dl className="offer-standing">
          <div>
            <dt>{group.closed ? "Winner" : "Leading"}</dt>
            <dd>
              {group.leader.username} · {group.leader.email}
              {group.priceCents !== null && <> · price {formatMoney(group.priceCents)}</>} · maximum{" "}
              {formatMoney(group.leader.maxCents)}
            </dd>
          </div>
          <div>
            <dt>Runner-up</dt>
            <dd>
              {group.runnerUp
                ? `${group.runnerUp.username} · ${group.runnerUp.email} · maximum ${formatMoney(group.runnerUp.maxCents)}`
                : "None"}
            </dd>
          </div>
        </dl>
      )}
      {group.offers.length === 0 ? (
        group.state === "open" && <p className="muted small">No offers yet.</p>
      ) : (
        <details className="offer-list">
          <summary>
            {bids === 1 ? "1 bid" : `${bids} bids`}
            {group.offers.length > bids && " and raised maximums"}
          </summary>
          <Table
            caption={`Offers for ${group.title}`}
            rows={[...group.offers].reverse()}
            rowKey={(offer) => String(offer.id)}
            columns={[
              { key: "username", header: "Username", primary: true, cell: (offer) => offer.username },
              { key: "email", header: "Email", kind: "truncate", cell: (offer) => offer.email },
              {
                key: "amount",
                header: "Amount",
                kind: "numeric",
                cell: (offer) => (
                  <>
                    {formatMoney(offer.amountCents)}
                    {offer.kind === "auto" && <span className="muted small"> (auto)</span>}
                    {offer.kind === "raise" && <span className="muted small"> (raised maximum)</span>}
                  </>
                ),
              },
              { key: "maximum", header: "Maximum", kind: "numeric", cell: (offer) => formatMoney(offer.maxCents) },
              {
                key: "status",
                header: "Status",
                kind: "nowrap",
                cell: (offer) =>
                  offer.status === "approved" ? (
                    <Badge tone="success">approved</Badge>
                  ) : offer.id === group.winningOfferId ? (
                    <Badge tone={group.closed ? "warning" : "info"}>{group.closed ? "winning" : "leading"}</Badge>
                  ) : (
                    <span className="muted small">outbid</span>
                  ),
              },
            ]}
          />
        </details>
      )}
    </article>
  );
}

/** What is left to do: open sales whose leading bid is not approved yet, or 'Nothing to approve.' */
export function AuctionToDo({ groups, memberItems }: { groups: OfferGroupView[]; memberItems: number }) {
  const winners = groups.filter((group) => group.actions.includes("approve")).length;
  const open = groups.filter((group) => group.state === "open").length;
  const todo = [
    winners > 0 &&
      `${winners} leading ${winners === 1 ? "bid" : "bids"} to approve before ${winners === 1 ? "the sale closes" : "their sales close"}`,
    memberItems > 0 && `${memberItems} member ${memberItems === 1 ? "item" : "items"} to approve or deny`,
  ].filter(Boolean);
  return (
    <p className={`auction-todo${todo.length ? " waiting" : ""}`} data-testid="auction-todo">
      <strong>{todo.length ? `To do: ${todo.join(" · ")}.` : "Nothing to approve."}</strong>{" "}
      <span className="muted">
        {open === 0 ? "No lots are open." : `${open} ${open === 1 ? "lot is" : "lots are"} open for bids.`}
      </span>
    </p>
  );
}
