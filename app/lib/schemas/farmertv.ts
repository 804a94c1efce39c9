// FarmerTV (seed 001 screens 10–11, §3, §5, §8), shared by the pages and the
// API, with the seed's messages verbatim.
import { z } from "zod";
import { memberText } from "./text";

export const TITLE_AND_DESCRIPTION_FIRST = "Please enter title and description first.";
export const UPLOAD_FAILED = "Upload failed.";
export const uploadedMessage = (name: string) => `File "${name}" uploaded successfully`;
/** 'Upload failed.' followed by the file and the server's reason, when there is one. */
export const uploadFailedMessage = (name: string, reason: string | null) =>
  reason ? `${UPLOAD_FAILED} ${name}: ${reason}` : UPLOAD_FAILED;
export const LOADING_EPISODES = "Loading episodes...";
export const NO_EPISODES = "No episodes uploaded yet.";
export const DESCRIPTION_MAX = 360;
export const DESCRIPTION_TOO_LONG = `Description must be at most ${DESCRIPTION_MAX} characters.`;
export const TITLE_MAX = 100;
export const EPISODE_UPLOAD_MISSING = "The uploaded video was not found. Please upload it again.";

export const episodeTextSchema = z.object({
  title: memberText({ error: TITLE_AND_DESCRIPTION_FIRST })
    .trim()
    .min(1, TITLE_AND_DESCRIPTION_FIRST)
    .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters.`),
  description: memberText({ error: TITLE_AND_DESCRIPTION_FIRST })
    .trim()
    .min(1, TITLE_AND_DESCRIPTION_FIRST)
    .max(DESCRIPTION_MAX, DESCRIPTION_TOO_LONG),
});

const uploadId = z.string().trim().min(1).max(64);

/** Seed `/save-farmertv-meta`: the text and the verified uploads of the episode. */
export const episodeCreateSchema = episodeTextSchema.extend({
  videoUploadId: uploadId,
  coverUploadId: uploadId.optional(),
});

export const episodeUpdateSchema = episodeTextSchema.partial().extend({ coverUploadId: uploadId.optional() });
export const episodeHiddenSchema = z.object({ hidden: z.boolean() });

export const EPISODE_COVER_ACCEPT: Record<string, string[]> = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/webp": [".webp"],
};
export const EPISODE_VIDEO_ACCEPT: Record<string, string[]> = {
  "video/mp4": [".mp4", ".m4v"],
  "video/quicktime": [".mov"],
  "video/webm": [".webm"],
};
