// The slot letter's test and the seed's three refusals (see slots.ts for
// which place words it which way), without zod: the browser checks a letter
// as it is typed with `slotLetterError`, and slots.ts builds the schemas the
// server parses with on the same test and messages.

export const SLOT_INVALID = "Slot position must be a letter from a to z.";
export const PROGRAM_SLOT_INVALID = "Slot position must be a lowercase letter from a to z.";
export const UPLOAD_SLOT_INVALID = "Slot position must be a single letter from a-z.";

export const SLOT_LETTER = /^[a-z]$/;

/** What a place takes: a letter it must have, or one that may be left empty; and its refusal. */
export interface SlotRule {
  message: string;
  optional: boolean;
}

/** A playlist item's or a file's letter (slots.ts `playlistSlotLetter`). */
export const PLAYLIST_SLOT: SlotRule = { message: SLOT_INVALID, optional: true };
/** A program file's letter (slots.ts `programSlotLetter`). */
export const PROGRAM_SLOT: SlotRule = { message: PROGRAM_SLOT_INVALID, optional: false };
/** The letter typed in the playlist's upload form (slots.ts `uploadSlotLetter`). */
export const UPLOAD_SLOT: SlotRule = { message: UPLOAD_SLOT_INVALID, optional: true };

/** The rule's message for a letter as typed, or null when it is fine: the schemas' test, trimmed as they trim. */
export function slotLetterError(rule: SlotRule, letter: string): string | null {
  const trimmed = letter.trim();
  if (rule.optional && trimmed === "") return null;
  return SLOT_LETTER.test(trimmed) ? null : rule.message;
}
