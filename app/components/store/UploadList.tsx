// Files chosen for a product: waiting ones with Remove, sent ones as the upload
// queue's row (progress, pause, cancel, the reason a file failed, by name):
// nothing is dropped silently.
import { UploadStatus } from "../uploads/UploadStatus";
import { useShownHere, useUploads } from "../uploads/useUploads";

export interface PendingFile {
  key: string;
  file: File;
  /** 0..1 */
  fraction: number;
  status: "waiting" | "uploading" | "done" | "error";
  uploadId?: string;
  /** The upload queue's id once sent (a second try resumes it). */
  queueId?: string;
  error?: string;
}

let counter = 0;
export function pending(file: File): PendingFile {
  counter += 1;
  return { key: `${Date.now().toString(36)}-${counter}`, file, fraction: 0, status: "waiting" };
}

export function UploadList({
  files,
  busy,
  onRemove,
}: {
  files: PendingFile[];
  busy: boolean;
  onRemove: (key: string) => void;
}) {
  const { uploads } = useUploads();
  useShownHere(files.flatMap((item) => (item.queueId ? [item.queueId] : [])));
  if (files.length === 0) return null;
  const entries = new Map(uploads.map((entry) => [entry.id, entry]));
  return (
    <ul className="upload-list">
      {files.map((item) => {
        const entry = item.queueId ? entries.get(item.queueId) : undefined;
        if (entry) return <UploadStatus key={item.key} entry={entry} retry={false} />;
        return (
          <li key={item.key}>
            <span className="upload-name">{item.file.name}</span>
            <progress
              max={1}
              value={item.fraction}
              aria-label={`Upload of ${item.file.name}`}
              className={item.status === "error" ? "failed" : undefined}
            />
            <span className="muted small">
              {item.status === "done"
                ? "Uploaded"
                : item.status === "uploading"
                  ? `${Math.round(item.fraction * 100)}%`
                  : ""}
            </span>
            {!busy && item.status !== "done" && (
              <button type="button" className="link-button" onClick={() => onRemove(item.key)}>
                Remove <span className="visually-hidden">{item.file.name}</span>
              </button>
            )}
            {item.error && (
              <p className="error" role="alert">
                {item.file.name}: {item.error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
