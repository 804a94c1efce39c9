// The project files screen (/projects/:projectId): upload drop zone with
// per-file progress, the project's files with the three-click selection of
// seed 000 §4, deleting files or the whole project, and below the list the
// playlist builder and playlist order list (components/playlists/PlaylistBuilder).
import { type Dispatch, type SetStateAction, useCallback, useEffect, useId, useRef, useState } from "react";
import { data, Link, redirect, useFetcher, useLocation, useRevalidator } from "react-router";
import type { Deps } from "../../worker/domain/deps";
import { Invalid } from "../../worker/domain/errors";
import { deleteFile, deleteProject, listProjectFiles } from "../../worker/domain/files/files";
import {
  addFilesToPlaylist,
  projectPlaylist,
  removeItem,
  reorderPlaylist,
  setItemSlot,
} from "../../worker/domain/playlists/playlists";
import { applicationsOf, undoApplication } from "../../worker/domain/programs/applications";
import { programTitles } from "../../worker/domain/programs/programs";
import { parse } from "../../worker/domain/validation";
import { DropZone } from "../components/DropZone";
import { Feedback, useFeedback } from "../components/Feedback";
import { LocalTime } from "../components/LocalTime";
import { ChapterEditor } from "../components/playlists/ChapterEditor";
import { PlaylistBuilder } from "../components/playlists/PlaylistBuilder";
import { requireUser, server } from "../lib/auth.server";
import { displayName, formatBytes, formatDuration } from "../lib/format";
import { formAction, formFields, formList } from "../lib/forms.server";
import { orNotFound, pageAction } from "../lib/page-errors.server";
import type { ACCESS_TYPES } from "../lib/schemas/files";
import { addToPlaylistSchema, playlistSlotSchema, reorderSchema } from "../lib/schemas/playlists";
import { PROJECT_FILE_LIMITS, uploadFile } from "../lib/upload-client";
import type { Route } from "./+types/project";
import { fileSummary } from "./files.server";
import "../styles/files.css";

const FILE_DELETED = "File deleted successfully!";
const DELETE_FILE_CONFIRM = "Are you sure you want to delete this file?";
const DELETE_PROJECT_CONFIRM = "Are you sure you want to delete this project and all of its files?";
/** Where the file view leaves a message for the page it goes back to. */
const FLASH_KEY = "cp-flash";
/** Playlist previews are signed for an hour. */
const PREVIEW_SECONDS = 60 * 60;
const PLAYLIST_ORDER_SAVED = "Playlist order saved.";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? displayName(loaderData.project.title) || "Untitled Project" : "Project";
  return [{ title: `${title} · Creator Platform` }];
}

export function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  return orNotFound(projectPage(deps, user.id, params.projectId), "Project not found.");
}

/** Everything the page shows; a NotFound anywhere (another member's project) is the page's 404. */
async function projectPage(deps: Deps, userId: string, projectId: string) {
  const { project, files } = await listProjectFiles(deps, userId, projectId);
  const playlist = await projectPlaylist(deps, userId, project.id);
  const [applications, titles, items] = await Promise.all([
    applicationsOf(deps, userId, playlist.id),
    programTitles(deps, userId),
    Promise.all(
      playlist.items.map(async (item) => ({
        id: item.id,
        fileName: item.fileName,
        slotPosition: item.slotPosition,
        seqPos: item.seqPos,
        durationSeconds: item.durationSeconds,
        contentType: item.contentType,
        probeStatus: item.probeStatus,
        fromProgram: item.programFileId != null,
        previewUrl: (
          await deps.storage.signer.signGet({ key: item.key, contentType: item.contentType }, PREVIEW_SECONDS)
        ).url,
      })),
    ),
  ]);
  const titleOf = new Map(titles.map((t) => [t.id, t.title]));
  return {
    project: { id: project.id, title: project.title },
    files: files.map(fileSummary),
    playlist: { id: playlist.id, mediaType: playlist.mediaType, items },
    applications: applications.map((application) => ({
      id: application.id,
      programTitle: titleOf.get(application.programId) ?? "Program",
      createdAt: application.createdAt,
      changes: application.changes.map((change) => ({ slot: change.slot, action: change.action })),
    })),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const form = await request.formData();
  const fields = formFields(form);

  switch (fields.intent) {
    case "add-to-playlist": {
      const echo = { intent: "add-to-playlist" as const };
      return formAction(async () => {
        const { fileIds } = parse(addToPlaylistSchema, { fileIds: formList(form, "fileId") });
        const result = await addFilesToPlaylist(deps, user.id, params.projectId, fileIds);
        return { ...echo, message: result.message, added: result.items.length };
      }, echo);
    }
    case "save-order": {
      const echo = { intent: "save-order" as const };
      return formAction(async () => {
        const { itemIds } = parse(reorderSchema, { itemIds: formList(form, "itemId") });
        await reorderPlaylist(deps, user.id, fields.playlistId ?? "", itemIds);
        return { ...echo, message: PLAYLIST_ORDER_SAVED };
      }, echo);
    }
    case "item-slot": {
      const echo = { intent: "item-slot" as const, itemId: fields.itemId ?? "" };
      return formAction(async () => {
        const { slotPosition } = parse(playlistSlotSchema, { slotPosition: fields.slotPosition ?? "" });
        await setItemSlot(deps, user.id, echo.itemId, slotPosition);
        return { ...echo, slotPosition, message: "Slot position updated successfully!" };
      }, echo);
    }
    case "remove-item": {
      const echo = { intent: "remove-item" as const, itemId: fields.itemId ?? "" };
      return formAction(
        async () => ({ ...echo, message: (await removeItem(deps, user.id, echo.itemId)).message }),
        echo,
      );
    }
    case "undo-application": {
      const echo = { intent: "undo-application" as const, applicationId: fields.applicationId ?? "" };
      return formAction(
        async () => ({ ...echo, message: (await undoApplication(deps, user.id, echo.applicationId)).message }),
        echo,
      );
    }
  }

  if (fields.intent === "delete-file") {
    const fileId = fields.fileId ?? "";
    const echo = { intent: "delete-file" as const, fileId };
    return pageAction(
      async () => {
        if (!fileId) throw new Invalid("Required data missing for deletion");
        await deleteFile(deps, user.id, fileId);
        return { ...echo, message: FILE_DELETED };
      },
      { echo, unexpected: "An error occurred while deleting the file" },
    );
  }

  if (fields.intent === "delete-project") {
    return formAction(
      async () => {
        await deleteProject(deps, user.id, params.projectId);
        return redirect("/authenticated");
      },
      { intent: "delete-project" as const },
    );
  }

  throw data("Unknown form.", { status: 400 });
}

type FileView = Route.ComponentProps["loaderData"]["files"][number];

export default function Project({ loaderData }: Route.ComponentProps) {
  const { project, files, playlist, applications } = loaderData;
  const [selection, setSelection] = useState<Selection>({});
  const selectedFileIds = files.filter((file) => selection[file.id] === 2).map((file) => file.id);
  const revalidator = useRevalidator();
  const location = useLocation();
  const [feedback, showFeedback] = useFeedback();
  const [refreshing, setRefreshing] = useState(false);
  const deleteProjectFetcher = useFetcher<typeof action>();

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await revalidator.revalidate();
    } finally {
      setRefreshing(false);
    }
  }, [revalidator]);

  // A message handed over by the page before: Home after its uploads, the file view after deleting.
  useEffect(() => {
    const state = location.state as { message?: unknown } | null;
    if (typeof state?.message === "string") showFeedback(state.message);
    try {
      const flash = sessionStorage.getItem(FLASH_KEY);
      if (flash) {
        sessionStorage.removeItem(FLASH_KEY);
        showFeedback(flash);
      }
    } catch {}
  }, [location.key, location.state, showFeedback]);

  // While a probe is queued or running (of a file or of a playlist item), look again every 3 seconds.
  const isProbing = (item: { probeStatus: string }) => item.probeStatus === "queued" || item.probeStatus === "running";
  const probing = files.some(isProbing) || playlist.items.some(isProbing);
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  useEffect(() => {
    if (!probing) return;
    const timer = setInterval(() => {
      const current = revalidatorRef.current;
      if (current.state === "idle" && document.visibilityState === "visible") void current.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [probing]);

  const deletingProject = deleteProjectFetcher.state !== "idle";
  const projectError =
    deleteProjectFetcher.data && "error" in deleteProjectFetcher.data ? deleteProjectFetcher.data.error : null;

  return (
    <div className="files-page">
      <section className="card">
        <div className="page-heading">
          <h1>{displayName(project.title) || "Untitled Project"}</h1>
          <button
            type="button"
            className="button danger"
            disabled={deletingProject}
            onClick={() => {
              if (window.confirm(DELETE_PROJECT_CONFIRM)) {
                void deleteProjectFetcher.submit({ intent: "delete-project" }, { method: "post" });
              }
            }}
          >
            {deletingProject ? "Deleting..." : "Delete project"}
          </button>
        </div>
        {projectError && (
          <p className="error" role="alert">
            {projectError.message}
          </p>
        )}
        <p className="muted">
          <Link to="/authenticated">← All projects</Link>
        </p>
        <Uploader projectId={project.id} onUploaded={refresh} onMessage={showFeedback} />
      </section>

      <section className="card" aria-labelledby="files-heading">
        <h2 id="files-heading">Files</h2>
        <Feedback feedback={feedback} />
        <FileList
          files={files}
          selection={selection}
          setSelection={setSelection}
          loading={refreshing && revalidator.state === "loading"}
          onMessage={showFeedback}
        />
      </section>

      <PlaylistBuilder
        projectId={project.id}
        playlist={playlist}
        applications={applications}
        selectedFileIds={selectedFileIds}
        onAdded={() => setSelection({})}
        onUploaded={refresh}
      />
      <ChapterEditor playlistId={playlist.id} items={playlist.items} />
    </div>
  );
}

// ── uploads ─────────────────────────────────────────────────────────────────

interface Pending {
  key: string;
  file: File;
  fraction: number;
  status: "pending" | "uploading" | "done" | "error";
  error?: string;
}

function Uploader({
  projectId,
  onUploaded,
  onMessage,
}: {
  projectId: string;
  onUploaded: () => Promise<void>;
  onMessage: (text: string, error?: boolean) => void;
}) {
  const id = useId();
  const [items, setItems] = useState<Pending[]>([]);
  const [accessType, setAccessType] = useState<(typeof ACCESS_TYPES)[number]>("private");
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const update = (key: string, change: Partial<Pending>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function choose(accepted: File[]) {
    setNotice(null);
    const stamp = Date.now();
    setItems((list) => [
      ...list.filter((item) => item.status !== "done"),
      ...accepted.map((file, i) => ({
        key: `${stamp}-${i}-${file.name}`,
        file,
        fraction: 0,
        status: "pending" as const,
      })),
    ]);
  }

  async function upload() {
    if (busy) return;
    const queue = items.filter((item) => item.status === "pending" || item.status === "error");
    if (queue.length === 0) {
      setNotice({ text: "No files to upload.", error: true });
      return;
    }
    setBusy(true);
    setNotice(null);
    let failures = 0;
    for (const item of queue) {
      update(item.key, { status: "uploading", fraction: 0, error: undefined });
      try {
        await uploadFile(
          item.file,
          { purpose: "project-file", accessType, projectId },
          { onProgress: (fraction) => update(item.key, { fraction }) },
        );
        update(item.key, { status: "done", fraction: 1 });
      } catch (error) {
        failures++;
        update(item.key, { status: "error", error: error instanceof Error ? error.message : String(error) });
      }
    }
    // Back to idle: the uploaded files leave the selection, failed ones stay to try again.
    setItems((list) => list.filter((item) => item.status !== "done"));
    setBusy(false);
    if (failures === 0) onMessage("Upload successful!");
    await onUploaded();
  }

  return (
    <div className="uploader">
      <h2>Upload files</h2>
      <DropZone
        limits={PROJECT_FILE_LIMITS}
        className="dropzone"
        busy={busy}
        label="Files to upload"
        hint="Images, video, audio, PDF and text files."
        onDrop={choose}
      />
      {items.length > 0 && (
        <ul className="upload-progress" aria-label="Files to upload">
          {items.map((item) => {
            const percent = Math.round(item.fraction * 100);
            return (
              <li key={item.key}>
                <span className="upload-name">{item.file.name}</span>
                <progress max={100} value={percent} aria-label={`${item.file.name} upload progress`} />
                <span className="upload-percent">{percent}%</span>
                {item.status !== "uploading" && !busy && (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove ${item.file.name}`}
                    onClick={() => setItems((list) => list.filter((other) => other.key !== item.key))}
                  >
                    ×
                  </button>
                )}
                {item.status === "error" && (
                  <p className="error" role="alert">
                    Failed to upload file: {item.file.name}
                    {item.error && <span className="reason"> — {item.error}</span>}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="upload-controls">
        <label htmlFor={`${id}-access`}>Access type</label>
        <select
          id={`${id}-access`}
          value={accessType}
          onChange={(event) => setAccessType(event.target.value as typeof accessType)}
          disabled={busy}
        >
          <option value="private">Private</option>
          <option value="public-read">Public</option>
        </select>
        <button type="button" className="button primary" disabled={busy} onClick={() => void upload()}>
          {busy ? "Uploading..." : "Upload"}
        </button>
      </div>
      {notice && (
        <p className={notice.error ? "error" : "success"} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      )}
    </div>
  );
}

// ── the file list and its three-click selection ────────────────────────────

/** Seed 000 §4: 1 = clicked once (nothing visible), 2 = selected. */
type Selection = Record<string, 1 | 2>;

function FileList({
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
  const deletingId = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("fileId") : null;

  // A click outside any file item clears every selection.
  useEffect(() => {
    // The playlist builder ('Add to playlist') reads the selection, so clicks there keep it.
    const clear = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest("[data-file-item], [data-keeps-selection]"))
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
  }, [result, onMessage]);

  function click(file: FileView) {
    const state = selection[file.id];
    if (!state) return setSelection({ ...selection, [file.id]: 1 });
    if (state === 1) return setSelection({ ...selection, [file.id]: 2 });
    // Third click: ready to delete; declining keeps the file selected.
    if (window.confirm(DELETE_FILE_CONFIRM)) {
      void deleteFetcher.submit({ intent: "delete-file", fileId: file.id }, { method: "post" });
    }
  }

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
          <p className="muted small">Click a file twice to select it; a third click deletes it.</p>
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
                    <span className={`kind-badge kind-${file.kind}`}>{file.kind}</span>
                    <span className="file-main">
                      <span className="file-name">{displayName(file.fileName)}</span>
                      <span className="file-meta muted">
                        {formatBytes(file.size)} · <LocalTime value={file.createdAt} />
                        {file.accessType === "public-read" && <> · Public</>}
                        <ProbeState file={file} />
                      </span>
                    </span>
                    {deleting && <span className="deleting">Deleting...</span>}
                  </button>
                  <Link
                    to={`/bigfile/${file.id}`}
                    className="button open-link"
                    aria-label={`Open ${displayName(file.fileName)}`}
                  >
                    Open
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}

function ProbeState({ file }: { file: FileView }) {
  if (file.kind !== "audio" && file.kind !== "video") return null;
  switch (file.probeStatus) {
    case "queued":
    case "running":
      return <span className="probe"> · probing…</span>;
    case "done":
      return file.durationSeconds != null ? (
        <span className="probe"> · {formatDuration(file.durationSeconds)}</span>
      ) : null;
    case "failed":
      return <span className="probe error"> · {file.probeError || "Could not read the media details."}</span>;
    default:
      return null;
  }
}
