// Files on their way up: name, progress bar and percent per file, a Remove
// button where the uploader allows it, and 'Failed to upload file: …' with the
// reason under a file that failed. Used by Home's new project and the project
// page's uploader.
export interface UploadRow {
  key: string;
  name: string;
  /** 0 to 1. */
  fraction: number;
  /** Set (possibly empty) when this file failed. */
  error?: string;
  /** Offer 'Remove' for this row. */
  removable?: boolean;
}

export function UploadProgress({
  label,
  rows,
  onRemove,
}: {
  label: string;
  rows: UploadRow[];
  onRemove?: (key: string) => void;
}) {
  return (
    <ul className="upload-progress" aria-label={label}>
      {rows.map((row) => {
        const percent = Math.round(row.fraction * 100);
        return (
          <li key={row.key}>
            <span className="upload-name">{row.name}</span>
            <progress max={100} value={percent} aria-label={`${row.name} upload progress`} />
            <span className="upload-percent">{percent}%</span>
            {row.removable && onRemove && (
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${row.name}`}
                onClick={() => onRemove(row.key)}
              >
                ×
              </button>
            )}
            {row.error !== undefined && (
              <p className="error" role="alert">
                Failed to upload file: {row.name}
                {row.error && <span className="reason"> — {row.error}</span>}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
