// The dashboard's Popups section (seed 001 screen 12's popup list): every saved popup as a row
// with exactly one control per action — 'Set as Active Popup' (or Deactivate, on the active one),
// Edit, Duplicate, Preview and Delete (confirmed in the kit's dialog). Choosing the row is the
// seed's "select a popup"; each answer is a toast.
import { Link, useFetcher } from "react-router";
import { Badge, Button, buttonClass, EmptyState, useConfirm, useToast } from "../../../components/ui";
import { formatDateTime } from "../../../kernel/format";
import {
  CONFIRM_POPUP_DELETE,
  POPUP_ACTIVATE_FAILED,
  POPUP_ACTIVATED,
  POPUP_DEACTIVATE_FAILED,
  POPUP_DEACTIVATED,
  POPUP_DELETE_FAILED,
  POPUP_DELETED,
  POPUP_DUPLICATE_FAILED,
  POPUP_DUPLICATED,
} from "../../../kernel/schemas/popups";
import { useResult } from "../../auction/components/admin-views";
import styles from "./admin.module.css";

export interface PopupSummary {
  id: string;
  header: string;
  active: boolean;
  hasImage: boolean;
  startsAt: number | null;
  endsAt: number | null;
  createdAt: number;
}

const ANSWERS: Record<string, [string, string]> = {
  "set-active-popup": [POPUP_ACTIVATED, POPUP_ACTIVATE_FAILED],
  "delete-popup": [POPUP_DELETED, POPUP_DELETE_FAILED],
  "duplicate-popup": [POPUP_DUPLICATED, POPUP_DUPLICATE_FAILED],
  "deactivate-popup": [POPUP_DEACTIVATED, POPUP_DEACTIVATE_FAILED],
};

export function PopupsSection({
  popups,
  total,
  pageSize,
}: {
  popups: PopupSummary[];
  total: number;
  pageSize: number;
}) {
  return (
    <section className={styles.section}>
      <h2>Welcome popups</h2>
      <div className={styles.sectionHead}>
        <p className={styles.lead}>The active popup greets visitors on the landing page.</p>
        <Link to="/popcustom" className={buttonClass("secondary", "sm")}>
          New popup
        </Link>
      </div>
      {total > pageSize && (
        <p className={styles.meta}>
          {`The newest ${pageSize.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} popups (and the active one); delete old ones to see the rest.`}
        </p>
      )}
      {popups.length === 0 ? (
        <EmptyState title="No popups yet." />
      ) : (
        <ul className={styles.list} aria-label="Saved welcome messages">
          {popups.map((popup) => (
            <PopupItem key={popup.id} popup={popup} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function PopupItem({ popup }: { popup: PopupSummary }) {
  const fetcher = useFetcher();
  const toast = useToast();
  const confirm = useConfirm();
  const busy = fetcher.state !== "idle";
  const sending = busy ? String(fetcher.formData?.get("intent") ?? "") : "";
  const title = popup.header || "(no header)";
  useResult(fetcher, (result) => {
    const [done, failed] = ANSWERS[result.intent] ?? ["Done.", "Something went wrong."];
    if ("ok" in result) toast(done, "success");
    else toast(failed, "error");
  });
  const send = (intent: keyof typeof ANSWERS) => fetcher.submit({ intent, popCustomId: popup.id }, { method: "post" });
  const window = [
    popup.startsAt && `from ${formatDateTime(popup.startsAt, { timeZone: "UTC" })} UTC`,
    popup.endsAt && `until ${formatDateTime(popup.endsAt, { timeZone: "UTC" })} UTC`,
  ].filter(Boolean);
  return (
    <li className={styles.item} data-popup={popup.id}>
      <div className={styles.itemHead}>
        <h3>{title}</h3>
        {popup.active && <Badge tone="success">Active</Badge>}
        {popup.hasImage && <Badge>Image</Badge>}
      </div>
      <p className={styles.meta}>
        Saved {formatDateTime(popup.createdAt, { timeZone: "UTC" })} UTC
        {window.length > 0 && ` · shows ${window.join(" ")}`}
      </p>
      <div className={styles.actions}>
        {popup.active ? (
          <Button size="sm" disabled={busy} onClick={() => send("deactivate-popup")}>
            Deactivate<span className="visually-hidden"> {title}</span>
          </Button>
        ) : (
          <Button variant="primary" size="sm" disabled={busy} onClick={() => send("set-active-popup")}>
            {sending === "set-active-popup" ? "Setting…" : "Set as Active Popup"}
            <span className="visually-hidden"> {title}</span>
          </Button>
        )}
        <Link to={`/popcustom?id=${encodeURIComponent(popup.id)}`} className={buttonClass("secondary", "sm")}>
          Edit<span className="visually-hidden"> {title}</span>
        </Link>
        <Button size="sm" disabled={busy} onClick={() => send("duplicate-popup")}>
          Duplicate<span className="visually-hidden"> {title}</span>
        </Button>
        <Link to={`/webpopup?id=${encodeURIComponent(popup.id)}`} className={buttonClass("ghost", "sm")}>
          Preview<span className="visually-hidden"> {title}</span>
        </Link>
        <Button
          variant="danger"
          size="sm"
          disabled={busy}
          className={styles.push}
          onClick={async () => {
            if (await confirm(CONFIRM_POPUP_DELETE, { confirmLabel: "Delete" })) send("delete-popup");
          }}
        >
          {sending === "delete-popup" ? "Deleting…" : "Delete"}
          <span className="visually-hidden"> {title}</span>
        </Button>
      </div>
    </li>
  );
}
