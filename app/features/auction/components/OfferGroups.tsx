// Bid offers grouped by item: username, e-mail, amount, status, Approve per offer and 'Close Sale'
// per item (asking first); a closed group shows 'Sale Closed' as a status badge (never button-like) and
// disables Approve.
import { useState } from "react";
import { useFetcher } from "react-router";
import { Badge, Button, Outcome, Table, useConfirm } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import { SALE_CLOSED } from "../../../kernel/schemas/auction-messages";
import { CLOSE_CONFIRM, type OfferGroupView, useResult } from "./admin-views";

export function OfferGroups({ groups }: { groups: OfferGroupView[] }) {
  if (groups.length === 0) return <p className="empty-state">No bid items yet.</p>;
  return (
    <div className="offer-groups">
      {groups.map((group) => (
        <OfferGroup key={group.shortCode} group={group} />
      ))}
    </div>
  );
}

function OfferGroup({ group }: { group: OfferGroupView }) {
  const confirm = useConfirm();
  const fetcher = useFetcher();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [closedHere, setClosedHere] = useState(false);
  const closed = group.closed || closedHere;
  const busy = fetcher.state !== "idle";
  const sendingOffer =
    busy && fetcher.formData?.get("intent") === "approve-offer" ? fetcher.formData.get("offerId") : null;

  useResult(fetcher, (result) => {
    const closing = result.intent === "close-sale";
    if ("error" in result) {
      setMessage({ text: closing ? "Failed to close item" : "Failed to approve offer", ok: false });
      return;
    }
    if (closing) setClosedHere(true);
    setMessage({ text: closing ? "Item closed" : "Offer approved", ok: true });
  });

  return (
    <article
      className={`offer-group${closed ? " closed" : ""}`}
      aria-label={`Offers for ${group.title}`}
      data-code={group.shortCode}
    >
      <header className="offer-group-head">
        <h4>
          {group.title} <code className="code-chip">{group.shortCode}</code>
        </h4>
        {closed ? (
          <Badge tone="neutral">{SALE_CLOSED}</Badge>
        ) : (
          <Button
            variant="danger"
            size="sm"
            disabled={busy}
            onClick={async () => {
              if (await confirm(CLOSE_CONFIRM, { confirmLabel: "Close Sale" }))
                fetcher.submit({ intent: "close-sale", code: group.shortCode }, { method: "post" });
            }}
          >
            {busy && fetcher.formData?.get("intent") === "close-sale" ? "Closing…" : "Close Sale"}
          </Button>
        )}
      </header>
      <Outcome message={message} />
      {group.leader && (
        <dl className="offer-standing">
          <div>
            <dt>{closed ? "Winner" : "Leading"}</dt>
            <dd>
              {group.leader.username} · {group.leader.email} · maximum {formatMoney(group.leader.maxCents)}
              {group.priceCents !== null && <> · price {formatMoney(group.priceCents)}</>}
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
        <p className="muted small">No offers yet.</p>
      ) : (
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
                ) : (
                  <Badge tone="warning">pending</Badge>
                ),
            },
            {
              key: "decision",
              header: "Decision",
              kind: "nowrap",
              cell: (offer) => (
                <button
                  type="button"
                  className="button small"
                  disabled={closed || busy || offer.status === "approved"}
                  onClick={() =>
                    fetcher.submit(
                      { intent: "approve-offer", code: group.shortCode, offerId: String(offer.id) },
                      { method: "post" },
                    )
                  }
                >
                  {sendingOffer === String(offer.id)
                    ? "Approving…"
                    : offer.status === "approved"
                      ? "Approved"
                      : "Approve"}
                </button>
              ),
            },
          ]}
        />
      )}
    </article>
  );
}
