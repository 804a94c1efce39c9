// Playlists, programs, rendering and packaging: shared schemas with the
// seed's messages (000 §5, §8) verbatim.
import { z } from "zod";
import { idList } from "./ids";
import {
  PROGRAM_SLOT_INVALID,
  playlistSlotLetter,
  programSlotLetter,
  SLOT_INVALID,
  slotLetter,
  UPLOAD_SLOT_INVALID,
} from "./slots";
import { memberText } from "./text";

export { PROGRAM_SLOT_INVALID, SLOT_INVALID, UPLOAD_SLOT_INVALID };

export const NO_FILES_SELECTED = "No files selected.";
export const FILES_ADDED = "Files added to playlist.";
export const ONLY_AUDIO_OR_VIDEO = "Only audio or video files are allowed.";
export const onlyTypeInPlaylist = (type: string) => `You can only add ${type} files to this playlist.`;
export const allFilesMustBe = (type: string) => `All files must be ${type} files.`;
export const DUPLICATE_SLOTS = "Duplicate slot positions detected for non-empty slots.";
export const RESOLVE_ERRORS = "Please resolve all errors before uploading.";
export const NO_FILES_TO_UPLOAD = "No files to upload.";
export const INVALID_FIRST_FILE = "Invalid file type. Only audio or video files are allowed.";
export const SLOT_TAKEN = "Slot position already exists in this playlist.";
export const DUPLICATE_SLOT = "Duplicate slot position detected.";
export const PROGRAM_SLOT_TAKEN = "Slot position already exists or is invalid.";
export const PROGRAM_TITLE_REQUIRED = "Program title is required";
export const programOnlyAccepts = (kind: string) => `This program only accepts ${kind} files.`;
export const NO_PROGRAM_SELECTED = "No program selected. Please select a program first.";
export const PROGRAM_APPLIED = "Program successfully applied to selected playlists!";
export const SELECT_PLAYLIST_TO_RENDER = "Please select at least one playlist to create a file.";
export const NO_PLAYLISTS_SELECTED = "No playlists selected.";
export const SELECT_PLAYLISTS_TO_APPLY = "No playlists selected. Please select at least one playlist.";
export const MUST_UPLOAD_ONE = "You must upload at least one audio or video file.";
export const ADD_FILE_FIRST = "You must add a file before adding more slots.";
export const RENDER_CREATED = "File created successfully! You can play it in the new tab or download it.";

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
/** Seed 000 §8: /programming's data could not be had. */
export const PROGRAMS_LOAD_FAILED = "Failed to load programs.";
/** Seed 000 §8: /playselect's data could not be had. */
export const PLAYLISTS_LOAD_FAILED = "Failed to load playlists. Please try again later.";
