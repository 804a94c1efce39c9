// Program file rows: a slot letter and a file each, checked (seed 000 §5) and uploaded one after another.
import type { Dispatch, SetStateAction } from "react";
import { kindOfFile, type MediaKind } from "../../lib/media-kind";
import {
  ADD_FILE_FIRST,
  DUPLICATE_SLOT,
  MUST_UPLOAD_ONE,
  ONLY_AUDIO_OR_VIDEO,
  PROGRAM_SLOT_INVALID,
  PROGRAM_SLOT_TAKEN,
  programOnlyAccepts,
} from "../../lib/schemas/playlists";
import { uploadFile } from "../../lib/upload-client";
import type { ShowFeedback } from "../Feedback";

export interface FileRow {
  id: string;
  file: File | null;
  slotPosition: string;
  error: string | null;
  state: "idle" | "uploading" | "done" | "failed";
  fraction: number;
}

let rowCounter = 0;
export const newRow = (slotPosition = ""): FileRow => ({
  id: `row-${++rowCounter}`,
  file: null,
  slotPosition,
  error: null,
  state: "idle",
  fraction: 0,
});

/** The first letter a..z not in `taken`. */
export function nextFreeLetter(taken: Iterable<string>) {
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
export function checkRows(
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
export async function uploadRows(
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

export function FileRows({
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
