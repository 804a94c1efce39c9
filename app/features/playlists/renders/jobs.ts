// The state of render and package jobs as the Sequence page follows them:
// polled from the JSON API every 2 seconds while any is queued or running.
import { type RefObject, useEffect, useRef, useState } from "react";
import type { JobProgress, JobStatus } from "../../../../render-container/src/contract";
import type { LoudnessReportView } from "./LoudnessReport";

/** How often the Sequence page asks for its jobs' progress. */
export const POLL_MS = 2000;

/** A render as the page follows it: the job's progress (the renderer's contract) and what the page shows of it. */
export interface RenderProgress extends JobProgress {
  renderId: string;
  projectTitle: string;
  /** Its renderer went silent or restarted: the job is being leased again (the page says so, not a frozen percentage). */
  retrying?: boolean;
  url: string | null;
  /** With loudness normalisation: what it did to each item. */
  loudnessReport?: LoudnessReportView | null;
}

export interface PackageProgress extends JobProgress {
  jobId: string;
  downloadUrl: string | null;
  fileName: string | null;
}

/** What a page says of a render whose renderer went silent or restarted, instead of a frozen percentage. */
export const RETRYING = "retrying after an interruption";

export const active = (status: JobStatus) => status === "queued" || status === "running";

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
  const body = (await response.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!response.ok || !body) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  return body;
}

/**
 * Elapsed and remaining time of a job the page follows: elapsed since the page first saw it, the
 * time left from the pace of its percentage since it started running (null until there is one).
 * Ticks every second while the job is active, so the figures move between two polls.
 */
export function useJobClock(status: JobStatus, progress: number) {
  const seenAt = useRef(Date.now());
  const runningSince = useRef<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const live = active(status);
  if (status === "running" && runningSince.current === null) runningSince.current = Date.now();
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [live]);
  const elapsed = Math.max(0, (now - seenAt.current) / 1000);
  const ran = runningSince.current === null ? 0 : (now - runningSince.current) / 1000;
  const remaining = status === "running" && progress > 0 && progress < 100 ? (ran * (100 - progress)) / progress : null;
  return { elapsed, remaining };
}

/** Toasts `message` once when a job the page watched while it ran is done (not for one already done on arrival). */
/**
 * A toast when a job finishes, only if its row is off screen: a row in view says it itself (its own
 * role="status" line), and a toast there would cover the result it reports on.
 */
export function useDoneToast(
  status: JobStatus,
  message: string,
  toast: (text: string, tone: "success") => void,
  row?: RefObject<HTMLElement | null>,
) {
  const wasActive = useRef(active(status));
  useEffect(() => {
    if (active(status)) wasActive.current = true;
    else if (status === "done" && wasActive.current) {
      wasActive.current = false;
      if (!row?.current || !inView(row.current)) toast(message, "success");
    }
  }, [status, message, toast, row]);
}

function inView(element: HTMLElement) {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
}
