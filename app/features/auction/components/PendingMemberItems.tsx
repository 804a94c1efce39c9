// Pending member items with Approve / Deny ('Deny this item?' asks first); approving lists the item
// in the gallery under its short code.
import { useState } from "react";
import { useFetcher } from "react-router";
import { useConfirm } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import { DENY_CONFIRM, type MemberItemView, useResult } from "./admin-views";

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
  const confirm = useConfirm();
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
            onClick={async () => {
              if (await confirm(DENY_CONFIRM, { confirmLabel: "Deny" }))
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
