// The slot letter (seed 000 §5): one lowercase letter a to z, written once
// here for every place that takes one — the API, the page actions and the
// browser's checks before sending. The seed words the refusal three ways,
// one per place, and each place keeps its own (ADR 017):
// - a playlist item's or a file's letter (project page, file view, their API): SLOT_INVALID;
// - a program file's letter (the programming page and the programs API, also
//   when a program file is uploaded): PROGRAM_SLOT_INVALID;
// - the letter typed in the playlist's upload form (and sent with that upload): UPLOAD_SLOT_INVALID.
//
// The test and the messages live without zod in slot-letters.ts, which the
// browser checks with as it types (so zod stays out of those pages' first
// load, ADR 051); the schemas here are built on the same test.
import { z } from "zod";
import { PROGRAM_SLOT_INVALID, SLOT_INVALID, SLOT_LETTER, UPLOAD_SLOT_INVALID } from "./slot-letters";

export { PROGRAM_SLOT_INVALID, SLOT_INVALID, UPLOAD_SLOT_INVALID } from "./slot-letters";

/** A letter that must be there (a program file keeps one; asking whether a letter is free). */
export const slotLetter = (message: string) => z.string({ error: message }).trim().regex(SLOT_LETTER, message);

/** A letter that may be left empty to clear it: "" becomes null. */
export const optionalSlotLetter = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((letter) => letter === "" || SLOT_LETTER.test(letter), message)
    .transform((letter) => letter || null);

export const playlistSlotLetter = optionalSlotLetter(SLOT_INVALID);
export const programSlotLetter = slotLetter(PROGRAM_SLOT_INVALID);
export const uploadSlotLetter = optionalSlotLetter(UPLOAD_SLOT_INVALID);
