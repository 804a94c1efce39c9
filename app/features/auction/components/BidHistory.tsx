// The item's newest bids as the live socket brings them: amount, time and the bidder's masked name
// ("j***3", or "You"). Bids the object placed for a maximum are marked 'auto'; maximums never show.

import { formatMoney } from "../../../kernel/format";
import type { HistoryEntry } from "../../../kernel/protocols/bid-item";
import { HISTORY_LENGTH } from "../../../kernel/protocols/bid-item";
import styles from "./bidding.module.css";

export function BidHistory({
  history,
  count,
  you,
  open = false,
}: {
  history: HistoryEntry[] | undefined;
  count: number;
  you: string | undefined;
  /** The list itself, under the page's own heading (a lot's page); a gallery card keeps it folded. */
  open?: boolean;
}) {
  if (count === 0) return null;
  const time = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  const bids = (
    <>
      {history === undefined ? (
        <p className="muted small">Loading bids…</p>
      ) : (
        <ol className={styles.historyList}>
          {history.map((entry) => (
            <li key={entry.id}>
              <span className={styles.historyAmount}>{formatMoney(entry.amountCents)}</span>
              <span className={styles.historyWho}>
                {entry.tag === you ? "You" : entry.bidder}
                {entry.auto && <span className={styles.auto}> auto</span>}
              </span>
              <time className={styles.historyTime} dateTime={new Date(entry.at).toISOString()}>
                {time.format(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {history !== undefined && count > history.length && (
        <p className="muted small">
          The newest {HISTORY_LENGTH} of {count} bids.
        </p>
      )}
    </>
  );
  // A lot's page heads the list 'Bids' itself: no second, folding 'Bid history' under it.
  if (open) return bids;
  return (
    <details className={styles.history}>
      <summary>Bid history</summary>
      {bids}
    </details>
  );
}
