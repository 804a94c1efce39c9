// One rendered file on /renderfiles: expandable details, a player with the
// render's chapters beside it, the loudness report and the downloads.

import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { displayName, formatBytes, formatDuration } from "../../lib/format";
import type { Route } from "../../routes/+types/renderfiles";
import { CollapseToggle } from "../CollapseToggle";
import { LocalTime } from "../LocalTime";
import { Badge, Button } from "../ui";
import { active, RETRYING } from "./jobs";
import { LoudnessReport } from "./LoudnessReport";
import { RenderChapters } from "./RenderChapters";

export type RenderView = Route.ComponentProps["loaderData"]["renders"][number];

export function RenderItem({ render, initiallyOpen }: { render: RenderView; initiallyOpen: boolean }) {
  const panelId = useId();
  const [open, setOpen] = useState(initiallyOpen);
  // Signed URLs change on every load; keep the first ones so the player does not restart.
  const [urls, setUrls] = useState({ url: render.url, downloadUrl: render.downloadUrl, audioUrl: render.audioUrl });
  useEffect(() => {
    if (render.url && !urls.url)
      setUrls({ url: render.url, downloadUrl: render.downloadUrl, audioUrl: render.audioUrl });
  }, [render.url, render.downloadUrl, render.audioUrl, urls.url]);
  const name = displayName(render.fileName);
  const audio = Boolean(urls.audioUrl);
  const player = useRef<HTMLMediaElement>(null);
  return (
    <li className={`render-item status-${render.status}`} data-render-id={render.id}>
      <h2 className="render-heading">
        <CollapseToggle open={open} onToggle={() => setOpen((value) => !value)} controls={panelId}>
          <span className="render-name">{name}</span>
        </CollapseToggle>
        <span className="render-summary muted small">
          {displayName(render.projectTitle)}
          {render.status === "done" && render.durationSeconds != null && (
            <> · {formatDuration(render.durationSeconds)}</>
          )}
          {render.status !== "done" && <RenderState render={render} />}
        </span>
        {render.outOfDate && <Badge tone="warning">Out of date</Badge>}
      </h2>
      {render.outOfDate && <OutOfDate render={render} />}
      <div id={panelId} hidden={!open} className="render-details">
        <dl className="fact-list">
          <dt>Name</dt>
          <dd>{name}</dd>
          <dt>Project</dt>
          <dd>{displayName(render.projectTitle)}</dd>
          <dt>Created</dt>
          <dd>
            <LocalTime value={render.createdAt} />
          </dd>
          {render.resolution && (
            <>
              <dt>Resolution</dt>
              <dd>{render.resolution}</dd>
            </>
          )}
          {render.durationSeconds != null && (
            <>
              <dt>Duration</dt>
              <dd>
                {formatDuration(render.durationSeconds)}{" "}
                <span className="muted small">({render.durationSeconds.toFixed(1)} s)</span>
              </dd>
            </>
          )}
          {render.frameRate != null && (
            <>
              <dt>Frame rate</dt>
              <dd>{Number(render.frameRate.toFixed(3))} fps</dd>
            </>
          )}
          {render.size != null && (
            <>
              <dt>Size</dt>
              <dd>{formatBytes(render.size)}</dd>
            </>
          )}
          {render.status !== "done" && (
            <>
              <dt>Status</dt>
              <dd>
                <RenderState render={render} />
              </dd>
            </>
          )}
        </dl>
        {render.status === "failed" && render.error && (
          <p className="error" role="alert">
            Failed to create file: {render.error}
          </p>
        )}
        {render.status === "done" && urls.url && open && (
          <div className="render-player-with-chapters">
            <div className="preview render-player">
              {audio ? (
                <audio
                  ref={player as React.RefObject<HTMLAudioElement | null>}
                  controls
                  preload="metadata"
                  src={urls.audioUrl!}
                  aria-label={`Play ${name}`}
                >
                  <a href={urls.audioUrl!}>Open {name}</a>
                </audio>
              ) : (
                <video
                  ref={player as React.RefObject<HTMLVideoElement | null>}
                  controls
                  preload="metadata"
                  playsInline
                  src={urls.url}
                  aria-label={`Play ${name}`}
                >
                  <a href={urls.url}>Open {name}</a>
                </video>
              )}
            </div>
            <RenderChapters name={name} chapters={render.chapters} jsonUrl={render.chaptersUrl} player={player} />
          </div>
        )}
        {render.status === "done" && render.loudnessReport && (
          <LoudnessReport name={name} report={render.loudnessReport} />
        )}
        {render.status === "done" && urls.downloadUrl && (
          <div className="actions">
            <a className="button primary" href={urls.downloadUrl} download={render.fileName}>
              Download
            </a>
            {urls.audioUrl && (
              <a className="button" href={urls.audioUrl} download={render.fileName.replace(/\.mp4$/, ".m4a")}>
                Download M4A
              </a>
            )}
            <a className="button" href={urls.url ?? urls.downloadUrl} target="_blank" rel="noreferrer">
              Open in a new tab
            </a>
          </div>
        )}
      </div>
    </li>
  );
}

function RenderState({ render }: { render: RenderView }) {
  if (active(render.status) && render.retrying) return <span className="render-state"> · {RETRYING}</span>;
  switch (render.status) {
    case "queued":
      return <span className="render-state"> · queued</span>;
    case "running":
      return (
        <span className="render-state">
          {" "}
          · rendering {render.progress}%{" "}
          <progress max={100} value={render.progress} aria-label={`${displayName(render.fileName)} render progress`} />
        </span>
      );
    case "failed":
      return <span className="render-state error"> · failed</span>;
    default:
      return null;
  }
}

/** A program was applied (or undone) on the playlist after this render: the file still holds the old spot. */
function OutOfDate({ render }: { render: RenderView }) {
  const fetcher = useFetcher<{ error?: { message: string } }>();
  const busy = fetcher.state !== "idle";
  const error = fetcher.data?.error?.message;
  return (
    <fetcher.Form method="post" className="render-out-of-date">
      <p className="small">
        A program changed this playlist after this file was rendered, so it still has the old spot.
      </p>
      <input type="hidden" name="intent" value="render-again" />
      <input type="hidden" name="renderId" value={render.id} />
      <Button type="submit" variant="primary" size="sm" busy={busy} busyLabel="Starting…">
        Render again
      </Button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </fetcher.Form>
  );
}
