// The beat battle (seed 001 screens 5–6, §3, §5, §8), shared by the page and
// the API, with the seed's messages verbatim; caps without a seed message
// carry messages of our own.
import { z } from "zod";
import { PROJECT_TITLE_REQUIRED } from "./files";
import { memberText } from "./text";

export { PROJECT_TITLE_REQUIRED };
export const PRODUCER_NAME_REQUIRED = "Producer name is required";
export const AUDIO_REQUIRED = "Please upload at least one audio file.";
export const COVER_REQUIRED = "Please upload a cover art image.";
export const SUBMISSION_SUCCESSFUL = "Submission successful!";
export const SUBMISSION_FAILED = "Submission failed.";
export const ENTRIES_LOAD_FAILED = "Failed to load beat battle entries.";
export const ALREADY_ENTERED = "You have already entered this battle: one entry per producer.";
export const BATTLE_CLOSED = "This battle is closed: its deadline has passed.";
export const UPLOAD_MISSING = "An uploaded file was not found. Please choose your files and submit again.";

/** Seed 001 §9. */
export const BEAT_LIMITS = { projectTitle: 20, producerName: 20, location: 30, socialContact: 180 } as const;
/** Ours: enough for a beat and its stems, few enough for one D1 batch. */
export const MAX_AUDIO_FILES = 10;

const optionalText = (max: number, label: string) =>
  memberText()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? "");

export const beatEntryFieldsSchema = z.object({
  projectTitle: memberText({ error: PROJECT_TITLE_REQUIRED })
    .trim()
    .min(1, PROJECT_TITLE_REQUIRED)
    .max(BEAT_LIMITS.projectTitle, `Beat name must be at most ${BEAT_LIMITS.projectTitle} characters.`),
  producerName: memberText({ error: PRODUCER_NAME_REQUIRED })
    .trim()
    .min(1, PRODUCER_NAME_REQUIRED)
    .max(BEAT_LIMITS.producerName, `Producer name must be at most ${BEAT_LIMITS.producerName} characters.`),
  location: optionalText(BEAT_LIMITS.location, "Location"),
  socialContact: optionalText(BEAT_LIMITS.socialContact, "Short message"),
});
export type BeatEntryFields = z.output<typeof beatEntryFieldsSchema>;

/** The files the browser chose, checked before anything is uploaded. */
export const beatFilesSchema = z.object({
  audioCount: z.number().int().min(1, AUDIO_REQUIRED).max(MAX_AUDIO_FILES, `At most ${MAX_AUDIO_FILES} audio files.`),
  hasCover: z.literal(true, { error: COVER_REQUIRED }),
});

const uploadId = z.string().trim().min(1).max(64);

/** Seed `/beat-battle-submit`: the fields and the verified uploads that make the entry. */
export const beatSubmitSchema = beatEntryFieldsSchema.extend({
  audioUploadIds: z
    .array(uploadId, { error: AUDIO_REQUIRED })
    .min(1, AUDIO_REQUIRED)
    .max(MAX_AUDIO_FILES, `At most ${MAX_AUDIO_FILES} audio files.`),
  coverUploadId: z.string({ error: COVER_REQUIRED }).trim().min(1, COVER_REQUIRED).max(64),
});
export type BeatSubmission = z.output<typeof beatSubmitSchema>;

export const BATTLE_TITLE_REQUIRED = "Battle title is required.";
export const BATTLE_DEADLINE_INVALID = "Deadline must be a date and time.";

/** The admin names the battle and sets its deadline. */
export const battleSettingsSchema = z.object({
  title: memberText({ error: BATTLE_TITLE_REQUIRED }).trim().min(1, BATTLE_TITLE_REQUIRED).max(100),
  deadline: z.coerce.date({ error: BATTLE_DEADLINE_INVALID }).refine((d) => !Number.isNaN(d.getTime()), {
    message: BATTLE_DEADLINE_INVALID,
  }),
});

export const revealSchema = z.object({ revealed: z.boolean() });

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
