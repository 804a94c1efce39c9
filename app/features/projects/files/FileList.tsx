// The project's media library. A plain click moves a file through seed 000 §4's states: the first
// marks it (the inspector shows it; the row looks the same), the second selects it for the
// playlist, the third asks to delete it (declining keeps it selected). Its box or Ctrl/⌘-click
// selects at once, Shift-click a run, so several go onto the timeline with one 'Add to playlist'.
// A click outside the list (and outside what reads the selection: the inspector, the timeline)
// clears every state. Each row keeps its
// actions inside it: Play (inline), Open (the file view) and, in its "⋯" menu, Delete, which asks
// first. Each file says how its probe went.
import { type MouseEvent, useEffect, useMemo, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { FileTitle } from "../../../components/FileTitle";
import { LocalTime } from "../../../components/LocalTime";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { Button, buttonClass, Checkbox, OverflowMenu, useConfirm } from "../../../components/ui";
import { displayName, formatBytes, formatDuration } from "../../../kernel/format";
import type { ProjectData } from "../components/types";
import type { action } from "../pages/project.server";
import styles from "./FileList.module.css";
import { DELETE_FILE_CONFIRM, PROBE_FAILED } from "./messages";

type FileView = ProjectData["files"][number];

/** A file's kind as a small glyph at the row's start (its word for screen readers and as its tooltip). */
const KIND_GLYPH: Record<string, string> = { audio: "♪", video: "▶", image: "▣", pdf: "¶", text: "¶" };

/** The selected files' ids, in the order they were selected (the last one is the inspector's). */
export type Selection = string[];

export function FileList({
  files,
  selection,
  setSelection,
  onPick,
  loading,
  onMessage,
}: {
  files: FileView[];
  selection: Selection;
  setSelection: (next: Selection) => void;
  /** A file clicked, or ticked: the inspector shows it. */
  onPick: (fileId: string) => void;
  loading: boolean;
  onMessage: (text: string, error?: boolean) => void;
}) {
  const deleteFetcher = useFetcher<typeof action>();
  const confirm = useConfirm();
  const deletingId = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("fileId") : null;

  // Files clicked once (seed state 1): nothing shows on the row; a second click selects.
  const [marked, setMarked] = useState<string[]>([]);

  // A click outside any file item clears every selection.
  useEffect(() => {
    // What reads the selection ('Add to playlist', the inspector, the timeline) keeps it; so do answers
    // in the delete dialog (outside the list).
    const clear = (event: globalThis.MouseEvent) => {
      if (
        !(event.target instanceof Element) ||
        !event.target.closest("[data-file-item], [data-keeps-selection], [role=alertdialog]")
      ) {
        setSelection([]);
        setMarked([]);
      }
    };
    document.addEventListener("click", clear);
    return () => document.removeEventListener("click", clear);
  }, [setSelection]);

  // A deleted file leaves the list at once, before the list is loaded again.
  const result = deleteFetcher.data;
  const deletedId = result && !("error" in result) && "fileId" in result ? result.fileId : null;
  const shown = deletedId ? files.filter((file) => file.id !== deletedId) : files;

  // The result of a delete, once.
  const latest = useRef(selection);
  latest.current = selection;
  useEffect(() => {
    if (!result) return;
    if ("error" in result && result.error) onMessage(result.error.message, true);
    else if ("message" in result) onMessage(result.message);
    if ("fileId" in result) setSelection(latest.current.filter((id) => id !== result.fileId));
  }, [result, onMessage, setSelection]);

  async function remove(file: FileView) {
    if (await confirm(DELETE_FILE_CONFIRM, { confirmLabel: "Delete" })) {
      void deleteFetcher.submit({ intent: "delete-file", fileId: file.id }, { method: "post" });
    }
  }

  // Where a Shift-click's run starts: the file clicked last without Shift.
  const anchor = useRef<string | null>(null);
  function click(file: FileView, event: MouseEvent) {
    const selected = selection.includes(file.id);
    if (event.shiftKey && anchor.current) {
      const ids = shown.map((each) => each.id);
      const [from, to] = [ids.indexOf(anchor.current), ids.indexOf(file.id)].sort((a, b) => a - b);
      if (from! >= 0) {
        const run = ids.slice(from, to! + 1).filter((id) => id !== file.id);
        onPick(file.id);
        return setSelection([...selection.filter((id) => !run.includes(id) && id !== file.id), ...run, file.id]);
      }
    }
    anchor.current = file.id;
    if (event.metaKey || event.ctrlKey) return toggle(file.id, !selected);
    onPick(file.id);
    if (selected) return void remove(file);
    if (marked.includes(file.id)) {
      setMarked(marked.filter((id) => id !== file.id));
      return setSelection([...selection.filter((id) => id !== file.id), file.id]);
    }
    setMarked([...marked, file.id]);
  }
  function toggle(id: string, on: boolean) {
    if (on) onPick(id);
    setSelection(on ? [...selection.filter((each) => each !== id), id] : selection.filter((each) => each !== id));
  }

  const [playing, setPlaying] = useState<string | null>(null);
  const urls = useStablePreviews(shown);
  const many = shown.length > 1;

  return (
    <>
      {loading && (
        <p className="muted" role="status">
          Loading...
        </p>
      )}
      {shown.length === 0 ? (
        <p className="empty-state">No files found for this project.</p>
      ) : (
        <>
          <ul className={`file-list ${styles.list}`}>
            {shown.map((file) => {
              const selected = selection.includes(file.id);
              const deleting = deletingId === file.id;
              const name = displayName(file.fileName);
              const url = urls.get(file.id);
              return (
                <li
                  key={file.id}
                  data-file-item
                  className={`${selected ? "file-item selected" : "file-item"} ${styles.row}`}
                >
                  {many && (
                    <Checkbox
                      className={styles.box}
                      label={<span className="visually-hidden">Select {name}</span>}
                      checked={selected}
                      disabled={deleting}
                      title="Add to the selection, or take it out"
                      onChange={(event) => {
                        anchor.current = file.id;
                        toggle(file.id, event.target.checked);
                      }}
                    />
                  )}
                  <button
                    type="button"
                    className="file-select"
                    aria-pressed={selected}
                    disabled={deleting}
                    title={name}
                    onClick={(event) => click(file, event)}
                  >
                    <span className={`kind-badge kind-${file.kind}`} title={file.kind}>
                      <span aria-hidden>{KIND_GLYPH[file.kind] ?? "•"}</span>
                      <span className="visually-hidden">{file.kind}</span>
                    </span>
                    <span className="file-main">
                      {/* One line: the whole name as the row's tooltip (and in the button's name). */}
                      <span className="file-name">
                        <FileTitle fileName={file.fileName} />
                      </span>
                      <span className="file-meta muted">
                        <ProbeState file={file} />
                        {formatBytes(file.size)}
                        {file.accessType === "public-read" && <> · Public</>}
                        <span className={styles.date}>
                          {" · "}
                          <LocalTime value={file.createdAt} />
                        </span>
                      </span>
                    </span>
                    {deleting && <span className="deleting">Deleting...</span>}
                  </button>
                  <span className={styles.actions}>
                    {url && (
                      <Button
                        size="sm"
                        variant={playing === file.id ? "primary" : "ghost"}
                        className={styles.icon}
                        aria-expanded={playing === file.id}
                        aria-label={`${playing === file.id ? "Close the player of" : "Play file"} ${name}`}
                        title={playing === file.id ? "Close the player" : "Play"}
                        onClick={() => setPlaying(playing === file.id ? null : file.id)}
                      >
                        <span aria-hidden>{playing === file.id ? "■" : "▶"}</span>
                      </Button>
                    )}
                    <Link
                      to={`/bigfile/${file.id}`}
                      className={buttonClass("ghost", "sm", `open-link ${styles.icon}`)}
                      aria-label={`Open ${name}`}
                      title="Open the file's page"
                    >
                      <span aria-hidden>↗</span>
                    </Link>
                    <OverflowMenu label={`More for ${name}`}>
                      <Button
                        variant="ghost"
                        size="sm"
                        className={styles.delete}
                        disabled={deleting}
                        aria-label={`Delete ${name}`}
                        onClick={() => void remove(file)}
                      >
                        Delete
                      </Button>
                    </OverflowMenu>
                  </span>
                  {playing === file.id && url && (
                    <div className={styles.player}>
                      <MediaPlayer
                        kind={file.kind === "video" ? "video" : "audio"}
                        src={url}
                        label={name}
                        durationSeconds={file.durationSeconds}
                        peaks={file.peaks}
                        autoPlay
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="muted small">
            Click a file to see it in the inspector, again to select it; a third click offers to delete it.
            {many && " Tick boxes (or Ctrl/⌘-click) to select several at once; Shift-click for a run."}
          </p>
        </>
      )}
    </>
  );
}

/** Signed previews change on every load (and the page reloads while probes run); keep the first per file. */
function useStablePreviews(files: FileView[]) {
  const cache = useRef(new Map<string, string>());
  return useMemo(() => {
    const urls = new Map<string, string>();
    for (const file of files) {
      if (!file.previewUrl) continue;
      if (!cache.current.has(file.id)) cache.current.set(file.id, file.previewUrl);
      urls.set(file.id, cache.current.get(file.id)!);
    }
    return urls;
  }, [files]);
}

function ProbeState({ file }: { file: FileView }) {
  if (file.kind !== "audio" && file.kind !== "video") return null;
  switch (file.probeStatus) {
    case "queued":
    case "running":
      return (
        <>
          <span className="probe">probing…</span>
          {" · "}
        </>
      );
    case "done":
      return file.durationSeconds != null ? (
        <>
          <span className="probe">{formatDuration(file.durationSeconds)}</span>
          {" · "}
        </>
      ) : null;
    case "failed":
      return (
        <>
          <span className="probe error">{file.probeError || PROBE_FAILED}</span>
          {" · "}
        </>
      );
    default:
      return null;
  }
}
