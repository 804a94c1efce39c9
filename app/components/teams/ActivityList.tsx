// The project's activity (issue 34): who uploaded, applied a program, rendered, invited, changed
// the playlist or signed, and who deleted what (issue 44 item 9), and when, newest first. Signers have no account (a line without a
// member is a signer's, or the platform's own: the signed PDF).
import { LocalTime } from "../LocalTime";
import styles from "./teams.module.css";

export interface ActivityLine {
  id: string;
  action: string;
  detail: string;
  who: string | null;
  createdAt: Date | string;
}

export function ActivityList({ activity }: { activity: ActivityLine[] }) {
  return (
    <section className="card" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Activity</h2>
      {activity.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls inside itself, so a keyboard must be able to reach it (axe scrollable-region-focusable)
        <ol className={styles.activity} tabIndex={0} aria-labelledby="activity-heading">
          {activity.map((line) => (
            <li key={line.id}>
              <strong>{line.who ?? (line.action === "signed" ? "A signer" : "Creator Platform")}</strong>
              <span>{line.action}</span>
              {line.detail && <span className="muted">{line.detail.replaceAll("_", " ")}</span>}
              <span className="muted">
                · <LocalTime value={line.createdAt} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
