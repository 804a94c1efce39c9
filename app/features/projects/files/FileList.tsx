// The project's file list with the three-click selection of seed 000 §4: the
// first click marks a file (nothing visible), the second selects it (for 'Add to
// playlist'), the third asks to delete it. A click outside the list (and outside
// the playlist builder, which reads the selection) clears it. A selected file
// shows a ticked box and the list says how many are selected; each file also
// has its own Delete (the same in-page dialog) for the keyboard and for anyone
// who does not know the three clicks. Each file links to its file view and
// says how its probe went.
import { type Dispatch, type SetStateAction, useEffect, useMemo, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { FileTitle } from "../../../components/FileTitle";
import { LocalTime } from "../../../components/LocalTime";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { Button, buttonClass, useConfirm } from "../../../components/ui";
import { displayName, formatBytes, formatDuration } from "../../../kernel/format";
import type { ProjectData } from "../components/types";
import type { action } from "../pages/project.server";
import styles from "./FileList.module.css";
import { DELETE_FILE_CONFIRM, PROBE_FAILED } from "./messages";

type FileView = ProjectData["files"][number];

/** Seed 000 §4: 1 = clicked once (nothing visible), 2 = selected. */
export type Selection = Record<string, 1 | 2>;

export function FileList({
  files,
  selection,
  setSelection,
  loading,
  onMessage,
}: {
  files: FileView[];
  selection: Selection;
  setSelection: Dispatch<SetStateAction<Selection>>;
  loading: boolean;
  onMessage: (text: string, error?: boolean) => void;
}) {
  const deleteFetcher = useFetcher<typeof action>();
  const confirm = useConfirm();
  const deletingId = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("fileId") : null;

  // A click outside any file item clears every selection.
  useEffect(() => {
    // The playlist builder ('Add to playlist') reads the selection, so clicks there keep it; so do
    // answers in the delete dialog (outside the list), since declining returns the file to selected.
    const clear = (event: MouseEvent) => {
      if (
        !(event.target instanceof Element) ||
        !event.target.closest("[data-file-item], [data-keeps-selection], [role=alertdialog]")
      )
        setSelection({});
    };
    document.addEventListener("click", clear);
    return () => document.removeEventListener("click", clear);
  }, [setSelection]);

  // A deleted file leaves the list at once, before the list is loaded again.
  const result = deleteFetcher.data;
  const deletedId = result && !("error" in result) && "fileId" in result ? result.fileId : null;
  const shown = deletedId ? files.filter((file) => file.id !== deletedId) : files;

  // The result of a delete, once.
  useEffect(() => {
    if (!result) return;
    if ("error" in result && result.error) onMessage(result.error.message, true);
    else if ("message" in result) onMessage(result.message);
    if ("fileId" in result) {
      setSelection(({ [result.fileId]: _, ...rest }) => rest);
    }
  }, [result, onMessage, setSelection]);

  // The file whose delete is being asked (the seed's third click, or its Delete): it says so.
  const [asking, setAsking] = useState<string | null>(null);
  async function remove(file: FileView) {
    setAsking(file.id);
    try {
      if (await confirm(DELETE_FILE_CONFIRM, { confirmLabel: "Delete" })) {
        void deleteFetcher.submit({ intent: "delete-file", fileId: file.id }, { method: "post" });
      }
    } finally {
      setAsking(null);
    }
  }

  async function click(file: FileView) {
    const state = selection[file.id];
    if (!state) return setSelection({ ...selection, [file.id]: 1 });
    if (state === 1) return setSelection({ ...selection, [file.id]: 2 });
    // Third click: ready to delete; declining keeps the file selected.
    await remove(file);
  }

  const [playing, setPlaying] = useState<string | null>(null);
  const urls = useStablePreviews(shown);
  const selectedCount = shown.filter((file) => selection[file.id] === 2).length;

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
          <div className={styles.summary}>
            <p className="muted small">
              Click a file twice to select it. Clicking a selected file offers to delete it.
            </p>
            <p className={styles.count} role="status" data-keeps-selection>
              {selectedCount === 0
                ? "No files selected"
                : `${new Intl.NumberFormat().format(selectedCount)} of ${new Intl.NumberFormat().format(shown.length)} selected`}
            </p>
          </div>
          <ul className="file-list">
            {shown.map((file) => {
              const selected = selection[file.id] === 2;
              const deleting = deletingId === file.id;
              return (
                <li key={file.id} data-file-item className={selected ? "file-item selected" : "file-item"}>
                  <button
                    type="button"
                    className="file-select"
                    aria-pressed={selected}
                    disabled={deleting}
                    onClick={() => click(file)}
                  >
                    <span className={selected ? `${styles.check} ${styles.checked}` : styles.check} aria-hidden />
                    <span className={`kind-badge kind-${file.kind}`}>{file.kind}</span>
                    <span className="file-main">
                      {/* One line in the narrow library: the whole name as its tooltip (and in the button's name). */}
                      <span className="file-name" title={displayName(file.fileName)}>
                        <FileTitle fileName={file.fileName} />
                      </span>
                      <span className="file-meta muted">
                        {formatBytes(file.size)} · <LocalTime value={file.createdAt} />
                        {file.accessType === "public-read" && <> · Public</>}
                        <ProbeState file={file} />
                      </span>
                    </span>
                    {deleting ? (
                      <span className="deleting">Deleting...</span>
                    ) : (
                      asking === file.id && <span className={styles.asking}>Delete?</span>
                    )}
                  </button>
                  <span className={styles.actions}>
                    {urls.get(file.id) && (
                      <Button
                        size="sm"
                        variant={playing === file.id ? "primary" : "secondary"}
                        aria-expanded={playing === file.id}
                        aria-label={`${playing === file.id ? "Close the player of" : "Play file"} ${displayName(file.fileName)}`}
                        onClick={() => setPlaying(playing === file.id ? null : file.id)}
                      >
                        {playing === file.id ? "Close" : "Play"}
                      </Button>
                    )}
                    <span className="file-more">
                      <Link
                        to={`/bigfile/${file.id}`}
                        className={buttonClass("secondary", "sm", "open-link")}
                        aria-label={`Open ${displayName(file.fileName)}`}
                      >
                        Open
                      </Link>
                      <Button
                        variant="danger"
                        size="sm"
                        className={styles.delete}
                        disabled={deleting}
                        aria-label={`Delete ${displayName(file.fileName)}`}
                        onClick={() => void remove(file)}
                      >
                        Delete
                      </Button>
                    </span>
                  </span>
                  {playing === file.id && urls.get(file.id) && (
                    <div className={styles.player}>
                      <MediaPlayer
                        kind={file.kind === "video" ? "video" : "audio"}
                        src={urls.get(file.id)!}
                        label={displayName(file.fileName)}
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
          {" · "}
          <span className="probe">probing…</span>
        </>
      );
    case "done":
      return file.durationSeconds != null ? (
        <>
          {" · "}
          <span className="probe">{formatDuration(file.durationSeconds)}</span>
        </>
      ) : null;
    case "failed":
      return (
        <>
          {" · "}
          <span className="probe error">{file.probeError || PROBE_FAILED}</span>
        </>
      );
    default:
      return null;
  }
}
