// The seed's messages of playlists and programs (000 §5, §8) verbatim, without
// zod: a page that only shows them imports this module, so the schemas of
// playlists.ts (which re-exports these) and zod stay out of its first load (ADR 051).

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
/** Seed 000 §8: /programming's data could not be had. */
export const PROGRAMS_LOAD_FAILED = "Failed to load programs.";
/** Seed 000 §8: /playselect's data could not be had. */
export const PLAYLISTS_LOAD_FAILED = "Failed to load playlists. Please try again later.";
