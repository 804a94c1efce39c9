// One rendered file on /renderfiles: expandable details (RenderFacts), the shared player with the
// render's chapters on its timeline, and the downloads.

import { useEffect, useId, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { CollapseToggle } from "../../../components/CollapseToggle";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { Badge, Button } from "../../../components/ui";
import { displayName, formatDateInWords, formatDuration } from "../../../kernel/format";
import { active, RETRYING } from "./jobs";
import { RenderFacts, type RenderView } from "./RenderFacts";

/**
 * A render in words: its playlist's title and the day it was made ("Episode 12 — 5 December 2026").
 * The day is the file name's, which is the UTC date the render started.
 */
export function renderTitle(render: Pick<RenderView, "projectTitle" | "createdAt">) {
  return `${displayName(render.projectTitle)} — ${formatDateInWords(render.createdAt, { timeZone: "UTC" })}`;
}

export function RenderItem({ render, initiallyOpen }: { render: RenderView; initiallyOpen: boolean }) {
  const panelId = useId();
  const [open, setOpen] = useState(initiallyOpen);
  // Signed URLs change on every load; keep the first ones so the player does not restart.
  const [urls, setUrls] = useState({ url: render.url, downloadUrl: render.downloadUrl, audioUrl: render.audioUrl });
  useEffect(() => {
    if (render.url && !urls.url)
      setUrls({ url: render.url, downloadUrl: render.downloadUrl, audioUrl: render.audioUrl });
  }, [render.url, render.downloadUrl, render.audioUrl, urls.url]);
  const title = renderTitle(render);
  const audio = Boolean(urls.audioUrl);
  const chapters = useMemo(
    () => render.chapters.map((chapter) => ({ title: chapter.title, startSeconds: chapter.startTime })),
    [render.chapters],
  );
  return (
    <li className={`render-item status-${render.status}`} data-render-id={render.id}>
      <h2 className="render-heading">
        <CollapseToggle open={open} onToggle={() => setOpen((value) => !value)} controls={panelId}>
          <span className="render-name">{title}</span>
        </CollapseToggle>
        {/* The file's own name as the download saves it, under the title. */}
        <span className="render-summary muted small">
          <span className="render-file">{render.fileName}</span>
          {render.status === "done" && render.durationSeconds != null && (
            <> · {formatDuration(render.durationSeconds)}</>
          )}
          {render.status !== "done" && <RenderState render={render} />}
        </span>
        {render.outOfDate && <Badge tone="warning">Out of date</Badge>}
      </h2>
      {render.outOfDate && <OutOfDate render={render} />}
      <div id={panelId} hidden={!open} className="render-details">
        <RenderFacts
          render={render}
          audio={audio}
          status={render.status !== "done" && <RenderState render={render} />}
        />
        {render.status === "failed" && render.error && (
          <p className="error" role="alert">
            Failed to create file: {render.error}
          </p>
        )}
        {render.status === "done" && urls.url && open && (
          <div className="preview render-player">
            {/* An audio playlist's MP4 is a still frame: its M4A is what a listener plays. */}
            <MediaPlayer
              kind={audio ? "audio" : "video"}
              src={audio ? urls.audioUrl : urls.url}
              label={title}
              durationSeconds={render.durationSeconds}
              chapters={chapters}
            />
          </div>
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
            {render.chaptersUrl && (
              <a className="button" href={render.chaptersUrl} type="application/json+chapters">
                Chapters file (JSON)
              </a>
            )}
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
