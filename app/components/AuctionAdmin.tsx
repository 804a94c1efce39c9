// The admin's auction views (seed 001 screens 12 and 17): pending member items
// with Approve / Deny, and bid offers grouped by item with Approve and
// 'Close Sale'. Each button posts through a fetcher to the action of the page
// it is on (/theAdministrator or /memitem), with the intents approve-item,
// deny-item, approve-offer and close-sale.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { SALE_CLOSED } from "../lib/auction";
import { formatMoney } from "../lib/schemas/money";
import { ScrollRegion } from "./ScrollRegion";

export interface MemberItemView {
  id: string;
  title: string;
  description: string;
  priceCents: number;
  shortCode: string;
  status: "pending" | "approved" | "denied";
  createdAt: number;
}

export interface OfferView {
  id: number;
  username: string;
  email: string;
  amountCents: number;
  status: "accepted" | "approved";
}

export interface OfferGroupView {
  shortCode: string;
  title: string;
  closed: boolean;
  offers: OfferView[];
}

/** What the pages' actions answer to these intents. */
export type AdminResult =
  | { intent: string; target: string; ok: true }
  | { intent: string; target: string; error: { code: string; message: string } };

export const DENY_CONFIRM = "Deny this item?";
export const CLOSE_CONFIRM = "Close this item for further offers?";

/** A fetcher's answer, handled once (a re-render must not repeat it). */
export function useResult(fetcher: { data?: unknown; state: string }, handle: (result: AdminResult) => void) {
  const handled = useRef<unknown>(null);
  const handleRef = useRef(handle);
  useEffect(() => {
    handleRef.current = handle;
  });
  useEffect(() => {
    const result = fetcher.data as AdminResult | undefined;
    if (!result || handled.current === result) return;
    handled.current = result;
    handleRef.current(result);
  }, [fetcher.data]);
}

export function AuctionAdmin({
  memberItems,
  offerGroups,
}: {
  memberItems: MemberItemView[];
  offerGroups: OfferGroupView[];
}) {
  return (
    <section className="auction-admin auction-ui" aria-labelledby="auction-admin-heading">
      <h2 id="auction-admin-heading">Auction</h2>
      <p className="actions">
        <Link to="/createBid" className="button small">
          Create bid items
        </Link>
        <Link to="/memBid" className="button small">
          Enter a member item
        </Link>
        <Link to="/bidgallery" className="button small">
          View the gallery
        </Link>
      </p>
      <h3>Pending member items</h3>
      <PendingMemberItems items={memberItems} />
      <h3>Bid offers</h3>
      <OfferGroups groups={offerGroups} />
    </section>
  );
}

export function PendingMemberItems({ items }: { items: MemberItemView[] }) {
  const [notice, setNotice] = useState<string | null>(null);
  const pending = items.filter((item) => item.status === "pending");
  return (
    <div className="member-items">
      {notice && (
        <p className="success" role="status">
          {notice}
        </p>
      )}
      {pending.length === 0 ? (
        <p className="empty-state">No member items are waiting for approval.</p>
      ) : (
        <ul className="admin-list" aria-label="Pending member items">
          {pending.map((item) => (
            <MemberItemRow key={item.id} item={item} onDecided={setNotice} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MemberItemRow({ item, onDecided }: { item: MemberItemView; onDecided: (notice: string) => void }) {
  const fetcher = useFetcher();
  const [failure, setFailure] = useState<string | null>(null);
  const [decided, setDecided] = useState<"approved" | "denied" | null>(null);
  const sending = fetcher.state !== "idle" ? (fetcher.formData?.get("intent") as string | undefined) : undefined;

  useResult(fetcher, (result) => {
    const verb = result.intent === "deny-item" ? "deny" : "approve";
    if ("error" in result) {
      setFailure(verb === "deny" ? "Failed to deny" : "Failed to approve");
      return;
    }
    setFailure(null);
    setDecided(verb === "deny" ? "denied" : "approved");
    onDecided(
      verb === "deny" ? `Denied: ${item.title}` : `Approved: ${item.title} is now in the gallery as ${item.shortCode}.`,
    );
  });

  const status = decided ?? item.status;
  return (
    <li className="admin-row" data-id={item.id}>
      <div className="admin-row-main">
        <strong>{item.title}</strong>{" "}
        <span className="muted">
          · {formatMoney(item.priceCents)} · code {item.shortCode}
        </span>
        {item.description && <p className="muted small">{item.description}</p>}
      </div>
      {status === "pending" && !sending ? (
        <div className="actions">
          <button
            type="button"
            className="button primary small"
            onClick={() => fetcher.submit({ intent: "approve-item", id: item.id }, { method: "post" })}
          >
            Approve
          </button>
          <button
            type="button"
            className="button danger small"
            onClick={() => {
              if (window.confirm(DENY_CONFIRM))
                fetcher.submit({ intent: "deny-item", id: item.id }, { method: "post" });
            }}
          >
            Deny
          </button>
        </div>
      ) : (
        <span className={`status-pill ${status}`}>
          {sending ? (sending === "deny-item" ? "Denying…" : "Approving…") : status}
        </span>
      )}
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}

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
          <span className="sale-closed">{SALE_CLOSED}</span>
        ) : (
          <button
            type="button"
            className="button danger small"
            disabled={busy}
            onClick={() => {
              if (window.confirm(CLOSE_CONFIRM))
                fetcher.submit({ intent: "close-sale", code: group.shortCode }, { method: "post" });
            }}
          >
            {busy && fetcher.formData?.get("intent") === "close-sale" ? "Closing…" : "Close Sale"}
          </button>
        )}
      </header>
      {message && (
        <p className={message.ok ? "success" : "error"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
      {group.offers.length === 0 ? (
        <p className="muted small">No offers yet.</p>
      ) : (
        <ScrollRegion label={`Offers for ${group.title}`}>
          <table className="offers-table">
            <thead>
              <tr>
                <th>Username</th>
                <th>Email</th>
                <th>Amount</th>
                <th>Status</th>
                <th>
                  <span className="visually-hidden">Decision</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {[...group.offers].reverse().map((offer) => (
                <tr key={offer.id}>
                  <td>{offer.username}</td>
                  <td>{offer.email}</td>
                  <td>{formatMoney(offer.amountCents)}</td>
                  <td>{offer.status === "approved" ? "approved" : "pending"}</td>
                  <td>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </article>
  );
}
