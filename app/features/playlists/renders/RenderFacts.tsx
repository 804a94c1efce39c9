// A render's details on /renderfiles, in the words a podcaster reads (issue 28 §7, issue 29 §2):
// project, when, how long, how big, what kind of file and what was done to its loudness.
// An audio playlist's render is an M4A plus an MP4 of it over a still frame (render-container
// src/render.ts), so its picture's resolution and frame rate say nothing about the episode: they
// sit with the codecs, the loudness target and the per-item loudness table under 'Technical
// details'. A video render's resolution and frame rate are what its maker checks, so they stay in
// view.
import type { ReactNode } from "react";
import { LocalTime } from "../../../components/LocalTime";
import { displayName, formatBytes, formatDuration } from "../../../kernel/format";
import type { Route } from "../pages/+types/downloads";
import { LoudnessReport, type LoudnessReportView, signed } from "./LoudnessReport";

/** One render as the /renderfiles loader sends it. */
export type RenderView = Route.ComponentProps["loaderData"]["renders"][number];

const count = (n: number) => (n === 1 ? "1 item" : `${new Intl.NumberFormat().format(n)} items`);

/** What normalisation did, without units: "Evened out: 2 items made louder, 1 item made quieter". */
export function loudnessInWords(report: LoudnessReportView) {
  const louder = report.items.filter((item) => item.gainDb > 0).length;
  const quieter = report.items.filter((item) => item.gainDb < 0).length;
  const changes = [louder && `${count(louder)} made louder`, quieter && `${count(quieter)} made quieter`].filter(
    Boolean,
  );
  return changes.length === 0
    ? "Evened out for podcast apps: every item was already at the right level"
    : `Evened out for podcast apps: ${changes.join(", ")}`;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function RenderFacts({ render, audio, status }: { render: RenderView; audio: boolean; status: ReactNode }) {
  const report = render.status === "done" ? render.loudnessReport : null;
  const picture = (
    <>
      {render.resolution && <Fact term="Resolution">{render.resolution}</Fact>}
      {render.frameRate != null && <Fact term="Frame rate">{Number(render.frameRate.toFixed(3))} fps</Fact>}
    </>
  );
  const technical = audio || report;
  return (
    <>
      <dl className="fact-list">
        <Fact term="Project">{displayName(render.projectTitle)}</Fact>
        <Fact term="Created">
          <LocalTime value={render.createdAt} />
        </Fact>
        {render.durationSeconds != null && (
          <Fact term="Duration">
            {formatDuration(render.durationSeconds)}{" "}
            <span className="muted small">({render.durationSeconds.toFixed(1)} s)</span>
          </Fact>
        )}
        {audio && render.audioSize != null ? (
          <Fact term="Size">
            {formatBytes(render.audioSize)}{" "}
            {render.size != null && (
              <span className="muted small">(the MP4 with its picture: {formatBytes(render.size)})</span>
            )}
          </Fact>
        ) : (
          render.size != null && <Fact term="Size">{formatBytes(render.size)}</Fact>
        )}
        {audio && <Fact term="Format">Audio for podcast apps (M4A), and a video of it with a still picture (MP4)</Fact>}
        {report && <Fact term="Loudness">{loudnessInWords(report)}</Fact>}
        {!audio && picture}
        {status && <Fact term="Status">{status}</Fact>}
      </dl>
      {render.status === "done" && technical && (
        <details className="render-technical">
          <summary>Technical details</summary>
          <dl className="fact-list">
            {audio && (
              <>
                {picture}
                {/* The renderer's fixed encodings for an audio playlist (render-container src/render.ts). */}
                <Fact term="Codecs">AAC audio at 160 kbit/s; H.264 picture in the MP4</Fact>
              </>
            )}
            {report && (
              <Fact term="Loudness target">
                {signed(report.target)} LUFS ({report.target <= -19 ? "mono" : "stereo"}), peaks at or below −1 dBTP
              </Fact>
            )}
          </dl>
          {report && <LoudnessReport name={displayName(render.fileName)} report={report} />}
        </details>
      )}
    </>
  );
}
