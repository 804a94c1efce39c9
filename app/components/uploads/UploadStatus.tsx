// One upload as every screen and the tray show it: name, progress, speed and
// time left, Pause / Resume / Retry / Cancel, the failure naming the file and
// the server's reason, and once done a link to where it landed.
import { Link } from "react-router";
import { formatBytes } from "../../kernel/format";
import { cancelUpload, pauseUpload, resumeUpload, type UploadEntry } from "../../lib/uploads/queue";
import { Button, ProgressBar } from "../ui";
import styles from "./Uploads.module.css";

const percentFormat = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 0 });

/** "about 3 min left", "12 s left" (Intl units). */
export function timeLeft(seconds: number) {
  if (seconds < 60) {
    return `${new Intl.NumberFormat("en-US", { style: "unit", unit: "second", unitDisplay: "short" }).format(Math.max(1, Math.ceil(seconds)))} left`;
  }
  if (seconds < 3600) {
    return `about ${new Intl.NumberFormat("en-US", { style: "unit", unit: "minute", unitDisplay: "short" }).format(Math.ceil(seconds / 60))} left`;
  }
  return `about ${new Intl.NumberFormat("en-US", { style: "unit", unit: "hour", unitDisplay: "short", maximumFractionDigits: 1 }).format(seconds / 3600)} left`;
}

/** What the row says beside the name. */
export function uploadDetail(entry: UploadEntry) {
  const percent = percentFormat.format(entry.fraction);
  switch (entry.status) {
    case "queued":
      return `Waiting · ${formatBytes(entry.size)}`;
    case "uploading": {
      const parts = [percent, `of ${formatBytes(entry.size)}`];
      if (entry.bytesPerSecond != null) parts.push(`· ${formatBytes(entry.bytesPerSecond)}/s`);
      if (entry.secondsLeft != null && entry.fraction < 1) parts.push(`· ${timeLeft(entry.secondsLeft)}`);
      return parts.join(" ");
    }
    case "paused":
      return `Paused at ${percent}`;
    case "interrupted":
      return `Not finished · ${formatBytes(entry.size)}`;
    case "done":
      return "Uploaded";
    case "failed":
      return "Failed";
    case "cancelled":
      return "Cancelled";
  }
}

/**
 * `retry` false on a screen's own rows: the screen awaits the first outcome and offers its own second
 * try (which resumes the same upload); the tray's Retry is for uploads whose screen is gone.
 * `onRemove`: the screen's Remove, which takes a failed or cancelled file off its list.
 */
export function UploadStatus({
  entry,
  retry = true,
  onRemove,
}: {
  entry: UploadEntry;
  retry?: boolean;
  onRemove?: () => void;
}) {
  const { name, status } = entry;
  const active = status === "uploading" || status === "queued";
  return (
    <li className={styles.row} data-status={status} aria-label={`Upload of ${name}`}>
      <div className={styles.head}>
        <span className={styles.name} title={name}>
          {name}
        </span>
        <span className={styles.detail} aria-live={status === "uploading" ? "off" : "polite"}>
          {uploadDetail(entry)}
        </span>
      </div>
      {status !== "cancelled" && (
        <ProgressBar
          label={`${name} upload progress`}
          value={status === "interrupted" ? null : Math.round(entry.fraction * 100)}
        />
      )}
      {entry.error && (
        // A status, not an alert: a screen that reports the failure itself keeps the one alert.
        <p className={styles.error} role="status">
          {entry.error}
        </p>
      )}
      <div className={styles.actions}>
        {active && (
          <Button size="sm" aria-label={`Pause ${name}`} onClick={() => pauseUpload(entry.id)}>
            Pause
          </Button>
        )}
        {(status === "paused" || status === "interrupted") && (
          <Button size="sm" variant="primary" aria-label={`Resume ${name}`} onClick={() => resumeUpload(entry.id)}>
            Resume
          </Button>
        )}
        {status === "failed" && retry && (
          <Button size="sm" variant="primary" aria-label={`Retry ${name}`} onClick={() => resumeUpload(entry.id)}>
            Retry
          </Button>
        )}
        {status !== "done" && status !== "cancelled" && (
          <Button size="sm" variant="ghost" aria-label={`Cancel ${name}`} onClick={() => void cancelUpload(entry.id)}>
            Cancel
          </Button>
        )}
        {onRemove && (
          <Button size="sm" variant="ghost" aria-label={`Remove ${name}`} onClick={onRemove}>
            Remove
          </Button>
        )}
        {status === "done" && entry.landing && (
          <Link className={styles.link} to={entry.landing.href}>
            View {name} in {entry.landing.place}
          </Link>
        )}
      </div>
    </li>
  );
}

/** A screen's own uploads, shown as in the tray (less Retry: see UploadStatus). */
export function UploadStatusList({ entries, label }: { entries: UploadEntry[]; label: string }) {
  if (entries.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={label}>
      {entries.map((entry) => (
        <UploadStatus key={entry.id} entry={entry} retry={false} />
      ))}
    </ul>
  );
}
