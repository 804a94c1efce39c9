// The files a screen has chosen, in one list drawn like the tray's rows: a file not sent yet shows its
// name, its size and Remove; a sent one is the upload queue's own row (progress, speed, pause, cancel,
// the reason it failed), and a failed or cancelled one can be taken off the list. Used by the project
// page's uploader, the store's product forms and the auction's item blocks.
import { formatBytes } from "../../kernel/format";
import { Button } from "../ui";
import { UploadStatus } from "./UploadStatus";
import styles from "./Uploads.module.css";
import { useShownHere, useUploads } from "./useUploads";

export interface ChosenFile {
  key: string;
  file: File;
  /** The upload queue's id once sent (a second try resumes it). */
  queueId?: string;
  /** "done" once its upload finished: its row may have left the tray since. */
  status?: string;
}

export function ChosenFiles({
  label,
  files,
  removable,
  onRemove,
  waiting = false,
}: {
  label: string;
  files: ChosenFile[];
  /** Whether Remove is offered (not while the screen is sending). */
  removable: boolean;
  onRemove: (key: string) => void;
  /** The screen is sending the files before these: they wait their turn in the queue. */
  waiting?: boolean;
}) {
  const { uploads } = useUploads();
  useShownHere(files.flatMap((item) => (item.queueId ? [item.queueId] : [])));
  if (files.length === 0) return null;
  const entries = new Map(uploads.map((entry) => [entry.id, entry]));
  return (
    <ul className={styles.list} aria-label={label}>
      {files.map((item) => {
        const name = item.file.name;
        const remove = () => onRemove(item.key);
        const entry = item.queueId ? entries.get(item.queueId) : undefined;
        if (entry) {
          const over = entry.status === "failed" || entry.status === "cancelled";
          return (
            <UploadStatus
              key={item.key}
              entry={entry}
              retry={false}
              onRemove={removable && over ? remove : undefined}
            />
          );
        }
        // Sent and finished, its row gone from the tray; a sent file whose row was dismissed before it
        // finished is waiting again (the form's next try sends it).
        const done = item.status === "done";
        return (
          <li key={item.key} className={styles.row}>
            <div className={styles.head}>
              <span className={styles.name} title={name}>
                {name}
              </span>
              <span className={styles.detail}>
                {done ? "Uploaded" : `${waiting ? "Waiting" : "Ready to upload"} · ${formatBytes(item.file.size)}`}
              </span>
            </div>
            {removable && !done && (
              <div className={styles.actions}>
                <Button size="sm" variant="ghost" aria-label={`Remove ${name}`} onClick={remove}>
                  Remove
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
