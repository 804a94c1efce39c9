// The dashboard's Popups section: the seed's select / 'Set as Active Popup' / delete, then every
// saved popup as a card with Edit, Duplicate, Preview and (the active one) Deactivate. One control
// per action: activating and deleting live only in the seed's select above.
import { Link, useFetcher } from "react-router";
import { Badge, Button, buttonClass, EmptyState, useToast } from "../../../components/ui";
import { formatDateTime } from "../../../kernel/format";
import {
  POPUP_DEACTIVATE_FAILED,
  POPUP_DEACTIVATED,
  POPUP_DUPLICATE_FAILED,
  POPUP_DUPLICATED,
} from "../../../kernel/schemas/popups";
import { useResult } from "../../auction/components/admin-views";
import styles from "./admin.module.css";
import { PopupControls } from "./PopupControls";

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
      <PopupControls popups={popups} total={total} pageSize={pageSize} />
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

function PopupItem({ popup }: { popup: PopupSummary }) {
  const fetcher = useFetcher();
  const toast = useToast();
  const busy = fetcher.state !== "idle";
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
        <Link to={`/popcustom?id=${encodeURIComponent(popup.id)}`} className={buttonClass("secondary", "sm")}>
          Edit<span className="visually-hidden"> {title}</span>
        </Link>
        <Button size="sm" disabled={busy} onClick={() => send("duplicate-popup")}>
          Duplicate<span className="visually-hidden"> {title}</span>
        </Button>
        <Link to={`/webpopup?id=${encodeURIComponent(popup.id)}`} className={buttonClass("ghost", "sm")}>
          Preview<span className="visually-hidden"> {title}</span>
        </Link>
        {popup.active && (
          <Button size="sm" disabled={busy} onClick={() => send("deactivate-popup")}>
            Deactivate<span className="visually-hidden"> {title}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
