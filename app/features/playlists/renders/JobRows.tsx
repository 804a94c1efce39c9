// A render's or a package's progress on the Sequence page: queued, a bar
// with the percentage, elapsed and remaining time while running, then the
// result (play here, open / download; a toast only when the row is off screen) or the failure.
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { JobStatus } from "../../../../render-container/src/contract";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { Button, useToast } from "../../../components/ui";
import { displayName, formatDuration } from "../../../kernel/format";
import { RENDER_CREATED } from "../../../kernel/schemas/playlist-messages";
import { active, type PackageProgress, RETRYING, type RenderProgress, useDoneToast, useJobClock } from "./jobs";
import { LoudnessReport } from "./LoudnessReport";

const PACKAGE_READY = "The package is ready.";

const UNEXPECTED = "An unexpected error occurred. Please try again.";

function JobProgress({
  status,
  progress,
  label,
  verb,
  retrying = false,
}: {
  status: JobStatus;
  progress: number;
  label: string;
  /** "Rendering" or "Packaging". */
  verb: string;
  retrying?: boolean;
}) {
  const { elapsed, remaining } = useJobClock(status, progress);
  if (!active(status)) return null;
  const times = (
    <span className="job-times muted small">
      {formatDuration(elapsed)} elapsed
      {remaining != null && status === "running" && !retrying && <> · about {formatDuration(remaining)} left</>}
    </span>
  );
  if (retrying)
    return (
      <span className="job-status muted">
        {verb}… {RETRYING} {times}
      </span>
    );
  if (status === "queued") return <span className="job-status muted">Queued… {times}</span>;
  return (
    <span className="job-status">
      <span>
        {verb}… {progress}%
      </span>
      <progress max={100} value={progress} aria-label={label} />
      {times}
    </span>
  );
}

export function RenderRow({ render }: { render: RenderProgress }) {
  const title = displayName(render.projectTitle);
  const row = useRef<HTMLLIElement>(null);
  const [playing, setPlaying] = useState(false);
  useDoneToast(render.status, `${title}: ${RENDER_CREATED}`, useToast(), row);
  return (
    <li ref={row} className={`job job-${render.status}`} data-render-id={render.renderId}>
      <strong className="job-title">{title}</strong>
      <JobProgress
        status={render.status}
        progress={render.progress}
        label={`${title} render progress`}
        verb="Rendering"
        retrying={render.retrying}
      />
      {render.status === "done" && (
        <div className="job-result" role="status">
          <p className="success">{RENDER_CREATED}</p>
          <div className="actions">
            {render.url && (
              <Button
                variant="primary"
                size="sm"
                aria-expanded={playing}
                aria-label={`${playing ? "Close the player of" : "Play here"} ${title}`}
                onClick={() => setPlaying((value) => !value)}
              >
                {playing ? "Close player" : "Play here"}
              </Button>
            )}
            {render.url && (
              <a className="button small" href={render.url} target="_blank" rel="noreferrer">
                Open
              </a>
            )}
            <Link className="button small" to="/renderfiles">
              Rendered Files
            </Link>
          </div>
          {playing && render.url && (
            <div className="job-player">
              <MediaPlayer kind="video" src={render.url} label={title} autoPlay />
            </div>
          )}
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
  const row = useRef<HTMLDivElement>(null);
  useDoneToast(pack.status, PACKAGE_READY, useToast(), row);
  return (
    <div ref={row} className={`job job-${pack.status}`}>
      <JobProgress status={pack.status} progress={pack.progress} label="Package progress" verb="Packaging" />
      {pack.status === "done" && pack.downloadUrl && (
        <div className="job-result" role="status">
          <p className="success">{PACKAGE_READY}</p>
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
