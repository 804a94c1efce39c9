// Files chosen for a product, each with its progress bar, and the reason a
// file failed, by name: nothing is dropped silently.
export interface PendingFile {
  key: string;
  file: File;
  /** 0..1 */
  fraction: number;
  status: "waiting" | "uploading" | "done" | "error";
  uploadId?: string;
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
  if (files.length === 0) return null;
  return (
    <ul className="upload-list">
      {files.map((item) => (
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
      ))}
    </ul>
  );
}
