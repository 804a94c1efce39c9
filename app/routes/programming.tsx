// Programming (/programming, seed 000 §2, §4, §5): create a program (title,
// access type, optional schedule and the playlists it then applies to, and
// its audio or video files with slot letters), the member's programs as a
// drag-reorderable list (saved when the drag ends), each expandable with its
// files sorted by slot letter, editable letters and deletes; and a playlist
// picker to preview and apply a program to playlists (spot replacement).
import {
  type Dispatch,
  type FormEvent,
  type SetStateAction,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { data, useFetcher, useRevalidator } from "react-router";
import { Invalid } from "../../worker/domain/errors";
import { listPlaylists } from "../../worker/domain/playlists/playlists";
import { applyProgram, type PlaylistPlan, previewApply } from "../../worker/domain/programs/applications";
import {
  createProgram,
  deleteProgram,
  deleteProgramFile,
  listPrograms,
  reorderPrograms,
  setProgramFileSlot,
} from "../../worker/domain/programs/programs";
import { parse } from "../../worker/domain/validation";
import { Feedback, type ShowFeedback, useAnswer, useFeedback } from "../components/Feedback";
import { LocalTime } from "../components/LocalTime";
import { PickerActions } from "../components/playlists/PickerActions";
import { SlotPreview } from "../components/playlists/SlotPreview";
import { SlotInput } from "../components/SlotInput";
import { DragHandle, SortableList, useLocalOrder, useSortableRow } from "../components/SortableList";
import { requireUser, server } from "../lib/auth.server";
import { displayName, formatDuration, slotDuration } from "../lib/format";
import { formAction, formFields, formList } from "../lib/forms.server";
import { kindOfFile, type MediaKind } from "../lib/media-kind";
import {
  NO_PROGRAM_SELECTED,
  ONLY_AUDIO_OR_VIDEO,
  PROGRAM_SLOT_INVALID,
  PROGRAM_SLOT_TAKEN,
  PROGRAM_TITLE_REQUIRED,
  programOnlyAccepts,
  programOrderSchema,
  programSchema,
  programSlotSchema,
} from "../lib/schemas/playlists";
import { uploadFile } from "../lib/upload-client";
import type { Route } from "./+types/programming";
import "../styles/files.css";
import "../styles/playlists.css";

export const MUST_UPLOAD_ONE = "You must upload at least one audio or video file.";
export const ADD_FILE_FIRST = "You must add a file before adding more slots.";
export const DUPLICATE_SLOT = "Duplicate slot position detected.";
export const SELECT_PLAYLISTS_TO_APPLY = "No playlists selected. Please select at least one playlist.";
const PROGRAM_CREATED = "Program created.";
const PROGRAM_DELETED = "Program deleted.";
const ORDER_SAVED = "Program order saved.";
const DELETE_PROGRAM_CONFIRM = "Are you sure you want to delete this program and its files?";
const DELETE_FILE_CONFIRM = "Are you sure you want to delete this file?";
const PREVIEW_SECONDS = 60 * 60;

export function meta() {
  return [{ title: "Programming · Creator Platform" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const [programs, playlists] = await Promise.all([listPrograms(deps, user.id), listPlaylists(deps, user.id)]);
  const sign = async (key: string, contentType: string) =>
    (await deps.storage.signer.signGet({ key, contentType }, PREVIEW_SECONDS)).url;
  return {
    programs: await Promise.all(
      programs.map(async (program) => ({
        id: program.id,
        title: program.title,
        mediaType: program.mediaType,
        accessType: program.accessType,
        startsAt: program.startsAt,
        endsAt: program.endsAt,
        scheduleState: program.scheduleState,
        schedulePlaylistIds: program.schedulePlaylistIds,
        files: await Promise.all(
          program.files.map(async (file) => ({
            id: file.id,
            fileName: file.fileName,
            slotPosition: file.slotPosition,
            contentType: file.contentType,
            durationSeconds: file.durationSeconds,
            probeStatus: file.probeStatus,
            previewUrl: await sign(file.key, file.contentType),
          })),
        ),
      })),
    ),
    playlists: playlists.map((playlist) => ({
      id: playlist.id,
      projectId: playlist.projectId,
      projectTitle: playlist.projectTitle,
      mediaType: playlist.mediaType,
      itemCount: playlist.items.length,
      totalSeconds: playlist.totalSeconds,
      slots: playlist.items.map((item) => item.slotPosition).filter((slot): slot is string => Boolean(slot)),
    })),
  };
}

/** The program and playlists of an apply or preview, with the seed's messages when missing. */
function applyTarget(form: FormData) {
  const programId = (form.get("programId") as string | null) ?? "";
  if (!programId) throw new Invalid(NO_PROGRAM_SELECTED);
  const playlistIds = formList(form, "playlistId");
  if (playlistIds.length === 0) throw new Invalid(SELECT_PLAYLISTS_TO_APPLY);
  return { programId, playlistIds };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const form = await request.formData();
  const fields = formFields(form);

  switch (fields.intent) {
    case "create-program": {
      const echo = { intent: "create-program" as const };
      return formAction(async () => {
        const input = parse(programSchema, {
          title: fields.title ?? "",
          accessType: fields.accessType || undefined,
          startsAt: fields.startsAt || undefined,
          endsAt: fields.endsAt || undefined,
          playlistIds: formList(form, "playlistId"),
        });
        const program = await createProgram(deps, user.id, input);
        return { ...echo, programId: program.id, message: PROGRAM_CREATED };
      }, echo);
    }
    case "reorder-programs": {
      const echo = { intent: "reorder-programs" as const };
      return formAction(async () => {
        const { programIds } = parse(programOrderSchema, { programIds: formList(form, "programId") });
        await reorderPrograms(deps, user.id, programIds);
        return { ...echo, message: ORDER_SAVED };
      }, echo);
    }
    case "program-slot": {
      const echo = { intent: "program-slot" as const, fileId: fields.fileId ?? "" };
      return formAction(async () => {
        const { slotPosition } = parse(programSlotSchema, { slotPosition: fields.slotPosition ?? "" });
        await setProgramFileSlot(deps, user.id, echo.fileId, slotPosition);
        return { ...echo, slotPosition, message: "Slot position updated successfully!" };
      }, echo);
    }
    case "delete-program-file": {
      const echo = { intent: "delete-program-file" as const, fileId: fields.fileId ?? "" };
      return formAction(
        async () => ({ ...echo, message: (await deleteProgramFile(deps, user.id, echo.fileId)).message }),
        echo,
      );
    }
    case "delete-program": {
      const echo = { intent: "delete-program" as const, programId: fields.programId ?? "" };
      return formAction(async () => {
        await deleteProgram(deps, user.id, echo.programId);
        return { ...echo, message: PROGRAM_DELETED };
      }, echo);
    }
    case "preview-apply": {
      const echo = { intent: "preview-apply" as const };
      return formAction(async () => {
        const { programId, playlistIds } = applyTarget(form);
        return { ...echo, programId, plans: await previewApply(deps, user.id, programId, playlistIds) };
      }, echo);
    }
    case "apply-program": {
      const echo = { intent: "apply-program" as const };
      return formAction(async () => {
        const { programId, playlistIds } = applyTarget(form);
        const result = await applyProgram(deps, user.id, programId, playlistIds);
        return {
          ...echo,
          success: result.success,
          message: result.message,
          refused: result.refused,
          applied: result.applications.length,
        };
      }, echo);
    }
    default:
      throw data("Unknown form.", { status: 400 });
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type ProgramView = LoaderData["programs"][number];
type ProgramFileView = ProgramView["files"][number];
type PlaylistOption = LoaderData["playlists"][number];

interface Answer {
  intent?: string;
  message?: string;
  programId?: string;
  plans?: PlaylistPlan[];
  refused?: { playlistId: string; projectTitle: string; message: string }[];
  success?: boolean;
  error?: { code: string; message: string; fields?: Record<string, string[]> };
}

export default function Programming({ loaderData }: Route.ComponentProps) {
  const { programs, playlists } = loaderData;
  const withFiles = playlists.filter((playlist) => playlist.itemCount > 0);
  return (
    <div className="files-page programming">
      <section className="card">
        <h1>Programming</h1>
        <p className="muted">
          A program is a set of audio or video files with slot letters. Applying it to playlists puts each file into the
          playlist slot with the same letter (or appends it there), so an expired spot is replaced in every episode at
          once.
        </p>
        <CreateProgram playlists={withFiles} />
      </section>
      <section className="card" aria-labelledby="programs-heading">
        <ProgramList programs={programs} playlists={playlists} />
      </section>
      <section className="card" aria-labelledby="apply-heading">
        <ApplyProgram programs={programs} playlists={withFiles} />
      </section>
    </div>
  );
}

// ── file rows: a slot letter and a file each ────────────────────────────────

interface FileRow {
  id: string;
  file: File | null;
  slotPosition: string;
  error: string | null;
  state: "idle" | "uploading" | "done" | "failed";
  fraction: number;
}

let rowCounter = 0;
const newRow = (slotPosition = ""): FileRow => ({
  id: `row-${++rowCounter}`,
  file: null,
  slotPosition,
  error: null,
  state: "idle",
  fraction: 0,
});

/** The first letter a..z not in `taken`. */
function nextFreeLetter(taken: Iterable<string>) {
  const used = new Set(taken);
  for (let code = 97; code <= 122; code++) if (!used.has(String.fromCharCode(code))) return String.fromCharCode(code);
  return "";
}

/** The kind a set of rows is held to: the program's, else the first chosen file's. */
function rowsKind(rows: FileRow[], programKind: MediaKind | null): MediaKind | null {
  if (programKind) return programKind;
  for (const row of rows) if (row.file && kindOfFile(row.file)) return kindOfFile(row.file);
  return null;
}

function fileError(file: File, kind: MediaKind | null): string | null {
  const own = kindOfFile(file);
  if (!own) return ONLY_AUDIO_OR_VIDEO;
  if (kind && own !== kind) return programOnlyAccepts(kind);
  return null;
}

/** Seed 000 §5 checks before a program upload; marks each row's error and returns the first problem. */
function checkRows(
  rows: FileRow[],
  programKind: MediaKind | null,
  taken: Set<string>,
): { rows: FileRow[]; problem: string | null } {
  const filled = rows.filter((row) => row.file && row.state !== "done");
  if (filled.length === 0) return { rows, problem: MUST_UPLOAD_ONE };
  const kind = rowsKind(rows, programKind);
  const counts = new Map<string, number>();
  for (const row of filled) counts.set(row.slotPosition, (counts.get(row.slotPosition) ?? 0) + 1);
  const checked = rows.map((row) => {
    if (!row.file || row.state === "done") return { ...row, error: null };
    const error =
      fileError(row.file, kind) ??
      (!/^[a-z]$/.test(row.slotPosition)
        ? PROGRAM_SLOT_INVALID
        : taken.has(row.slotPosition)
          ? PROGRAM_SLOT_TAKEN
          : (counts.get(row.slotPosition) ?? 0) > 1
            ? DUPLICATE_SLOT
            : null);
    return { ...row, error };
  });
  return { rows: checked, problem: checked.find((row) => row.error)?.error ?? null };
}

/** Uploads the rows' files into the program one after another; returns how many failed. */
async function uploadRows(
  rows: FileRow[],
  programId: string,
  accessType: string,
  update: (id: string, change: Partial<FileRow>) => void,
) {
  let failures = 0;
  for (const row of rows) {
    if (!row.file || row.state === "done") continue;
    update(row.id, { state: "uploading", fraction: 0, error: null });
    try {
      await uploadFile(
        row.file,
        {
          purpose: "program-file",
          programId,
          slotPosition: row.slotPosition,
          accessType: accessType === "public-read" ? "public-read" : "private",
        },
        { onProgress: (fraction) => update(row.id, { fraction }) },
      );
      update(row.id, { state: "done", fraction: 1 });
    } catch (error) {
      failures++;
      update(row.id, { state: "failed", error: error instanceof Error ? error.message : String(error) });
    }
  }
  return failures;
}

function FileRows({
  rows,
  setRows,
  programKind,
  taken,
  disabled,
  onMessage,
  label,
}: {
  rows: FileRow[];
  setRows: Dispatch<SetStateAction<FileRow[]>>;
  programKind: MediaKind | null;
  taken: Set<string>;
  disabled: boolean;
  onMessage: ShowFeedback;
  label: string;
}) {
  const update = (id: string, change: Partial<FileRow>) =>
    setRows((list) => list.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const kind = rowsKind(rows, programKind);
  return (
    <div className="file-rows">
      <ul className="draft-slots" aria-label={label}>
        {rows.map((row, index) => (
          <li key={row.id} className={`draft-slot${row.file ? " colour-green" : ""}${row.error ? " has-error" : ""}`}>
            <span className="draft-number" aria-hidden>
              {index + 1}
            </span>
            <label className="draft-letter">
              <span className="visually-hidden">Slot letter {index + 1}</span>
              <input
                value={row.slotPosition}
                maxLength={1}
                size={1}
                placeholder="–"
                autoComplete="off"
                disabled={disabled}
                onChange={(event) => {
                  const letter = event.target.value.trim().toLowerCase();
                  update(row.id, {
                    slotPosition: letter,
                    error: letter && !/^[a-z]$/.test(letter) ? PROGRAM_SLOT_INVALID : null,
                  });
                }}
              />
            </label>
            <span className="draft-file">
              {row.file ? (
                <span className="draft-name">{row.file.name}</span>
              ) : (
                <span className="muted small">No file yet</span>
              )}
              <label className={`button small${disabled ? " disabled" : ""}`}>
                {row.file ? "Change file" : "Choose file"}
                <span className="visually-hidden"> for slot {index + 1}</span>
                <input
                  type="file"
                  accept="audio/*,video/*"
                  className="visually-hidden"
                  disabled={disabled}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = "";
                    if (!file) return;
                    const others = rows.filter((other) => other.id !== row.id);
                    const error = fileError(file, rowsKind(others, programKind));
                    if (error) return update(row.id, { error });
                    update(row.id, { file, error: null, state: "idle", fraction: 0 });
                  }}
                />
              </label>
            </span>
            {(row.state === "uploading" || row.fraction > 0) && (
              <progress
                max={100}
                value={Math.round(row.fraction * 100)}
                aria-label={`${row.file?.name ?? "file"} upload progress`}
              />
            )}
            {!disabled && rows.length > 1 && (
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove slot ${index + 1}`}
                onClick={() => setRows((list) => list.filter((other) => other.id !== row.id))}
              >
                ×
              </button>
            )}
            {row.error && (
              <p className="error small draft-error" role="alert">
                {row.state === "failed" && row.file ? `Failed to upload file: ${row.file.name} — ` : ""}
                {row.error}
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className="row-controls">
        <button
          type="button"
          className="button small"
          disabled={disabled}
          onClick={() => {
            if (rows.some((row) => !row.file)) return onMessage(ADD_FILE_FIRST, true);
            setRows((list) => [...list, newRow(nextFreeLetter([...taken, ...list.map((row) => row.slotPosition)]))]);
          }}
        >
          Add slot
        </button>
        {kind && <span className="muted small">This program takes {kind} files.</span>}
      </div>
    </div>
  );
}

// ── creating a program ──────────────────────────────────────────────────────

function CreateProgram({ playlists }: { playlists: PlaylistOption[] }) {
  const id = useId();
  const fetcher = useFetcher<Answer>();
  const revalidator = useRevalidator();
  const [feedback, showFeedback] = useFeedback();
  const [title, setTitle] = useState("");
  const [accessType, setAccessType] = useState("private");
  const [startsAt, setStartsAt] = useState("");
  const [endsAt, setEndsAt] = useState("");
  const [targets, setTargets] = useState<string[]>([]);
  const [rows, setRows] = useState<FileRow[]>(() => [newRow("a")]);
  const [uploading, setUploading] = useState(false);
  const submitting = fetcher.state !== "idle";
  const busy = submitting || uploading;
  const scheduled = Boolean(startsAt || endsAt);
  const pending = useRef<FileRow[]>([]);

  const update = useCallback((rowId: string, change: Partial<FileRow>) => {
    setRows((list) => list.map((row) => (row.id === rowId ? { ...row, ...change } : row)));
  }, []);

  // Once the program exists, its files go up.
  const answer = fetcher.data;
  const seen = useRef<Answer | undefined>(undefined);
  useEffect(() => {
    if (!answer || seen.current === answer) return;
    seen.current = answer;
    if (answer.error || !answer.programId)
      return showFeedback(answer.error?.message ?? "An unexpected error occurred. Please try again.", true);
    const programId = answer.programId;
    setUploading(true);
    void (async () => {
      const failures = await uploadRows(pending.current, programId, accessType, update);
      setUploading(false);
      await revalidator.revalidate();
      if (failures === 0) {
        showFeedback("Program created and its files uploaded.");
        setTitle("");
        setStartsAt("");
        setEndsAt("");
        setTargets([]);
        setRows([newRow("a")]);
      } else {
        showFeedback(
          `The program was created, but ${failures} ${failures === 1 ? "file" : "files"} failed to upload. Add them from the program's details.`,
          true,
        );
        setRows((list) => list.filter((row) => row.state !== "done"));
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!title.trim()) return showFeedback(PROGRAM_TITLE_REQUIRED, true);
    const { rows: checked, problem } = checkRows(rows, null, new Set());
    setRows(checked);
    if (problem) return showFeedback(problem, true);
    if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt))
      return showFeedback("The end must be after the start.", true);
    if (scheduled && targets.length === 0)
      return showFeedback("A scheduled program needs at least one playlist.", true);
    pending.current = checked;
    const form = new FormData();
    form.set("intent", "create-program");
    form.set("title", title);
    form.set("accessType", accessType);
    // datetime-local is the browser's local time; the server takes an instant.
    if (startsAt) form.set("startsAt", new Date(startsAt).toISOString());
    if (endsAt) form.set("endsAt", new Date(endsAt).toISOString());
    if (scheduled) for (const playlistId of targets) form.append("playlistId", playlistId);
    void fetcher.submit(form, { method: "post" });
  }

  return (
    <form className="form create-program" onSubmit={submit} noValidate>
      <h2>New program</h2>
      <div className="form-grid">
        <label>
          Program title
          <input
            name="title"
            value={title}
            maxLength={100}
            onChange={(event) => setTitle(event.target.value)}
            disabled={busy}
          />
        </label>
        <label>
          Access type
          <select value={accessType} onChange={(event) => setAccessType(event.target.value)} disabled={busy}>
            <option value="private">Private</option>
            <option value="public-read">Public</option>
          </select>
        </label>
        <label>
          Starts (optional)
          <input
            type="datetime-local"
            value={startsAt}
            onChange={(event) => setStartsAt(event.target.value)}
            disabled={busy}
          />
        </label>
        <label>
          Ends (optional)
          <input
            type="datetime-local"
            value={endsAt}
            onChange={(event) => setEndsAt(event.target.value)}
            disabled={busy}
          />
        </label>
      </div>
      {scheduled && (
        <fieldset className="playlist-picker">
          <legend>Playlists it applies to when scheduled</legend>
          {playlists.length === 0 ? (
            <p className="muted small">No playlists with files yet.</p>
          ) : (
            playlists.map((playlist) => (
              <label key={playlist.id} className="inline">
                <input
                  type="checkbox"
                  checked={targets.includes(playlist.id)}
                  disabled={busy}
                  onChange={(event) =>
                    setTargets((list) =>
                      event.target.checked ? [...list, playlist.id] : list.filter((other) => other !== playlist.id),
                    )
                  }
                />
                {displayName(playlist.projectTitle)}
              </label>
            ))
          )}
        </fieldset>
      )}
      <div>
        <h3 id={`${id}-files`}>Files and slot letters</h3>
        <FileRows
          rows={rows}
          setRows={setRows}
          programKind={null}
          taken={new Set()}
          disabled={busy}
          onMessage={showFeedback}
          label="Program files"
        />
      </div>
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy}>
          {submitting ? "Submitting..." : uploading ? "Uploading..." : "Create Program"}
        </button>
      </div>
      <Feedback feedback={feedback} />
    </form>
  );
}

// ── the program list ────────────────────────────────────────────────────────

function ProgramList({ programs, playlists }: { programs: ProgramView[]; playlists: PlaylistOption[] }) {
  const [feedback, showFeedback] = useFeedback();
  const orderFetcher = useFetcher<Answer>();
  useAnswer(orderFetcher.data, showFeedback);
  const [order, setOrder] = useLocalOrder(programs.map((program) => program.id));
  const byId = new Map(programs.map((program) => [program.id, program]));
  const ordered = order.map((id) => byId.get(id)).filter((program): program is ProgramView => Boolean(program));
  const titles = new Map(playlists.map((playlist) => [playlist.id, displayName(playlist.projectTitle)]));

  // Program order is saved as soon as the drag ends (seed 000 §4).
  function reorder(next: string[]) {
    setOrder(next);
    const form = new FormData();
    form.set("intent", "reorder-programs");
    for (const id of next) form.append("programId", id);
    void orderFetcher.submit(form, { method: "post" });
  }

  return (
    <>
      <div className="section-heading">
        <h2 id="programs-heading">Programs</h2>
        {orderFetcher.state !== "idle" && <span className="muted small">Saving order...</span>}
      </div>
      <Feedback feedback={feedback} />
      {ordered.length === 0 ? (
        <p className="empty-state">No programs yet. Create one above.</p>
      ) : (
        <SortableList
          ids={ordered.map((program) => program.id)}
          list="ul"
          className="program-list"
          onReorder={reorder}
          hint={
            <>
              Drag a program by its handle to reorder (or focus the handle, press Space, use the arrow keys and Space
              again); the order is saved when you drop it.
            </>
          }
        >
          {ordered.map((program) => (
            <ProgramCard key={program.id} program={program} playlistTitles={titles} onMessage={showFeedback} />
          ))}
        </SortableList>
      )}
    </>
  );
}

function scheduleLabel(state: string) {
  return state === "pending" ? "pending" : state === "applied" ? "applied" : state === "ended" ? "ended" : null;
}

function ProgramCard({
  program,
  playlistTitles,
  onMessage,
}: {
  program: ProgramView;
  playlistTitles: Map<string, string>;
  onMessage: ShowFeedback;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const row = useSortableRow(program.id);
  const deleteFetcher = useFetcher<Answer>();
  const deleting = deleteFetcher.state !== "idle";
  useAnswer(deleteFetcher.data, onMessage);
  const state = scheduleLabel(program.scheduleState);
  const title = displayName(program.title);
  return (
    <li
      ref={row.ref}
      style={row.style}
      className={`program-card${row.isDragging ? " dragging" : ""}`}
      data-program-id={program.id}
    >
      <div className="program-head">
        <DragHandle handle={row.handle} label={`Move program ${title}`} />
        <button
          type="button"
          className="collapse-toggle program-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden className="chevron">
            {open ? "▾" : "▸"}
          </span>{" "}
          <span className="program-title">{title}</span>
        </button>
        <span className="program-badges">
          {program.mediaType && <span className={`kind-badge kind-${program.mediaType}`}>{program.mediaType}</span>}
          <span className="muted small">
            {program.files.length} {program.files.length === 1 ? "file" : "files"}
          </span>
          {program.accessType === "public-read" && <span className="muted small">Public</span>}
          {state && <span className={`schedule-state state-${state}`}>{state}</span>}
        </span>
      </div>
      {(program.startsAt || program.endsAt) && (
        <p className="schedule small">
          Scheduled
          {program.startsAt && (
            <>
              {" "}
              from <LocalTime value={program.startsAt} />
            </>
          )}
          {program.endsAt && (
            <>
              {" "}
              until <LocalTime value={program.endsAt} />
            </>
          )}
          {program.schedulePlaylistIds.length > 0 && (
            <>
              {" "}
              · on {program.schedulePlaylistIds.map((id) => playlistTitles.get(id) ?? "a deleted playlist").join(", ")}
            </>
          )}
        </p>
      )}
      <div id={panelId} hidden={!open} className="program-details">
        {program.files.length === 0 ? (
          <p className="muted small">No files yet.</p>
        ) : (
          <ul className="program-files">
            {program.files.map((file) => (
              <ProgramFileRow key={file.id} file={file} mediaType={program.mediaType} onMessage={onMessage} />
            ))}
          </ul>
        )}
        <AddProgramFiles program={program} onMessage={onMessage} />
        <div className="actions program-actions">
          <button
            type="button"
            className="button danger small"
            disabled={deleting}
            onClick={() => {
              if (window.confirm(DELETE_PROGRAM_CONFIRM))
                void deleteFetcher.submit({ intent: "delete-program", programId: program.id }, { method: "post" });
            }}
          >
            {deleting ? "Deleting..." : "Delete program"}
          </button>
        </div>
      </div>
    </li>
  );
}

function ProgramFileRow({
  file,
  mediaType,
  onMessage,
}: {
  file: ProgramFileView;
  mediaType: MediaKind | null;
  onMessage: ShowFeedback;
}) {
  const deleteFetcher = useFetcher<Answer>();
  const deleting = deleteFetcher.state !== "idle";
  useAnswer(deleteFetcher.data, onMessage);
  const name = displayName(file.fileName);
  return (
    <li className="program-file">
      <SlotInput
        name={name}
        letter={file.slotPosition}
        required
        invalidMessage={PROGRAM_SLOT_INVALID}
        fields={{ intent: "program-slot", fileId: file.id }}
      />
      <div className="slot-main">
        <span className="slot-name">{name}</span>
        <span className="muted small">{slotDuration(file.durationSeconds, file.probeStatus)}</span>
      </div>
      <SlotPreview
        url={file.previewUrl}
        name={name}
        audio={mediaType === "audio" || file.contentType.startsWith("audio/")}
      />
      <button
        type="button"
        className="button small danger"
        disabled={deleting}
        onClick={() => {
          if (window.confirm(DELETE_FILE_CONFIRM))
            void deleteFetcher.submit({ intent: "delete-program-file", fileId: file.id }, { method: "post" });
        }}
      >
        {deleting ? "Deleting..." : "Delete"}
      </button>
    </li>
  );
}

function AddProgramFiles({ program, onMessage }: { program: ProgramView; onMessage: ShowFeedback }) {
  const revalidator = useRevalidator();
  const taken = useMemo(() => new Set(program.files.map((file) => file.slotPosition)), [program.files]);
  const [rows, setRows] = useState<FileRow[]>(() => [newRow(nextFreeLetter(taken))]);
  const [busy, setBusy] = useState(false);
  const update = useCallback((rowId: string, change: Partial<FileRow>) => {
    setRows((list) => list.map((row) => (row.id === rowId ? { ...row, ...change } : row)));
  }, []);

  async function upload() {
    if (busy) return;
    const { rows: checked, problem } = checkRows(rows, program.mediaType, taken);
    setRows(checked);
    if (problem) return onMessage(problem, true);
    setBusy(true);
    const failures = await uploadRows(checked, program.id, program.accessType, update);
    setBusy(false);
    await revalidator.revalidate();
    if (failures === 0) {
      onMessage("File added successfully!");
      setRows([newRow()]);
    } else {
      onMessage(`Failed to upload ${failures} ${failures === 1 ? "file" : "files"}.`, true);
      setRows((list) => list.filter((row) => row.state !== "done"));
    }
  }

  return (
    <div className="add-program-files">
      <h3>Add files</h3>
      <FileRows
        rows={rows}
        setRows={setRows}
        programKind={program.mediaType}
        taken={taken}
        disabled={busy}
        onMessage={onMessage}
        label={`New files for ${displayName(program.title)}`}
      />
      <button type="button" className="button primary small" disabled={busy} onClick={() => void upload()}>
        {busy ? "Uploading..." : "Upload files"}
      </button>
    </div>
  );
}

// ── applying a program to playlists ─────────────────────────────────────────

function ApplyProgram({ programs, playlists }: { programs: ProgramView[]; playlists: PlaylistOption[] }) {
  const id = useId();
  const [programId, setProgramId] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [feedback, showFeedback] = useFeedback();
  const previewFetcher = useFetcher<Answer>();
  const applyFetcher = useFetcher<Answer>();
  const [plans, setPlans] = useState<{ programId: string; plans: PlaylistPlan[] } | null>(null);
  const [refused, setRefused] = useState<NonNullable<Answer["refused"]>>([]);
  const previewing = previewFetcher.state !== "idle";
  const applying = applyFetcher.state !== "idle";
  const program = programs.find((p) => p.id === programId);

  useAnswer(previewFetcher.data, showFeedback, (answer) => {
    if (answer.plans) setPlans({ programId: answer.programId ?? programId, plans: answer.plans });
  });
  useAnswer(applyFetcher.data, showFeedback, (answer) => {
    setRefused(answer.refused ?? []);
    setPlans(null);
  });

  // A changed choice makes the preview stale.
  useEffect(() => {
    setPlans(null);
    setRefused([]);
  }, [programId, selected.join(",")]);

  function target(intent: "preview-apply" | "apply-program") {
    if (!programId) return showFeedback(NO_PROGRAM_SELECTED, true);
    if (selected.length === 0) return showFeedback(SELECT_PLAYLISTS_TO_APPLY, true);
    const form = new FormData();
    form.set("intent", intent);
    form.set("programId", programId);
    for (const playlistId of selected) form.append("playlistId", playlistId);
    void (intent === "preview-apply" ? previewFetcher : applyFetcher).submit(form, { method: "post" });
  }

  return (
    <>
      <h2 id="apply-heading">Apply a program to playlists</h2>
      <div className="apply-grid">
        <label className="field" htmlFor={`${id}-program`}>
          Program
        </label>
        <select id={`${id}-program`} value={programId} onChange={(event) => setProgramId(event.target.value)}>
          <option value="">Select a program…</option>
          {programs.map((p) => (
            <option key={p.id} value={p.id}>
              {displayName(p.title)} ({p.files.map((file) => file.slotPosition).join(", ") || "no files"})
            </option>
          ))}
        </select>
      </div>
      <fieldset className="playlist-picker">
        <legend>Playlists</legend>
        {playlists.length === 0 ? (
          <p className="muted small">No playlists with files yet. Add files to a project's playlist first.</p>
        ) : (
          <ul className="picker-list">
            {playlists.map((playlist) => {
              const other = program?.mediaType && playlist.mediaType && program.mediaType !== playlist.mediaType;
              return (
                <li key={playlist.id}>
                  <label className="inline">
                    <input
                      type="checkbox"
                      checked={selected.includes(playlist.id)}
                      onChange={(event) =>
                        setSelected((list) =>
                          event.target.checked ? [...list, playlist.id] : list.filter((p) => p !== playlist.id),
                        )
                      }
                    />
                    <span className="picker-title">{displayName(playlist.projectTitle)}</span>
                  </label>
                  <span className="muted small">
                    {playlist.mediaType ?? "empty"} · {playlist.itemCount} {playlist.itemCount === 1 ? "item" : "items"}{" "}
                    · {formatDuration(playlist.totalSeconds)}
                    {playlist.slots.length > 0 && <> · slots {playlist.slots.join(", ")}</>}
                    {other && <span className="error"> · other media kind</span>}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <PickerActions ids={playlists.map((p) => p.id)} onSelect={setSelected} />
      </fieldset>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={previewing || applying}
          onClick={() => target("preview-apply")}
        >
          {previewing ? "Processing..." : "Preview changes"}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={previewing || applying}
          onClick={() => target("apply-program")}
        >
          {applying ? "Processing..." : "Apply Program"}
        </button>
      </div>
      <Feedback feedback={feedback} />
      {plans && <PlanView plans={plans.plans} />}
      {refused.length > 0 && (
        <ul className="refusals" aria-label="Playlists not changed">
          {refused.map((r) => (
            <li key={r.playlistId} className="error">
              {displayName(r.projectTitle)}: {r.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PlanView({ plans }: { plans: PlaylistPlan[] }) {
  return (
    <div className="plans" aria-label="Changes the program would make">
      <h3>Changes</h3>
      <ul className="plan-list">
        {plans.map((plan) => (
          <li key={plan.playlistId} className={plan.refused ? "plan refused" : "plan"}>
            <strong>{displayName(plan.projectTitle)}</strong>
            {plan.refused ? (
              <p className="error small">{plan.refused}</p>
            ) : (
              <ul className="plan-changes">
                {plan.changes.map((change) => (
                  <li key={change.programFileId} className={`change change-${change.action}`}>
                    <span className="slot-chip">{change.slot}</span>
                    {change.action === "replace" ? (
                      <span>
                        Slot {change.slot} (position {change.seqPos}): replaces{" "}
                        <em>{displayName(change.from ?? "")}</em> → <em>{displayName(change.to)}</em>
                      </span>
                    ) : (
                      <span>
                        Slot {change.slot}: appends <em>{displayName(change.to)}</em> at position {change.seqPos}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
