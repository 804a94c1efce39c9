// The beat battle (seed 001 screens 5–6, §3, §5, §8), shared by the page and
// the API, with the seed's messages verbatim; caps without a seed message
// carry messages of our own.
import { z } from "zod";
import {
  AUDIO_REQUIRED,
  BATTLE_DEADLINE_INVALID,
  BATTLE_PRIZE_MAX,
  BATTLE_PRIZE_TOO_LONG,
  BATTLE_TITLE_REQUIRED,
  BEAT_LIMITS,
  COVER_REQUIRED,
  MAX_AUDIO_FILES,
  PRODUCER_NAME_REQUIRED,
  PROJECT_TITLE_REQUIRED,
} from "./beatbattle-messages";
import { memberText } from "./text";

export * from "./beatbattle-messages";

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

/** The admin names the battle, its prize and its deadline. A prize left out stays as it was. */
export const battleSettingsSchema = z.object({
  title: memberText({ error: BATTLE_TITLE_REQUIRED }).trim().min(1, BATTLE_TITLE_REQUIRED).max(100),
  prize: memberText({ error: BATTLE_PRIZE_TOO_LONG }).trim().max(BATTLE_PRIZE_MAX, BATTLE_PRIZE_TOO_LONG).optional(),
  deadline: z.coerce.date({ error: BATTLE_DEADLINE_INVALID }).refine((d) => !Number.isNaN(d.getTime()), {
    message: BATTLE_DEADLINE_INVALID,
  }),
});

export const revealSchema = z.object({ revealed: z.boolean() });
