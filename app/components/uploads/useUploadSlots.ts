// The state of an upload form made of slots: each slot holds at most one
// file, an optional slot letter, a colour mark (seed 000 §4: none → green →
// red → none), its error and its progress. `upload()` sends the slots' files
// one after another through the upload queue (`useUploader`; the slot shows
// the queue's row: progress, pause, cancel, the failure), marking each
// uploading / done / failed, and answers how many failed, so the page decides
// what to say and what to keep; a second `upload()` resumes a failed file.
//
// The rules stay with the page: `letterError` and `fileError` come from the
// shared schemas and messages (app/kernel/schemas/), the whole-form check before
// uploading is `check()` with the page's rule. Any uploader can use it — the
// program and playlist uploads today; a store, beat battle or episode form
// with one slot per file and no letters (see ADR 017).
import { useCallback, useMemo, useRef, useState } from "react";
import { sendOrResume } from "../../lib/uploads/queue";
import type { UploadResult, UploadTarget } from "../../lib/uploads/types";
import { useUploader } from "./useUploads";

export type SlotColour = "none" | "green" | "red";
export type SlotState = "idle" | "uploading" | "done" | "failed";

export interface UploadSlot {
  id: string;
  file: File | null;
  slotPosition: string;
  colour: SlotColour;
  error: string | null;
  state: SlotState;
  /** Fraction of the file's bytes sent, 0..1. */
  fraction: number;
  /** The server's answer once the file is uploaded. */
  result?: UploadResult;
  /** The upload queue's id for this slot's file, once sent (a second try resumes it). */
  uploadId?: string;
}

export interface UploadSlotsOptions {
  /** The slots the form starts with (and returns to on `reset()`); default none. */
  initial?: () => Partial<UploadSlot>[];
  /** The message for a letter as typed, or null (e.g. `slotLetterError(rule, letter)`, or taken). */
  letterError?: (letter: string) => string | null;
  /** The message for a chosen file given the other slots (kind rules), or null. */
  fileError?: (file: File, others: UploadSlot[]) => string | null;
}

const NEXT_COLOUR: Record<SlotColour, SlotColour> = { none: "green", green: "red", red: "none" };

let slotCounter = 0;
export function newUploadSlot(partial: Partial<UploadSlot> = {}): UploadSlot {
  return {
    id: `slot-${++slotCounter}`,
    file: null,
    slotPosition: "",
    colour: partial.file ? "green" : "none",
    error: null,
    state: "idle",
    fraction: 0,
    ...partial,
  };
}

/** Slots whose file is still to be sent (chosen and not uploaded yet). */
export const pendingSlots = (slots: UploadSlot[]) => slots.filter((slot) => slot.file && slot.state !== "done");

/** The first letter a..z not in `taken` ("" when all 26 are). */
export function nextFreeLetter(taken: Iterable<string>) {
  const used = new Set(taken);
  for (let code = 97; code <= 122; code++) if (!used.has(String.fromCharCode(code))) return String.fromCharCode(code);
  return "";
}

export function useUploadSlots({ initial, letterError, fileError }: UploadSlotsOptions = {}) {
  const start = useRef(initial);
  const [slots, setSlots] = useState<UploadSlot[]>(() => (start.current?.() ?? []).map(newUploadSlot));
  const [busy, setBusy] = useState(false);
  const uploader = useUploader();
  const send = uploader.start;
  // `upload()` runs across renders; it reads the slots as they are now.
  const current = useRef(slots);
  current.current = slots;

  const update = useCallback((id: string, change: Partial<UploadSlot>) => {
    setSlots((list) => list.map((slot) => (slot.id === id ? { ...slot, ...change } : slot)));
  }, []);

  const actions = useMemo(() => {
    const others = (id: string) => current.current.filter((slot) => slot.id !== id);
    const problemOf = (file: File, id: string) => fileError?.(file, others(id)) ?? null;
    return {
      update,
      add: (partial: Partial<UploadSlot> = {}) => setSlots((list) => [...list, newUploadSlot(partial)]),
      remove: (id: string) => setSlots((list) => list.filter((slot) => slot.id !== id)),
      /** Back to the first slots (or the ones given). */
      reset: (partials?: Partial<UploadSlot>[]) => setSlots((partials ?? start.current?.() ?? []).map(newUploadSlot)),
      /** Uploaded slots leave the form; failed ones stay to be fixed. */
      dropDone: () => setSlots((list) => list.filter((slot) => slot.state !== "done")),
      setLetter: (id: string, typed: string) => {
        const letter = typed.trim().toLowerCase();
        const slot = current.current.find((s) => s.id === id);
        const error = letterError?.(letter) ?? (slot?.file ? problemOf(slot.file, id) : null);
        update(id, { slotPosition: letter, error });
      },
      setFile: (id: string, file: File) =>
        update(id, {
          file,
          colour: "green",
          error: problemOf(file, id),
          state: "idle",
          fraction: 0,
          uploadId: undefined,
        }),
      /** Several files at once: they fill the empty slots first, then get new ones. */
      choose: (files: File[]) =>
        setSlots((list) => {
          const next = [...list];
          for (const file of files) {
            const error = fileError?.(file, next) ?? null;
            const empty = next.findIndex((slot) => !slot.file && slot.state === "idle");
            if (empty >= 0) next[empty] = { ...next[empty]!, file, colour: "green", error };
            else next.push(newUploadSlot({ file, error }));
          }
          return next;
        }),
      cycleColour: (id: string) =>
        setSlots((list) => list.map((slot) => (slot.id === id ? { ...slot, colour: NEXT_COLOUR[slot.colour] } : slot))),
      /** Marks each pending slot with `rule`'s message (or none); answers the first message. */
      check: (rule: (slot: UploadSlot) => string | null) => {
        const checked = current.current.map((slot) =>
          slot.file && slot.state !== "done" ? { ...slot, error: rule(slot) } : { ...slot, error: null },
        );
        current.current = checked;
        setSlots(checked);
        return checked.find((slot) => slot.error)?.error ?? null;
      },
      /** Sends every pending slot's file to `target(slot)`, one after another; answers how many failed. */
      upload: async (target: (slot: UploadSlot) => UploadTarget) => {
        setBusy(true);
        let failures = 0;
        try {
          for (const slot of pendingSlots(current.current)) {
            try {
              const done = sendOrResume(
                slot.file!,
                target(slot),
                slot.uploadId,
                (uploadId) => update(slot.id, { uploadId }),
                send,
              );
              update(slot.id, { state: "uploading", error: null });
              const result = await done;
              update(slot.id, { state: "done", fraction: 1, result });
            } catch {
              // The queue's row under the slot names the file and the reason.
              failures++;
              update(slot.id, { state: "failed" });
            }
          }
        } finally {
          setBusy(false);
        }
        return { failures };
      },
    };
  }, [update, letterError, fileError, send]);

  return { slots, busy, entries: uploader.entries, ...actions };
}

export type UploadSlots = ReturnType<typeof useUploadSlots>;
