// The beat battle's messages, limits and accepted files (seed 001 screens 5–6, §3, §5, §8, §9 verbatim,
// the rest ours), apart from the schemas in beatbattle.ts (which re-exports them): the entry form
// shows these on first load and loads zod only when it is submitted (ADR 051).
import { PROJECT_TITLE_REQUIRED } from "./files";

export { PROJECT_TITLE_REQUIRED };
export const PRODUCER_NAME_REQUIRED = "Producer name is required";
export const AUDIO_REQUIRED = "Please upload at least one audio file.";
export const COVER_REQUIRED = "Please upload a cover art image.";
export const SUBMISSION_SUCCESSFUL = "Submission successful!";
export const SUBMISSION_FAILED = "Submission failed.";
export const ENTRIES_LOAD_FAILED = "Failed to load beat battle entries.";
export const ALREADY_ENTERED = "You have already entered this battle: one entry per producer.";
export const BATTLE_CLOSED = "This battle is closed: its deadline has passed.";
/** Ours: on /signup while a visitor's entry waits in this browser (issue 46.6a). */
export const ENTRY_WAITING =
  "Your beat battle entry is saved in this browser, files included. Finish signing up and you'll be back at the battle to send it.";
export const UPLOAD_MISSING = "An uploaded file was not found. Please choose your files and submit again.";

/** Seed 001 §9. */
export const BEAT_LIMITS = { projectTitle: 20, producerName: 20, location: 30, socialContact: 180 } as const;
/** Ours: enough for a beat and its stems, few enough for one D1 batch. */
export const MAX_AUDIO_FILES = 10;

export const BATTLE_TITLE_REQUIRED = "Battle title is required.";
export const BATTLE_DEADLINE_INVALID = "Deadline must be a date and time.";
export const BATTLE_PRIZE_MAX = 120;
export const BATTLE_PRIZE_TOO_LONG = `The prize must be at most ${BATTLE_PRIZE_MAX} characters.`;

/** What the drop zones take (seed 001 §9 audio kinds; the usual picture kinds for cover art). */
export const BEAT_AUDIO_ACCEPT: Record<string, string[]> = {
  "audio/mpeg": [".mp3"],
  "audio/mp4": [".m4a"],
  "audio/wav": [".wav"],
  "audio/aac": [".aac"],
};
export const BEAT_COVER_ACCEPT: Record<string, string[]> = {
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/gif": [".gif"],
  "image/webp": [".webp"],
};
