// A program's upload slots (seed 000 §5): a slot letter and an audio or video
// file each, all of the program's one media kind. The checks before uploading
// use the program slot letter schema and the seed's messages; the files then
// go up one after another through `useUploadSlots`.
import { useCallback } from "react";
import { useRevalidator } from "react-router";
import { CheckedButton } from "../../../components/CheckedButton";
import type { ShowFeedback } from "../../../components/Feedback";
import { UploadSlots } from "../../../components/uploads/UploadSlots";
import {
  nextFreeLetter,
  pendingSlots,
  type UploadSlots as Slots,
  type UploadSlot,
  useUploadSlots,
} from "../../../components/uploads/useUploadSlots";
import {
  ADD_FILE_FIRST,
  DUPLICATE_SLOT,
  MUST_UPLOAD_ONE,
  ONLY_AUDIO_OR_VIDEO,
  PROGRAM_SLOT_TAKEN,
  programOnlyAccepts,
} from "../../../kernel/schemas/playlist-messages";
import { PROGRAM_SLOT, slotLetterError } from "../../../kernel/schemas/slot-letters";
import { kindOfFile, type MediaKind } from "../../../lib/media-kind";
import { announceProgramUploads } from "./program-uploads";

/** The kind the slots are held to: the program's, else the first chosen file's. */
function slotsKind(slots: UploadSlot[], programKind: MediaKind | null): MediaKind | null {
  if (programKind) return programKind;
  for (const slot of slots) if (slot.file && kindOfFile(slot.file)) return kindOfFile(slot.file);
  return null;
}

function fileError(file: File, kind: MediaKind | null): string | null {
  const own = kindOfFile(file);
  if (!own) return ONLY_AUDIO_OR_VIDEO;
  if (kind && own !== kind) return programOnlyAccepts(kind);
  return null;
}

/** The upload slots of a program of `programKind` (null: not fixed yet) whose letters `taken` are in use. */
export function useProgramSlots(programKind: MediaKind | null, taken: Set<string>, firstLetter: string) {
  const letterError = useCallback((letter: string) => (letter ? slotLetterError(PROGRAM_SLOT, letter) : null), []);
  const fileProblem = useCallback(
    (file: File, others: UploadSlot[]) => fileError(file, slotsKind(others, programKind)),
    [programKind],
  );
  const uploads = useUploadSlots({
    initial: () => [{ slotPosition: firstLetter }],
    letterError,
    fileError: fileProblem,
  });
  const revalidator = useRevalidator();

  /** Seed 000 §5 checks before a program upload; marks each slot's error and answers the first problem. */
  function check(): string | null {
    const pending = pendingSlots(uploads.slots);
    if (pending.length === 0) return MUST_UPLOAD_ONE;
    const kind = slotsKind(uploads.slots, programKind);
    const counts = new Map<string, number>();
    for (const slot of pending) counts.set(slot.slotPosition, (counts.get(slot.slotPosition) ?? 0) + 1);
    return uploads.check(
      (slot) =>
        fileError(slot.file!, kind) ??
        slotLetterError(PROGRAM_SLOT, slot.slotPosition) ??
        (taken.has(slot.slotPosition)
          ? PROGRAM_SLOT_TAKEN
          : (counts.get(slot.slotPosition) ?? 0) > 1
            ? DUPLICATE_SLOT
            : null),
    );
  }

  /**
   * Uploads the checked slots' files into the program, then reloads the page's programs; answers how
   * many failed. Until the page has the files, the program shows as uploading them, not as empty.
   */
  async function upload(programId: string, accessType: string) {
    const done = announceProgramUploads(programId, pendingSlots(uploads.slots).length);
    try {
      const { failures } = await uploads.upload((slot) => ({
        purpose: "program-file",
        programId,
        slotPosition: slot.slotPosition,
        accessType: accessType === "public-read" ? "public-read" : "private",
      }));
      await revalidator.revalidate();
      return failures;
    } finally {
      done();
    }
  }

  return { uploads, kind: slotsKind(uploads.slots, programKind), check, upload };
}

export function ProgramFileSlots({
  uploads,
  kind,
  taken,
  disabled,
  onMessage,
  label,
}: {
  uploads: Slots;
  kind: MediaKind | null;
  taken: Set<string>;
  disabled: boolean;
  onMessage: ShowFeedback;
  label: string;
}) {
  return (
    <div className="file-rows">
      <UploadSlots
        uploads={uploads}
        label={label}
        accept="audio/*,video/*"
        disabled={disabled}
        canRemove={(slots) => slots.length > 1}
      />
      <div className="row-controls">
        <CheckedButton
          className="button small"
          disabled={disabled}
          problem={() => (uploads.slots.some((slot) => !slot.file) ? ADD_FILE_FIRST : null)}
          onMessage={onMessage}
          onClick={() =>
            uploads.add({
              slotPosition: nextFreeLetter([...taken, ...uploads.slots.map((slot) => slot.slotPosition)]),
            })
          }
        >
          Add slot
        </CheckedButton>
        {kind && <span className="muted small">This program takes {kind} files.</span>}
      </div>
    </div>
  );
}
