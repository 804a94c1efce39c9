// Playlists, programs, rendering and packaging: shared schemas with the
// seed's messages (000 §5, §8) verbatim.
import { z } from "zod";
import { idList } from "./ids";
import {
  NO_FILES_SELECTED,
  NO_PLAYLISTS_SELECTED,
  NO_PROGRAM_SELECTED,
  PROGRAM_TITLE_REQUIRED,
  SELECT_PLAYLIST_TO_RENDER,
  SELECT_PLAYLISTS_TO_APPLY,
} from "./playlist-messages";
import {
  PROGRAM_SLOT_INVALID,
  playlistSlotLetter,
  programSlotLetter,
  SLOT_INVALID,
  slotLetter,
  UPLOAD_SLOT_INVALID,
} from "./slots";
import { memberText } from "./text";

export * from "./playlist-messages";
export { PROGRAM_SLOT_INVALID, SLOT_INVALID, UPLOAD_SLOT_INVALID };

export const addToPlaylistSchema = z.object({
  fileIds: idList(200, NO_FILES_SELECTED).min(1, NO_FILES_SELECTED),
});

export const playlistSlotSchema = z.object({ slotPosition: playlistSlotLetter });
export const checkSlotSchema = z.object({ slotPosition: slotLetter(SLOT_INVALID) });

export const reorderSchema = z.object({ itemIds: idList(1000).min(1) });

export const programSchema = z
  .object({
    title: memberText({ error: PROGRAM_TITLE_REQUIRED })
      .trim()
      .min(1, PROGRAM_TITLE_REQUIRED)
      .max(100, "Program title must be at most 100 characters."),
    accessType: z.enum(["private", "public-read"]).default("private"),
    startsAt: z.iso.datetime({ offset: true, error: "Start must be a date and time." }).optional(),
    endsAt: z.iso.datetime({ offset: true, error: "End must be a date and time." }).optional(),
    playlistIds: idList(200).default([]),
  })
  .refine((p) => !p.startsAt || !p.endsAt || Date.parse(p.endsAt) > Date.parse(p.startsAt), {
    message: "The end must be after the start.",
    path: ["endsAt"],
  })
  .refine((p) => !(p.startsAt || p.endsAt) || p.playlistIds.length > 0, {
    message: "A scheduled program needs at least one playlist.",
    path: ["playlistIds"],
  });
export type ProgramForm = z.output<typeof programSchema>;

export const programSlotSchema = z.object({ slotPosition: programSlotLetter });
export const programOrderSchema = z.object({ programIds: idList(500).min(1) });

export const applyProgramSchema = z.object({
  programId: z.string({ error: NO_PROGRAM_SELECTED }).min(1, NO_PROGRAM_SELECTED).max(64),
  // Up to a thousand episodes in one apply: the writes are grouped (applications.ts), not per playlist.
  playlistIds: idList(1000, SELECT_PLAYLISTS_TO_APPLY).min(1, SELECT_PLAYLISTS_TO_APPLY),
});

export const renderSchema = z.object({
  playlistIds: idList(50, SELECT_PLAYLIST_TO_RENDER).min(1, SELECT_PLAYLIST_TO_RENDER),
  loudness: z.boolean().default(false),
});

export const packageSchema = z.object({
  playlistIds: idList(50, NO_PLAYLISTS_SELECTED).min(1, NO_PLAYLISTS_SELECTED),
});
