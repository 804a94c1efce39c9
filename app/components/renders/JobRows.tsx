// A render's or a package's progress on the Sequence page: queued, a bar
// while running, then the result (open / download) or the failure.
import { Link } from "react-router";
import type { JobStatus } from "../../../render-container/src/contract";
import { displayName } from "../../lib/format";
import { RENDER_CREATED } from "../../lib/schemas/playlists";
import { active, type PackageProgress, RETRYING, type RenderProgress } from "./jobs";
import { LoudnessReport } from "./LoudnessReport";

const UNEXPECTED = "An unexpected error occurred. Please try again.";

function JobProgress({
  status,
  progress,
  label,
  retrying = false,
}: {
  status: JobStatus;
  progress: number;
  label: string;
  retrying?: boolean;
}) {
  if (active(status) && retrying) return <span className="job-status muted">Rendering… {RETRYING}</span>;
  if (status === "queued") return <span className="job-status muted">Queued…</span>;
  if (status !== "running") return null;
  return (
    <span className="job-status">
      <span>Rendering… {progress}%</span>
      <progress max={100} value={progress} aria-label={label} />
    </span>
  );
}

export function RenderRow({ render }: { render: RenderProgress }) {
  const title = displayName(render.projectTitle);
  return (
    <li className={`job job-${render.status}`} data-render-id={render.renderId}>
      <strong className="job-title">{title}</strong>
      <JobProgress
        status={render.status}
        progress={render.progress}
        label={`${title} render progress`}
        retrying={render.retrying}
      />
      {render.status === "done" && (
        <div className="job-result" role="status">
          <p className="success">{RENDER_CREATED}</p>
          <div className="actions">
            {render.url && (
              <a className="button primary small" href={render.url} target="_blank" rel="noreferrer">
                Open
              </a>
            )}
            <Link className="button small" to="/renderfiles">
              Rendered Files
            </Link>
          </div>
          {render.loudnessReport && <LoudnessReport name={title} report={render.loudnessReport} />}
        </div>
      )}
      {render.status === "failed" && (
        <p className="error" role="alert">
          Failed to create file: {render.error ?? UNEXPECTED}
        </p>
      )}
    </li>
  );
}

export function PackageRow({ pack }: { pack: PackageProgress }) {
  return (
    <div className={`job job-${pack.status}`}>
      {pack.status === "queued" && <span className="job-status muted">Queued…</span>}
      {pack.status === "running" && (
        <span className="job-status">
          <span>Packaging… {pack.progress}%</span>
          <progress max={100} value={pack.progress} aria-label="Package progress" />
        </span>
      )}
      {pack.status === "done" && pack.downloadUrl && (
        <div className="job-result" role="status">
          <p className="success">The package is ready.</p>
          <a className="button primary" href={pack.downloadUrl} download={pack.fileName ?? true}>
            Download {pack.fileName ?? "zip"}
          </a>
        </div>
      )}
      {pack.status === "failed" && (
        <p className="error" role="alert">
          Failed to package playlists: {pack.error ?? UNEXPECTED}
        </p>
      )}
    </div>
  );
}
