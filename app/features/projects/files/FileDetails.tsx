// The file view's details list: dates, size and kind for everyone; sequence
// position and access for the owner; the probe's duration, frame rate and
// resolution for audio and video (or why they are not there yet).
import type { ReactNode } from "react";
import { LocalTime } from "../../../components/LocalTime";
import { formatBytes, formatDuration } from "../../../kernel/format";
import { PROBE_FAILED } from "./messages";
import type { FileViewData } from "./types";

function Detail({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}

export function FileDetails({ view }: { view: FileViewData }) {
  const { file } = view;
  const media = file.kind === "audio" || file.kind === "video";
  const probing = file.probeStatus === "queued" || file.probeStatus === "running";
  return (
    <dl className="fact-list">
      <Detail term="Created">
        <LocalTime value={file.createdAt} />
      </Detail>
      <Detail term="Size">{formatBytes(file.size)}</Detail>
      <Detail term="Type">{file.kind}</Detail>
      {view.owner && (
        <>
          <Detail term="Sequence position">{view.sequencePosition}</Detail>
          <Detail term="Access">{file.accessType === "public-read" ? "Public" : "Private"}</Detail>
        </>
      )}
      {media && probing && <Detail term="Media details">probing…</Detail>}
      {media && file.probeStatus === "failed" && (
        <Detail term="Media details" className="error">
          {file.probeError || PROBE_FAILED}
        </Detail>
      )}
      {media && file.probeStatus === "done" && (
        <>
          {file.durationSeconds != null && <Detail term="Duration">{formatDuration(file.durationSeconds)}</Detail>}
          {file.frameRate != null && <Detail term="Frame rate">{Number(file.frameRate.toFixed(3))} fps</Detail>}
          {file.resolution && <Detail term="Resolution">{file.resolution}</Detail>}
        </>
      )}
    </dl>
  );
}
