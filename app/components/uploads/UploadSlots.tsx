// The slot list of an upload form (the state is `useUploadSlots`): per slot
// a number, a slot letter (optional), the file with a chooser, the upload
// queue's row while it goes up (progress, pause, cancel, failure), a remove
// button and its error. With `colours`, clicking a
// slot cycles its colour mark (seed 000 §4). The page keeps its own buttons
// (add a slot, choose several files, upload) around it.
import type { MouseEvent as ReactMouseEvent } from "react";
import { UploadStatusList } from "./UploadStatus";
import type { UploadSlots as Slots, UploadSlot } from "./useUploadSlots";

export function UploadSlots({
  uploads,
  label,
  accept,
  disabled = false,
  letters = true,
  colours = false,
  canRemove = () => true,
}: {
  uploads: Slots;
  /** The list's accessible name. */
  label: string;
  /** The file chooser's accept list, e.g. "audio/*,video/*". */
  accept: string;
  disabled?: boolean;
  /** Show a slot letter input per slot. */
  letters?: boolean;
  /** Clicking a slot cycles its colour mark. */
  colours?: boolean;
  canRemove?: (slots: UploadSlot[]) => boolean;
}) {
  const { slots, entries } = uploads;
  const removable = !disabled && canRemove(slots);

  function click(event: ReactMouseEvent<HTMLLIElement>, slot: UploadSlot) {
    if (!colours || disabled) return;
    // Clicks on the slot's own controls do not mark it.
    if (event.target instanceof Element && event.target.closest("input, button, label, a")) return;
    uploads.cycleColour(slot.id);
  }

  return (
    <ul className="draft-slots" aria-label={label}>
      {slots.map((slot, index) => {
        const name = slot.file ? slot.file.name : `slot ${index + 1}`;
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the colour mark is a pointer shortcut; the slot's controls are all keyboard-reachable
          <li
            key={slot.id}
            className={`draft-slot colour-${slot.colour}${slot.error ? " has-error" : ""}`}
            data-colour={colours ? slot.colour : undefined}
            onClick={(event) => click(event, slot)}
          >
            <span className="draft-number" aria-hidden>
              {index + 1}
            </span>
            {letters && (
              <label className="draft-letter">
                {/* Named by attribute, not text: the file's name is shown once, beside the chooser. */}
                <input
                  aria-label={`Slot letter ${index + 1}${slot.file ? ` for ${slot.file.name}` : ""}`}
                  value={slot.slotPosition}
                  maxLength={1}
                  size={1}
                  placeholder="–"
                  autoComplete="off"
                  disabled={disabled}
                  onChange={(event) => uploads.setLetter(slot.id, event.target.value)}
                />
              </label>
            )}
            <span className="draft-file">
              {slot.file ? (
                <span className="draft-name">{slot.file.name}</span>
              ) : (
                <span className="muted small">No file yet</span>
              )}
              <label className={`button small${disabled ? " disabled" : ""}`}>
                {slot.file ? "Change file" : "Choose file"}
                <span className="visually-hidden"> for slot {index + 1}</span>
                <input
                  type="file"
                  accept={accept}
                  className="visually-hidden"
                  disabled={disabled}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = "";
                    if (file) uploads.setFile(slot.id, file);
                  }}
                />
              </label>
              {colours && <span className="visually-hidden"> (slot marked {slot.colour})</span>}
            </span>
            {slot.uploadId && (
              <UploadStatusList
                label={`Upload of slot ${index + 1}`}
                entries={entries.filter((entry) => entry.id === slot.uploadId)}
              />
            )}
            {removable && (
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${name}`}
                onClick={() => uploads.remove(slot.id)}
              >
                ×
              </button>
            )}
            {slot.error && (
              <p className="error small draft-error" role="alert">
                {slot.error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
