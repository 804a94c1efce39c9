// Small helpers shared by the file, playlist, program and render screens:
// names with underscores as spaces, sizes, durations, local times that do not
// break hydration, feedback messages that clear after 5 seconds, fetcher
// answers shown once, the duration and preview of a playlist or program slot,
// and the Select all / Clear of a playlist picker.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";

/** Seed 000 §2: underscores in names are shown as spaces. */
export function displayName(name: string) {
  return name.replaceAll("_", " ");
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** 75.4 → "1:15", 3725 → "1:02:05". */
export function formatDuration(seconds: number) {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export type MediaKind = "audio" | "video";

/** The media kind of a browser File, from its type or, failing that, its extension; null for anything else. */
export function kindOfFile(file: Pick<File, "type" | "name">): MediaKind | null {
  if (file.type.startsWith("video/")) return "video";
  if (file.type.startsWith("audio/")) return "audio";
  if (file.type) return null;
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (["mp4", "m4v", "mov", "webm", "avi", "mkv"].includes(ext)) return "video";
  if (["mp3", "wav", "m4a", "aac", "ogg", "oga", "flac"].includes(ext)) return "audio";
  return null;
}

const subscribeNothing = () => () => {};
/** False on the server and during hydration, true after: local times only once hydrated. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export function LocalTime({ value }: { value: Date | string | number }) {
  const hydrated = useHydrated();
  const date = new Date(value);
  const text = hydrated ? date.toLocaleString() : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return <time dateTime={date.toISOString()}>{text}</time>;
}

export type FeedbackState = { text: string; error: boolean } | null;
export type ShowFeedback = (text: string, error?: boolean) => void;

/** A message that clears itself after 5 seconds (seed 000 §4, §9). */
export function useFeedback() {
  const [feedback, setFeedback] = useState<FeedbackState>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback<ShowFeedback>((text, error = false) => {
    clearTimeout(timer.current);
    setFeedback({ text, error });
    timer.current = setTimeout(() => setFeedback(null), 5000);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [feedback, show] as const;
}

export function Feedback({ feedback }: { feedback: FeedbackState }) {
  if (!feedback) return null;
  return (
    <p className={feedback.error ? "feedback error" : "feedback success"} role={feedback.error ? "alert" : "status"}>
      {feedback.text}
    </p>
  );
}

/** What the playlist and program actions answer: a message, or an error with the seed's message. */
export interface FetcherAnswer {
  message?: string;
  error?: { message: string };
}

/** Shows a fetcher's answer once: a revalidation re-renders with the same answer and must not show it again. */
export function useAnswer<A extends FetcherAnswer>(
  answer: A | undefined,
  show: ShowFeedback,
  onSuccess?: (answer: A) => void,
) {
  const seen = useRef<A | undefined>(undefined);
  useEffect(() => {
    if (!answer || seen.current === answer) return;
    seen.current = answer;
    if (answer.error) show(answer.error.message, true);
    else {
      if (answer.message) show(answer.message);
      onSuccess?.(answer);
    }
    // Only a new answer counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
}

/** A slot's duration, or why there is none yet (the probe runs after the upload). */
export function slotDuration(durationSeconds: number | null, probeStatus: string) {
  if (durationSeconds != null) return formatDuration(durationSeconds);
  return probeStatus === "queued" || probeStatus === "running" ? "probing…" : "duration unknown";
}

/** The player of a playlist or program slot; audio loads nothing until played, video only its first frame. */
export function SlotPreview({ url, name, audio }: { url: string; name: string; audio: boolean }) {
  return (
    <div className="slot-preview">
      {audio ? (
        <audio controls preload="none" src={url} aria-label={`Preview ${name}`} />
      ) : (
        <video controls muted playsInline preload="metadata" src={`${url}#t=0.1`} aria-label={`Preview ${name}`} />
      )}
    </div>
  );
}

/** Select all and Clear under a playlist picker; with a single playlist they would only add noise. */
export function PickerActions({ ids, onSelect }: { ids: string[]; onSelect: (ids: string[]) => void }) {
  if (ids.length <= 1) return null;
  return (
    <div className="actions picker-actions">
      <button type="button" className="button small" onClick={() => onSelect(ids)}>
        Select all
      </button>
      <button type="button" className="button small" onClick={() => onSelect([])}>
        Clear
      </button>
    </div>
  );
}
