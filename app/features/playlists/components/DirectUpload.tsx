// Direct upload into the playlist (seed 000 §4, §5): audio or video files
// with optional slot letters and the slot colour marks, checked in the seed's
// order and sent one after another through `useUploadSlots`.
import { useCallback, useId, useMemo } from "react";
import { Feedback, useFeedback } from "../../../components/Feedback";
import { UploadSlots } from "../../../components/uploads/UploadSlots";
import { pendingSlots, useUploadSlots } from "../../../components/uploads/useUploadSlots";
import {
  allFilesMustBe,
  DUPLICATE_SLOTS,
  INVALID_FIRST_FILE,
  NO_FILES_TO_UPLOAD,
  ONLY_AUDIO_OR_VIDEO,
  onlyTypeInPlaylist,
  RESOLVE_ERRORS,
  SLOT_TAKEN,
} from "../../../kernel/schemas/playlist-messages";
import { slotLetterError, UPLOAD_SLOT } from "../../../kernel/schemas/slot-letters";
import { kindOfFile, type MediaKind } from "../../../lib/media-kind";
import type { PlaylistView } from "./types";

/** The error a chosen file gives for this playlist, if any. */
function fileProblem(file: File, playlistKind: MediaKind | null): string | null {
  const kind = kindOfFile(file);
  if (!kind) return ONLY_AUDIO_OR_VIDEO;
  if (playlistKind && kind !== playlistKind) return onlyTypeInPlaylist(playlistKind);
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
  const [feedback, showFeedback] = useFeedback();
  const taken = useMemo(
    () => new Set(playlist.items.map((item) => item.slotPosition).filter((s): s is string => Boolean(s))),
    [playlist.items],
  );
  const letterProblem = useCallback(
    (letter: string) => slotLetterError(UPLOAD_SLOT, letter) ?? (letter && taken.has(letter) ? SLOT_TAKEN : null),
    [taken],
  );
  const kindProblem = useCallback((file: File) => fileProblem(file, playlist.mediaType), [playlist.mediaType]);
  const uploads = useUploadSlots({ letterError: letterProblem, fileError: kindProblem });
  const { busy } = uploads;

  /** Seed 000 §5 checks, in the seed's order; marks each slot's error and answers the first problem. */
  function check(): string | null {
    const queue = pendingSlots(uploads.slots);
    if (queue.length === 0) return NO_FILES_TO_UPLOAD;
    if (!kindOfFile(queue[0]!.file!)) return INVALID_FIRST_FILE;
    const firstKind = playlist.mediaType ?? kindOfFile(queue[0]!.file!)!;
    const marked = uploads.check((slot) => {
      const kind = kindOfFile(slot.file!);
      const kindError = !kind
        ? ONLY_AUDIO_OR_VIDEO
        : kind !== firstKind
          ? playlist.mediaType
            ? onlyTypeInPlaylist(firstKind)
            : allFilesMustBe(firstKind)
          : null;
      return kindError ?? letterProblem(slot.slotPosition);
    });
    const letters = queue.map((slot) => slot.slotPosition).filter(Boolean);
    if (new Set(letters).size !== letters.length) return DUPLICATE_SLOTS;
    return marked ? RESOLVE_ERRORS : null;
  }

  async function upload() {
    if (busy) return;
    const problem = check();
    if (problem) return showFeedback(problem, true);
    const { failures } = await uploads.upload((slot) => ({
      purpose: "playlist-item",
      accessType: "private",
      projectId,
      slotPosition: slot.slotPosition || undefined,
    }));
    // Back to idle: uploaded files leave the form, failed ones stay to be fixed.
    uploads.dropDone();
    if (failures === 0) showFeedback("Upload successful!");
    else showFeedback(`Failed to upload ${failures} ${failures === 1 ? "file" : "files"}.`, true);
    await onUploaded();
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
          id={`${id}-files`}
          type="file"
          multiple
          accept="audio/*,video/*"
          className="visually-hidden"
          disabled={busy}
          onChange={(event) => {
            uploads.choose([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
        <label htmlFor={`${id}-files`} className={`button${busy ? " disabled" : ""}`}>
          Choose files
        </label>
        <button type="button" className="button" disabled={busy} onClick={() => uploads.add()}>
          Add slot
        </button>
        <button type="button" className="button primary" disabled={busy} onClick={() => void upload()}>
          {busy ? "Uploading..." : "Upload"}
        </button>
      </div>
      {uploads.slots.length > 0 && (
        <UploadSlots
          uploads={uploads}
          label="Files to upload to the playlist"
          accept="audio/*,video/*"
          disabled={busy}
          colours
        />
      )}
      <Feedback feedback={feedback} />
    </div>
  );
}
