// The project page's playlist builder and playlist order list (seed 000 §2,
// §4, §5): 'Add to playlist' for the files selected in the list above, a
// direct upload into the playlist with slot letters and the slot colour
// states, the order list (drag and drop with @dnd-kit, also by keyboard;
// saved only on 'Save Order'), slot letters, two clicks within 2 seconds to
// remove a slot, and the programs applied to the playlist with Undo.
//
// Every change goes through the project route's action (intents
// add-to-playlist, save-order, item-slot, remove-item, undo-application);
// direct uploads use the one browser upload helper.
import { type MouseEvent as ReactMouseEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { displayName, formatDuration, slotDuration } from "../lib/format";
import { kindOfFile, type MediaKind } from "../lib/media-kind";
import {
  allFilesMustBe,
  NO_FILES_SELECTED,
  ONLY_AUDIO_OR_VIDEO,
  onlyTypeInPlaylist,
  SLOT_INVALID,
  SLOT_TAKEN,
} from "../lib/schemas/playlists";
import { uploadFile } from "../lib/upload-client";
import { Feedback, type ShowFeedback, useAnswer, useFeedback } from "./Feedback";
import { LocalTime } from "./LocalTime";
import { SlotPreview } from "./playlists/SlotPreview";
import { SlotInput } from "./SlotInput";
import { DragHandle, SortableList, useLocalOrder, useSortableRow } from "./SortableList";
import "../styles/playlists.css";

export const DUPLICATE_SLOTS = "Duplicate slot positions detected for non-empty slots.";
export const RESOLVE_ERRORS = "Please resolve all errors before uploading.";
export const NO_FILES_TO_UPLOAD = "No files to upload.";
export const INVALID_FIRST_FILE = "Invalid file type. Only audio or video files are allowed.";
export const UPLOAD_SLOT_INVALID = "Slot position must be a single letter from a-z.";
/** Seed 000 §9: the double-click window on playlist slots. */
const REMOVE_WINDOW_MS = 2000;

export interface PlaylistItemView {
  id: string;
  fileName: string;
  slotPosition: string | null;
  seqPos: number;
  durationSeconds: number | null;
  contentType: string;
  probeStatus: string;
  previewUrl: string;
  fromProgram: boolean;
}

export interface PlaylistView {
  id: string;
  mediaType: MediaKind | null;
  items: PlaylistItemView[];
}

export interface ApplicationView {
  id: string;
  programTitle: string;
  createdAt: Date | string;
  changes: { slot: string; action: "replaced" | "appended" }[];
}

/** What the project route's action answers for the playlist intents. */
interface Answer {
  intent?: string;
  message?: string;
  itemId?: string;
  error?: { code: string; message: string; fields?: Record<string, string[]> };
}

export const KIND_LABEL: Record<MediaKind | "none", string> = {
  video: "Video playlist",
  audio: "Audio playlist",
  none: "Empty playlist",
};

export function PlaylistBuilder({
  projectId,
  playlist,
  applications,
  selectedFileIds,
  onAdded,
  onUploaded,
}: {
  projectId: string;
  playlist: PlaylistView;
  applications: ApplicationView[];
  selectedFileIds: string[];
  onAdded: () => void;
  onUploaded: () => Promise<void>;
}) {
  const [feedback, showFeedback] = useFeedback();
  const addFetcher = useFetcher<Answer>();
  const adding = addFetcher.state !== "idle";
  useAnswer(addFetcher.data, showFeedback, onAdded);
  const kind = playlist.mediaType ?? "none";

  return (
    <>
      <section className="card playlist-builder" aria-labelledby="playlist-builder-heading" data-keeps-selection>
        <div className="section-heading">
          <h2 id="playlist-builder-heading">Playlist builder</h2>
          <span className={`playlist-kind kind-${kind}`}>{KIND_LABEL[kind]}</span>
        </div>
        <div className="add-to-playlist">
          <button
            type="button"
            className="button primary"
            disabled={adding}
            onClick={() => {
              if (selectedFileIds.length === 0) return showFeedback(NO_FILES_SELECTED, true);
              const form = new FormData();
              form.set("intent", "add-to-playlist");
              for (const id of selectedFileIds) form.append("fileId", id);
              void addFetcher.submit(form, { method: "post" });
            }}
          >
            {adding ? "Adding..." : "Add to playlist"}
          </button>
          <span className="muted small">
            {selectedFileIds.length === 0
              ? "Select audio or video files above (click a file twice), then add them here."
              : `${selectedFileIds.length} ${selectedFileIds.length === 1 ? "file" : "files"} selected.`}
          </span>
        </div>
        <Feedback feedback={feedback} />
        <DirectUpload projectId={projectId} playlist={playlist} onUploaded={onUploaded} />
      </section>

      <section className="card playlist-order" aria-labelledby="playlist-order-heading">
        <OrderList playlist={playlist} />
        <AppliedPrograms applications={applications} />
      </section>
    </>
  );
}

// ── the order list ──────────────────────────────────────────────────────────

/** Signed preview URLs change on every load; keep the first one per item and media so players are not reloaded. */
function useStableUrls(items: PlaylistItemView[]) {
  const cache = useRef(new Map<string, string>());
  return useMemo(() => {
    const urls = new Map<string, string>();
    for (const item of items) {
      const key = `${item.id}:${item.fileName}:${item.fromProgram}`;
      if (!cache.current.has(key)) cache.current.set(key, item.previewUrl);
      urls.set(item.id, cache.current.get(key)!);
    }
    return urls;
  }, [items]);
}

function OrderList({ playlist }: { playlist: PlaylistView }) {
  const [feedback, showFeedback] = useFeedback();
  const serverIds = playlist.items.map((item) => item.id);
  const serverKey = serverIds.join(",");
  const [order, setOrder] = useLocalOrder(serverIds);
  const saveFetcher = useFetcher<Answer>();
  const saving = saveFetcher.state !== "idle";
  useAnswer(saveFetcher.data, showFeedback);
  const urls = useStableUrls(playlist.items);

  const byId = new Map(playlist.items.map((item) => [item.id, item]));
  const ordered = order.map((id) => byId.get(id)).filter((item): item is PlaylistItemView => Boolean(item));
  const dirty = ordered.map((item) => item.id).join(",") !== serverKey;
  let running = 0;
  const totals = ordered.map((item) => (running += item.durationSeconds ?? 0));
  const unknownDurations = ordered.some((item) => item.durationSeconds == null);

  function save() {
    const form = new FormData();
    form.set("intent", "save-order");
    form.set("playlistId", playlist.id);
    for (const item of ordered) form.append("itemId", item.id);
    void saveFetcher.submit(form, { method: "post" });
  }

  return (
    <>
      <div className="section-heading">
        <h2 id="playlist-order-heading">Playlist order</h2>
        {ordered.length > 0 && (
          <span className="muted small playlist-total">
            {ordered.length} {ordered.length === 1 ? "item" : "items"} · total {formatDuration(running)}
            {unknownDurations && " (some durations unknown)"}
          </span>
        )}
      </div>
      {ordered.length === 0 ? (
        <p className="empty-state">The playlist is empty. Add files from the list above or upload them here.</p>
      ) : (
        <>
          <SortableList
            ids={ordered.map((item) => item.id)}
            list="ol"
            className="playlist-items"
            onReorder={setOrder}
            hint={
              <>
                Drag a slot by its handle (or focus the handle, press Space, move with the arrow keys and press Space
                again), then press Save Order. Click a slot twice within 2 seconds to remove it.
              </>
            }
          >
            {ordered.map((item, index) => (
              <SortableSlot
                key={item.id}
                item={item}
                position={index + 1}
                runningTotal={totals[index]!}
                previewUrl={urls.get(item.id) ?? item.previewUrl}
                mediaType={playlist.mediaType}
                onMessage={showFeedback}
              />
            ))}
          </SortableList>
          <div className="order-controls">
            <button type="button" className="button primary" disabled={saving || !dirty} onClick={save}>
              {saving ? "Saving..." : "Save Order"}
            </button>
            {dirty && !saving && <span className="unsaved">The new order is not saved yet.</span>}
            {dirty && (
              <button type="button" className="button small" disabled={saving} onClick={() => setOrder(serverIds)}>
                Reset
              </button>
            )}
          </div>
        </>
      )}
      <Feedback feedback={feedback} />
    </>
  );
}

function SortableSlot({
  item,
  position,
  runningTotal,
  previewUrl,
  mediaType,
  onMessage,
}: {
  item: PlaylistItemView;
  position: number;
  runningTotal: number;
  previewUrl: string;
  mediaType: MediaKind | null;
  onMessage: ShowFeedback;
}) {
  const row = useSortableRow(item.id);
  const removeFetcher = useFetcher<Answer>();
  const removing = removeFetcher.state !== "idle";
  useAnswer(removeFetcher.data, onMessage);
  const [armed, setArmed] = useState(false);
  const armedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const name = displayName(item.fileName);

  function click(event: ReactMouseEvent<HTMLLIElement>) {
    // Clicks on the slot input, the preview, the handle or any control do not count.
    if (event.target instanceof Element && event.target.closest("input, button, a, audio, video, .slot-preview, label"))
      return;
    if (removing) return;
    const now = Date.now();
    if (armed && now - armedAt.current <= REMOVE_WINDOW_MS) {
      clearTimeout(timer.current);
      setArmed(false);
      void removeFetcher.submit({ intent: "remove-item", itemId: item.id }, { method: "post" });
      return;
    }
    armedAt.current = now;
    setArmed(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setArmed(false), REMOVE_WINDOW_MS);
  }

  return (
    <li
      ref={row.ref}
      style={row.style}
      className={`playlist-slot${row.isDragging ? " dragging" : ""}${armed ? " armed" : ""}${removing ? " removing" : ""}`}
      data-item-id={item.id}
      onClick={click}
    >
      <DragHandle handle={row.handle} label={`Move ${name} (position ${position})`} />
      <span className="slot-position" aria-hidden>
        {position}
      </span>
      <SlotInput
        name={name}
        letter={item.slotPosition ?? ""}
        required={false}
        invalidMessage={SLOT_INVALID}
        placeholder="–"
        fields={{ intent: "item-slot", itemId: item.id }}
      />
      <div className="slot-main">
        <span className="slot-name">
          {name}
          {item.fromProgram && <span className="program-badge">program</span>}
        </span>
        <span className="slot-meta muted small">
          {slotDuration(item.durationSeconds, item.probeStatus)}
          {" · running total "}
          {formatDuration(runningTotal)}
        </span>
        {armed && (
          <span className="remove-hint" role="status">
            Click again within 2 seconds to remove this slot.
          </span>
        )}
        {removing && <span className="remove-hint">Removing...</span>}
      </div>
      <SlotPreview
        url={previewUrl}
        name={name}
        audio={mediaType === "audio" || item.contentType.startsWith("audio/")}
      />
    </li>
  );
}

// ── direct upload into the playlist ─────────────────────────────────────────

type SlotColour = "none" | "green" | "red";
const NEXT_COLOUR: Record<SlotColour, SlotColour> = { none: "green", green: "red", red: "none" };

interface Draft {
  id: string;
  file: File | null;
  slotPosition: string;
  colour: SlotColour;
  error: string | null;
  state: "idle" | "uploading" | "done" | "failed";
  fraction: number;
}

let draftCounter = 0;
const newDraft = (file: File | null = null): Draft => ({
  id: `draft-${++draftCounter}`,
  file,
  slotPosition: "",
  colour: file ? "green" : "none",
  error: null,
  state: "idle",
  fraction: 0,
});

/** The error a chosen file gives for this playlist, if any. */
function fileProblem(file: File, playlistKind: MediaKind | null): string | null {
  const kind = kindOfFile(file);
  if (!kind) return ONLY_AUDIO_OR_VIDEO;
  if (playlistKind && kind !== playlistKind) return onlyTypeInPlaylist(playlistKind);
  return null;
}

function letterProblem(letter: string, taken: Set<string>): string | null {
  if (!/^[a-z]?$/.test(letter)) return UPLOAD_SLOT_INVALID;
  if (letter && taken.has(letter)) return SLOT_TAKEN;
  return null;
}

function DirectUpload({
  projectId,
  playlist,
  onUploaded,
}: {
  projectId: string;
  playlist: PlaylistView;
  onUploaded: () => Promise<void>;
}) {
  const id = useId();
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [busy, setBusy] = useState(false);
  const [feedback, showFeedback] = useFeedback();
  const taken = useMemo(
    () => new Set(playlist.items.map((item) => item.slotPosition).filter((s): s is string => Boolean(s))),
    [playlist.items],
  );
  const chooser = useRef<HTMLInputElement>(null);

  const update = useCallback((draftId: string, change: Partial<Draft>) => {
    setDrafts((list) => list.map((draft) => (draft.id === draftId ? { ...draft, ...change } : draft)));
  }, []);

  function choose(files: FileList | null) {
    if (!files?.length) return;
    const added = [...files].map((file) => ({ ...newDraft(file), error: fileProblem(file, playlist.mediaType) }));
    // Chosen files fill the empty slots first.
    setDrafts((list) => {
      const next = [...list];
      for (const draft of added) {
        const empty = next.findIndex((d) => !d.file && d.state === "idle");
        if (empty >= 0) next[empty] = { ...next[empty]!, file: draft.file, colour: "green", error: draft.error };
        else next.push(draft);
      }
      return next;
    });
  }

  /** Seed 000 §5 checks, in the seed's order; returns the drafts with their errors, or null when uploading may go on. */
  function check(queue: Draft[]): string | null {
    if (queue.length === 0) return NO_FILES_TO_UPLOAD;
    if (!kindOfFile(queue[0]!.file!)) return INVALID_FIRST_FILE;
    const firstKind = playlist.mediaType ?? kindOfFile(queue[0]!.file!)!;
    const withErrors = drafts.map((draft) => {
      if (!draft.file || draft.state === "done") return draft;
      const kind = kindOfFile(draft.file);
      const error =
        (!kind
          ? ONLY_AUDIO_OR_VIDEO
          : kind !== firstKind
            ? playlist.mediaType
              ? onlyTypeInPlaylist(firstKind)
              : allFilesMustBe(firstKind)
            : null) ?? letterProblem(draft.slotPosition, taken);
      return { ...draft, error };
    });
    setDrafts(withErrors);
    const letters = queue.map((draft) => draft.slotPosition).filter(Boolean);
    if (new Set(letters).size !== letters.length) return DUPLICATE_SLOTS;
    if (withErrors.some((draft) => draft.error)) return RESOLVE_ERRORS;
    return null;
  }

  async function upload() {
    if (busy) return;
    const queue = drafts.filter((draft) => draft.file && draft.state !== "done");
    const problem = check(queue);
    if (problem) return showFeedback(problem, true);
    setBusy(true);
    let failures = 0;
    for (const draft of queue) {
      update(draft.id, { state: "uploading", fraction: 0, error: null });
      try {
        await uploadFile(
          draft.file!,
          { purpose: "playlist-item", accessType: "private", projectId, slotPosition: draft.slotPosition || undefined },
          { onProgress: (fraction) => update(draft.id, { fraction }) },
        );
        update(draft.id, { state: "done", fraction: 1 });
      } catch (error) {
        failures++;
        update(draft.id, { state: "failed", error: error instanceof Error ? error.message : String(error) });
      }
    }
    // Back to idle: uploaded files leave the form, failed ones stay to be fixed.
    setDrafts((list) => list.filter((draft) => draft.state !== "done"));
    setBusy(false);
    if (failures === 0) showFeedback("Upload successful!");
    else showFeedback(`Failed to upload ${failures} ${failures === 1 ? "file" : "files"}.`, true);
    await onUploaded();
  }

  function slotClick(event: ReactMouseEvent<HTMLLIElement>, draft: Draft) {
    if (busy || (event.target instanceof Element && event.target.closest("input, button, label, a"))) return;
    update(draft.id, { colour: NEXT_COLOUR[draft.colour] });
  }

  return (
    <div className="direct-upload">
      <h3>Upload to the playlist</h3>
      <p className="muted small">
        Choose audio or video files, give each a slot letter (optional, a to z) and upload them straight into the
        playlist. Click a slot to mark it.
      </p>
      <div className="upload-controls">
        <input
          ref={chooser}
          id={`${id}-files`}
          type="file"
          multiple
          accept="audio/*,video/*"
          className="visually-hidden"
          disabled={busy}
          onChange={(event) => {
            choose(event.target.files);
            event.target.value = "";
          }}
        />
        <label htmlFor={`${id}-files`} className={`button${busy ? " disabled" : ""}`}>
          Choose files
        </label>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => setDrafts((list) => [...list, newDraft()])}
        >
          Add slot
        </button>
        <button type="button" className="button primary" disabled={busy} onClick={() => void upload()}>
          {busy ? "Uploading..." : "Upload"}
        </button>
      </div>
      {drafts.length > 0 && (
        <ul className="draft-slots" aria-label="Files to upload to the playlist">
          {drafts.map((draft, index) => (
            <li
              key={draft.id}
              className={`draft-slot colour-${draft.colour}${draft.error ? " has-error" : ""}`}
              data-colour={draft.colour}
              onClick={(event) => slotClick(event, draft)}
            >
              <span className="draft-number" aria-hidden>
                {index + 1}
              </span>
              <label className="draft-letter">
                <span className="visually-hidden">
                  Slot letter for {draft.file ? draft.file.name : `slot ${index + 1}`}
                </span>
                <input
                  value={draft.slotPosition}
                  maxLength={1}
                  size={1}
                  placeholder="–"
                  autoComplete="off"
                  disabled={busy}
                  onChange={(event) => {
                    const letter = event.target.value.trim().toLowerCase();
                    update(draft.id, {
                      slotPosition: letter,
                      error:
                        letterProblem(letter, taken) ??
                        (draft.file ? fileProblem(draft.file, playlist.mediaType) : null),
                    });
                  }}
                />
              </label>
              <span className="draft-file">
                {draft.file ? (
                  <span className="draft-name">{draft.file.name}</span>
                ) : (
                  <label className="button small">
                    Choose file
                    <input
                      type="file"
                      accept="audio/*,video/*"
                      className="visually-hidden"
                      disabled={busy}
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        if (file)
                          update(draft.id, { file, colour: "green", error: fileProblem(file, playlist.mediaType) });
                      }}
                    />
                  </label>
                )}
                <span className="visually-hidden">
                  {" "}
                  (slot marked {draft.colour === "none" ? "none" : draft.colour})
                </span>
              </span>
              {(draft.state === "uploading" || draft.fraction > 0) && (
                <progress
                  max={100}
                  value={Math.round(draft.fraction * 100)}
                  aria-label={`${draft.file?.name ?? "slot"} upload progress`}
                />
              )}
              {!busy && (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove ${draft.file ? draft.file.name : `slot ${index + 1}`}`}
                  onClick={() => setDrafts((list) => list.filter((other) => other.id !== draft.id))}
                >
                  ×
                </button>
              )}
              {draft.error && (
                <p className="error small draft-error" role="alert">
                  {draft.state === "failed" && draft.file ? `Failed to upload file: ${draft.file.name} — ` : ""}
                  {draft.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <Feedback feedback={feedback} />
    </div>
  );
}

// ── programs applied to this playlist ───────────────────────────────────────

function AppliedPrograms({ applications }: { applications: ApplicationView[] }) {
  const [feedback, showFeedback] = useFeedback();
  return (
    <div className="applied-programs">
      <h3>Programs applied</h3>
      <Feedback feedback={feedback} />
      {applications.length === 0 ? (
        <p className="muted small">
          No program is applied to this playlist. Apply one at <Link to="/programming">Programming</Link>.
        </p>
      ) : (
        <ul className="application-list">
          {applications.map((application) => (
            <ApplicationRow key={application.id} application={application} onMessage={showFeedback} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ApplicationRow({ application, onMessage }: { application: ApplicationView; onMessage: ShowFeedback }) {
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";
  useAnswer(fetcher.data, onMessage);
  const replaced = application.changes.filter((c) => c.action === "replaced").map((c) => c.slot);
  const appended = application.changes.filter((c) => c.action === "appended").map((c) => c.slot);
  return (
    <li className="application">
      <div>
        <strong>{displayName(application.programTitle)}</strong>
        <span className="muted small">
          {" "}
          · <LocalTime value={application.createdAt} />
        </span>
        <div className="small">
          {replaced.length > 0 && <span>Replaced slot {replaced.join(", ")}. </span>}
          {appended.length > 0 && <span>Appended slot {appended.join(", ")}.</span>}
        </div>
      </div>
      <button
        type="button"
        className="button small"
        disabled={busy}
        onClick={() =>
          void fetcher.submit({ intent: "undo-application", applicationId: application.id }, { method: "post" })
        }
      >
        {busy ? "Undoing..." : "Undo"}
      </button>
    </li>
  );
}
