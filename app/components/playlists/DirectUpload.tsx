// Direct upload into the playlist: files with optional slot letters and the slot colour states (seed 000 §4, §5).
import { type MouseEvent as ReactMouseEvent, useCallback, useId, useMemo, useRef, useState } from "react";
import { kindOfFile, type MediaKind } from "../../lib/media-kind";
import {
  allFilesMustBe,
  DUPLICATE_SLOTS,
  INVALID_FIRST_FILE,
  NO_FILES_TO_UPLOAD,
  ONLY_AUDIO_OR_VIDEO,
  onlyTypeInPlaylist,
  RESOLVE_ERRORS,
  SLOT_TAKEN,
  UPLOAD_SLOT_INVALID,
} from "../../lib/schemas/playlists";
import { uploadFile } from "../../lib/upload-client";
import { Feedback, useFeedback } from "../Feedback";
import type { PlaylistView } from "./types";

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

export function DirectUpload({
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
