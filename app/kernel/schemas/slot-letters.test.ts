// The browser's zod-free slot letter check (slot-letters.ts) answers what the server's schemas
// (slots.ts) answer, letter for letter, for each of the three places.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { PLAYLIST_SLOT, PROGRAM_SLOT, type SlotRule, slotLetterError, UPLOAD_SLOT } from "./slot-letters";
import { playlistSlotLetter, programSlotLetter, uploadSlotLetter } from "./slots";

const places: [string, SlotRule, z.ZodType<unknown, string>][] = [
  ["playlist item", PLAYLIST_SLOT, playlistSlotLetter],
  ["program file", PROGRAM_SLOT, programSlotLetter],
  ["upload form", UPLOAD_SLOT, uploadSlotLetter],
];
const letters = ["a", "z", " b ", "", "  ", "A", "ab", "1", "é", "-", "a\n"];

describe("slot letters: the browser's check and the server's schema", () => {
  for (const [place, rule, schema] of places) {
    it(`agree for a ${place}`, () => {
      for (const letter of letters) {
        const parsed = schema.safeParse(letter);
        expect(slotLetterError(rule, letter), JSON.stringify(letter)).toBe(
          parsed.success ? null : parsed.error.issues[0]!.message,
        );
      }
    });
  }

  it("refuses with the seed's three messages", () => {
    expect(slotLetterError(PLAYLIST_SLOT, "A")).toBe("Slot position must be a letter from a to z.");
    expect(slotLetterError(PROGRAM_SLOT, "")).toBe("Slot position must be a lowercase letter from a to z.");
    expect(slotLetterError(UPLOAD_SLOT, "ab")).toBe("Slot position must be a single letter from a-z.");
  });
});
