// The seed's popup list (seed 001 screen 12, §6), now in the dashboard's Popups section: choose a
// popup, 'Set as Active Popup', or delete it after confirming. The only controls for those two
// actions on the page (the cards below have none of their own). Both post to the dashboard's
// action (intents set-active-popup, delete-popup); the answer shows beside the buttons.
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button, Field, Outcome, Select, useConfirm } from "../../../components/ui";
import {
  CONFIRM_POPUP_DELETE,
  POPUP_ACTIVATE_FAILED,
  POPUP_ACTIVATED,
  POPUP_DELETE_FAILED,
  POPUP_DELETED,
  SELECT_POPUP_FIRST,
} from "../../../kernel/schemas/popups";
import { useResult } from "../../auction/components/admin-views";

export interface PopupListEntry {
  id: string;
  header: string;
  active: boolean;
}

export function PopupControls({
  popups,
  total,
  pageSize,
}: {
  popups: PopupListEntry[];
  total: number;
  pageSize: number;
}) {
  const fetcher = useFetcher();
  const confirm = useConfirm();
  const [selected, setSelected] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const busy = fetcher.state !== "idle";
  const sending = busy ? String(fetcher.formData?.get("intent") ?? "") : "";

  useResult(fetcher, (result) => {
    const activating = result.intent === "set-active-popup";
    if ("ok" in result) {
      setMessage({ ok: true, text: activating ? POPUP_ACTIVATED : POPUP_DELETED });
      if (!activating) setSelected("");
    } else {
      setMessage({ ok: false, text: activating ? POPUP_ACTIVATE_FAILED : POPUP_DELETE_FAILED });
    }
  });

  const send = async (intent: "set-active-popup" | "delete-popup") => {
    if (!selected) {
      setMessage({ ok: false, text: SELECT_POPUP_FIRST });
      return;
    }
    if (intent === "delete-popup" && !(await confirm(CONFIRM_POPUP_DELETE, { confirmLabel: "Delete" }))) return;
    setMessage(null);
    fetcher.submit({ intent, popCustomId: selected }, { method: "post" });
  };

  return (
    <div className="popup-controls">
      <Field label="Popups">
        <Select value={selected} onChange={(event) => setSelected(event.target.value)}>
          <option value="">Select a popup</option>
          {popups.map((popup) => (
            <option key={popup.id} value={popup.id}>
              {(popup.header || "(no header)") + (popup.active ? " (active)" : "")}
            </option>
          ))}
        </Select>
      </Field>
      {total > pageSize && (
        <p className="hint">
          {`The newest ${pageSize.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} popups (and the active one); delete old ones to choose among the rest.`}
        </p>
      )}
      <div className="actions">
        <Button variant="primary" size="sm" disabled={busy} onClick={() => send("set-active-popup")}>
          {sending === "set-active-popup" ? "Setting…" : "Set as Active Popup"}
        </Button>
        <Button variant="danger" size="sm" disabled={busy} onClick={() => send("delete-popup")}>
          {sending === "delete-popup" ? "Deleting…" : "Delete"}
        </Button>
      </div>
      <Outcome message={message} />
    </div>
  );
}
