// The large file view (/bigfile/:fileId). Owners see everything: preview,
// details, slot position, download, delete and notes. Anyone with the link
// sees a public-read file's preview, name, dates and Download; anything else
// is 'No file data available'.
import { useEffect, useId, useState } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs, useFetcher, useNavigate } from "react-router";
import { Invalid, NotFound } from "../../worker/domain/errors";
import { addNote, deleteFile, deleteNote, fileView, setSlotPosition } from "../../worker/domain/files/files";
import { parse } from "../../worker/domain/validation";
import { Feedback, useFeedback } from "../components/Feedback";
import { LocalTime } from "../components/LocalTime";
import { PageError } from "../components/PageError";
import { requireUser, server } from "../lib/auth.server";
import { displayName, formatBytes, formatDuration } from "../lib/format";
import { type FormError, formFields } from "../lib/forms.server";
import { canGoBackInApp } from "../lib/history";
import { notFoundMessage } from "../lib/page-errors";
import { orNotFound, pageAction } from "../lib/page-errors.server";
import { NOTE_EMPTY, NOTE_MAX_LENGTH, noteSchema, slotPositionSchema } from "../lib/schemas/files";
import type { Route } from "./+types/file-view";
import { fileSummary } from "./files.server";
import "../styles/files.css";

const NO_FILE = "No file data available";
const FILE_DELETED = "File deleted successfully!";
const DELETE_FILE_CONFIRM = "Are you sure you want to delete this file?";
/** Read by the project page after going back (see routes/project.tsx). */
const FLASH_KEY = "cp-flash";
/** Text previews show the first 200 KB. */
const TEXT_PREVIEW_BYTES = 200 * 1024;

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.view ? displayName(loaderData.view.file.fileName) : "File";
  return [{ title: `${name} · Creator Platform` }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const view = await orNotFound(fileView(deps, user?.id ?? null, params.fileId), NO_FILE);
  const { file, owner } = view;
  return {
    view: {
      owner,
      previewUrl: view.previewUrl,
      sequencePosition: view.owner ? view.sequencePosition : null,
      notes: view.notes.map((note) => ({ id: note.id, text: note.text, createdAt: note.createdAt })),
      file: {
        ...fileSummary(file),
        contentType: file.contentType,
        frameRate: file.frameRate,
        resolution: file.resolution,
        // Only the owner needs these (Back to the project, the slot input).
        projectId: view.owner ? view.file.projectId : null,
        slotPosition: view.owner ? view.file.slotPosition : null,
      },
    },
  };
}

/** Runs one owner action; domain errors keep their message, anything else says `unexpected`. */
function attempt<I extends string, T extends object>(intent: I, run: () => Promise<T>, unexpected: string) {
  const echo = { intent };
  return pageAction(async () => ({ ...echo, ...(await run()) }), { echo, unexpected });
}

/** A NotFound from the domain, told with the seed's message for the action. */
function retell(message: string) {
  return (error: unknown): never => {
    if (error instanceof NotFound) throw new NotFound(message);
    throw error;
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const fields = formFields(await request.formData());
  const fileId = params.fileId;

  switch (fields.intent) {
    case "slot":
      return attempt(
        "slot",
        async () => {
          const { slotPosition } = parse(slotPositionSchema, { slotPosition: fields.slotPosition ?? "" });
          await setSlotPosition(deps, user.id, fileId, slotPosition).catch(retell("Required data missing"));
          return { slotPosition, message: "Slot position updated successfully!" };
        },
        "An error occurred while updating slot position",
      );
    case "add-note":
      return attempt(
        "add-note",
        async () => {
          const { note } = parse(noteSchema, { note: fields.note ?? "" });
          const saved = await addNote(deps, user.id, fileId, note).catch(retell("Failed to add note"));
          return { noteId: saved.id, message: "Note added successfully!" };
        },
        "An error occurred while adding the note",
      );
    case "delete-note":
      return attempt(
        "delete-note",
        async () => {
          const noteId = fields.noteId ?? "";
          if (!noteId) throw new Invalid("Required data missing for deleting note");
          await deleteNote(deps, user.id, fileId, noteId).catch(retell("Failed to delete note"));
          return { noteId, message: "Note deleted successfully!" };
        },
        "An error occurred while deleting the note",
      );
    case "delete-file":
      return attempt(
        "delete-file",
        async () => {
          const { projectId } = await deleteFile(deps, user.id, fileId).catch(
            retell("Required data missing for deletion"),
          );
          // Back to the file's project page (the page that lists it), which shows the message. A
          // redirect from the action lets React Router run that navigation itself.
          throw redirect(`/projects/${projectId}`);
        },
        "An error occurred while deleting the file",
      );
    default:
      throw data("Unknown form.", { status: 400 });
  }
}

/** After the file is deleted the page leaves; loading it again would only say it is gone. */
export function shouldRevalidate({ formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "delete-file" && actionResult && !("error" in actionResult)) return false;
  return defaultShouldRevalidate;
}

type View = Route.ComponentProps["loaderData"]["view"];
type FileView = View["file"];

/** Shows a fetcher's answer once, as feedback. */
function useResult(result: unknown, show: (text: string, error?: boolean) => void, onSuccess?: () => void) {
  useEffect(() => {
    if (!result || typeof result !== "object") return;
    const answer = result as { error?: FormError; message?: string };
    if (answer.error) show(answer.error.message, true);
    else if (answer.message) {
      show(answer.message);
      onSuccess?.();
    }
    // Only a new answer counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}

function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button back"
      onClick={() => {
        if (canGoBackInApp()) navigate(-1);
        else navigate(fallback);
      }}
    >
      ← Back
    </button>
  );
}

export default function BigFile({ loaderData }: Route.ComponentProps) {
  return <FileScreen view={loaderData.view} />;
}

/** Missing, private to someone else, or just deleted: 'No file data available' (404). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = notFoundMessage(error);
  if (message == null) return <PageError error={error} />;
  return (
    <section className="card narrow bigfile">
      <BackButton fallback="/authenticated" />
      <p className="empty-state">{message}</p>
    </section>
  );
}

function FileScreen({ view }: { view: View }) {
  const { file, owner } = view;
  const [feedback, showFeedback] = useFeedback();
  const back = file.projectId ? `/projects/${file.projectId}` : "/";
  return (
    <div className="files-page bigfile">
      <section className="card">
        <div className="page-heading">
          <BackButton fallback={back} />
        </div>
        <h1 className="bigfile-name">{displayName(file.fileName)}</h1>
        <Preview file={file} url={view.previewUrl} />
        <Details view={view} />
        <Feedback feedback={feedback} />
        <div className="actions file-actions">
          <DownloadButton fileId={file.id} onMessage={showFeedback} />
          {owner && <DeleteFileButton file={file} onMessage={showFeedback} />}
        </div>
        {owner && <SlotForm file={file} onMessage={showFeedback} />}
      </section>
      {owner && <Notes notes={view.notes} />}
    </div>
  );
}

// ── preview ─────────────────────────────────────────────────────────────────

function Preview({ file, url }: { file: FileView; url: string }) {
  const name = displayName(file.fileName);
  switch (file.kind) {
    case "image":
      return (
        <div className="preview">
          <img src={url} alt={name} />
        </div>
      );
    case "video":
      return (
        <div className="preview">
          <video controls preload="metadata" src={url}>
            <a href={url}>Open {name}</a>
          </video>
        </div>
      );
    case "audio":
      return (
        <div className="preview audio">
          <audio controls preload="metadata" src={url}>
            <a href={url}>Open {name}</a>
          </audio>
        </div>
      );
    case "pdf":
      return (
        <div className="preview pdf">
          <iframe src={url} title={name} />
        </div>
      );
    case "text":
      return <TextPreview url={url} name={name} />;
    default:
      return (
        <p className="preview other">
          <a href={url} target="_blank" rel="noreferrer">
            Open {name}
          </a>
        </p>
      );
  }
}

/** The first 200 KB of a text file, read in the browser (a stream, cut off there). */
function TextPreview({ url, name }: { url: string; name: string }) {
  const [state, setState] = useState<{ text: string; truncated: boolean } | { error: true } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    (async () => {
      const response = await fetch(url, { signal: abort.signal });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let received = 0;
      let truncated = false;
      while (received < TEXT_PREVIEW_BYTES) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
      }
      if (received >= TEXT_PREVIEW_BYTES) {
        truncated = true;
        await reader.cancel().catch(() => {});
      }
      const bytes = new Uint8Array(Math.min(received, TEXT_PREVIEW_BYTES));
      let offset = 0;
      for (const chunk of chunks) {
        const part = chunk.subarray(0, bytes.length - offset);
        bytes.set(part, offset);
        offset += part.length;
        if (offset >= bytes.length) break;
      }
      setState({ text: new TextDecoder().decode(bytes), truncated: truncated || false });
    })().catch((error: unknown) => {
      if (!abort.signal.aborted) {
        console.error(error);
        setState({ error: true });
      }
    });
    return () => abort.abort();
  }, [url]);

  if (!state) return <p className="muted preview">Loading...</p>;
  if ("error" in state) {
    return (
      <p className="preview">
        The preview could not be loaded.{" "}
        <a href={url} target="_blank" rel="noreferrer">
          Open {name}
        </a>
      </p>
    );
  }
  return (
    <div className="preview text">
      <pre>{state.text}</pre>
      {state.truncated && <p className="muted small">Showing the first 200 KB.</p>}
    </div>
  );
}

// ── details ─────────────────────────────────────────────────────────────────

function Details({ view }: { view: View }) {
  const { file } = view;
  const media = file.kind === "audio" || file.kind === "video";
  const probing = file.probeStatus === "queued" || file.probeStatus === "running";
  return (
    <dl className="details">
      <dt>Created</dt>
      <dd>
        <LocalTime value={file.createdAt} />
      </dd>
      <dt>Size</dt>
      <dd>{formatBytes(file.size)}</dd>
      <dt>Type</dt>
      <dd>{file.kind}</dd>
      {view.owner && (
        <>
          <dt>Sequence position</dt>
          <dd>{view.sequencePosition}</dd>
          <dt>Access</dt>
          <dd>{file.accessType === "public-read" ? "Public" : "Private"}</dd>
        </>
      )}
      {media && probing && (
        <>
          <dt>Media details</dt>
          <dd>probing…</dd>
        </>
      )}
      {media && file.probeStatus === "failed" && (
        <>
          <dt>Media details</dt>
          <dd className="error">{file.probeError || "Could not read the media details."}</dd>
        </>
      )}
      {media && file.probeStatus === "done" && (
        <>
          {file.durationSeconds != null && (
            <>
              <dt>Duration</dt>
              <dd>{formatDuration(file.durationSeconds)}</dd>
            </>
          )}
          {file.frameRate != null && (
            <>
              <dt>Frame rate</dt>
              <dd>{Number(file.frameRate.toFixed(3))} fps</dd>
            </>
          )}
          {file.resolution && (
            <>
              <dt>Resolution</dt>
              <dd>{file.resolution}</dd>
            </>
          )}
        </>
      )}
    </dl>
  );
}

// ── owner and visitor actions ───────────────────────────────────────────────

function DownloadButton({ fileId, onMessage }: { fileId: string; onMessage: (text: string, error?: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const response = await fetch(`/api/files/${encodeURIComponent(fileId)}/download`, {
        method: "POST",
        credentials: "same-origin",
      });
      const body = (await response.json().catch(() => null)) as { url?: string } | null;
      if (!response.ok || !body?.url) {
        onMessage("Failed to generate download link", true);
        return;
      }
      // The signed URL answers with Content-Disposition: attachment, so the page stays.
      window.location.assign(body.url);
    } catch (error) {
      console.error(error);
      onMessage("An error occurred while downloading the file", true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button primary" disabled={busy} onClick={() => void download()}>
      {busy ? "Downloading..." : "Download File"}
    </button>
  );
}

/** The message the next page shows (the project page reads it once). */
function flash(message: string | null) {
  try {
    if (message) sessionStorage.setItem(FLASH_KEY, message);
    else sessionStorage.removeItem(FLASH_KEY);
  } catch {}
}

function DeleteFileButton({ file, onMessage }: { file: FileView; onMessage: (text: string, error?: boolean) => void }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  // On success the action redirects to the project page, which shows the flash; on failure it stays here.
  useResult(fetcher.data, (text, error) => {
    if (error) flash(null);
    onMessage(text, error);
  });
  return (
    <button
      type="button"
      className="button danger"
      disabled={busy}
      onClick={() => {
        if (!window.confirm(DELETE_FILE_CONFIRM)) return;
        flash(FILE_DELETED);
        void fetcher.submit({ intent: "delete-file" }, { method: "post" });
      }}
    >
      {busy ? "Deleting..." : "Delete File"}
    </button>
  );
}

function SlotForm({ file, onMessage }: { file: FileView; onMessage: (text: string, error?: boolean) => void }) {
  const fetcher = useFetcher<typeof action>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  useResult(fetcher.data, onMessage);
  return (
    <fetcher.Form method="post" className="slot-form">
      <input type="hidden" name="intent" value="slot" />
      <label htmlFor={id}>Slot position</label>
      <input
        id={id}
        name="slotPosition"
        maxLength={1}
        size={2}
        defaultValue={file.slotPosition ?? ""}
        autoComplete="off"
        inputMode="text"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          event.target.value = event.target.value.toLowerCase();
        }}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Saving..." : "Save Slot Position"}
      </button>
      <span id={`${id}-hint`} className="muted small">
        One letter, a to z.
      </span>
    </fetcher.Form>
  );
}

// ── notes ───────────────────────────────────────────────────────────────────

type NoteView = View["notes"][number];

function Notes({ notes }: { notes: NoteView[] }) {
  const [open, setOpen] = useState(false);
  const [feedback, showFeedback] = useFeedback();
  const panelId = useId();
  return (
    <section className="card notes">
      <h2>
        <button
          type="button"
          className="collapse-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden className="chevron">
            {open ? "▾" : "▸"}
          </span>{" "}
          Notes <span className="muted">({notes.length})</span>
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        <Feedback feedback={feedback} />
        {notes.length === 0 ? (
          <p className="muted">No notes yet.</p>
        ) : (
          <ul className="note-list">
            {notes.map((note) => (
              <NoteItem key={note.id} note={note} onMessage={showFeedback} />
            ))}
          </ul>
        )}
        <AddNote onMessage={showFeedback} />
      </div>
    </section>
  );
}

function NoteItem({ note, onMessage }: { note: NoteView; onMessage: (text: string, error?: boolean) => void }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  useResult(fetcher.data, onMessage);
  return (
    <li className="note">
      <p className="note-text">{note.text}</p>
      <div className="note-footer">
        <span className="muted small">
          <LocalTime value={note.createdAt} />
        </span>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete-note" />
          <input type="hidden" name="noteId" value={note.id} />
          <button type="submit" className="button small" disabled={busy}>
            {busy ? "Deleting..." : "Delete"}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

function AddNote({ onMessage }: { onMessage: (text: string, error?: boolean) => void }) {
  const fetcher = useFetcher<typeof action>();
  const [text, setText] = useState("");
  const id = useId();
  const busy = fetcher.state !== "idle";
  useResult(fetcher.data, onMessage, () => setText(""));
  return (
    <fetcher.Form
      method="post"
      className="form add-note"
      onSubmit={(event) => {
        if (!text.trim()) {
          event.preventDefault();
          onMessage(NOTE_EMPTY, true);
        }
      }}
    >
      <input type="hidden" name="intent" value="add-note" />
      <label htmlFor={id}>Add a note</label>
      <textarea
        id={id}
        name="note"
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-count`}
      />
      <div className="note-controls">
        <span id={`${id}-count`} className="muted small">
          {text.length}/{NOTE_MAX_LENGTH}
        </span>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Adding Note..." : "Add Note"}
        </button>
      </div>
    </fetcher.Form>
  );
}
