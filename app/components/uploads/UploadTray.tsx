// The upload tray in the app shell, above each page (issue 32): every upload of this tab, on
// whichever page the member is, each with its progress and controls, finished
// ones linking to where they landed. On first load it also offers the uploads
// a closed tab or browser left unfinished (kept in IndexedDB) to resume.
import { useEffect, useId, useState } from "react";
import { clearFinished, restoreKeptUploads } from "../../lib/uploads/queue";
import { Button } from "../ui";
import { UploadStatus } from "./UploadStatus";
import styles from "./Uploads.module.css";
import { useUploads } from "./useUploads";

export function UploadTray({ signedIn }: { signedIn: boolean }) {
  const { uploads, storageRefused, onScreen } = useUploads();
  const [open, setOpen] = useState(false);
  const bodyId = useId();

  useEffect(() => {
    // Resuming needs the member's session (the server checks the upload is theirs).
    if (signedIn) void restoreKeptUploads();
  }, [signedIn]);

  const elsewhere = uploads.filter((entry) => !onScreen.has(entry.id));
  // Opens by itself when an upload the page does not show needs the member (running, paused,
  // failed, to resume), and stays open through its end (its link) until the member hides it.
  const attention = elsewhere.some((entry) => entry.status !== "done" && entry.status !== "cancelled");
  useEffect(() => {
    if (attention) setOpen(true);
  }, [attention]);

  if (elsewhere.length === 0) return null;
  const sending = uploads.filter((entry) => entry.status === "uploading" || entry.status === "queued").length;
  const waiting = uploads.filter((entry) => entry.status === "interrupted" || entry.status === "paused").length;
  const failed = uploads.filter((entry) => entry.status === "failed").length;
  const finished = uploads.filter((entry) => entry.status === "done" || entry.status === "cancelled").length;
  const summary = [
    sending && `${sending} uploading`,
    waiting && `${waiting} to resume`,
    failed && `${failed} failed`,
    !sending && !waiting && !failed && "all done",
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <section className={styles.tray} aria-labelledby={`${bodyId}-title`}>
      <div className={styles.trayHead}>
        <h2 className={styles.trayTitle} id={`${bodyId}-title`}>
          Uploads <span className={styles.traySummary}>{summary}</span>
        </h2>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          onClick={() => setOpen(!open)}
        >
          {open ? "Hide" : "Show"}
        </Button>
      </div>
      {open && (
        <div className={styles.trayBody} id={bodyId}>
          {storageRefused && (
            <p className={styles.note}>
              This browser is not keeping your files for later (private browsing or full storage): keep this tab open
              until the uploads finish.
            </p>
          )}
          {elsewhere.length < uploads.length && (
            <p className={styles.note}>{uploads.length - elsewhere.length} more shown on this page.</p>
          )}
          <ul className={styles.list} aria-label="Uploads in this browser">
            {elsewhere.map((entry) => (
              <UploadStatus key={entry.id} entry={entry} />
            ))}
          </ul>
          {finished > 0 && (
            <Button size="sm" variant="ghost" onClick={clearFinished}>
              Clear finished
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
