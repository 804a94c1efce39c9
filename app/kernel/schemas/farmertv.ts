// FarmerTV (seed 001 screens 10–11, §3, §5, §8), shared by the pages and the
// API, with the seed's messages verbatim.
import { z } from "zod";
import { DESCRIPTION_MAX, DESCRIPTION_TOO_LONG, TITLE_AND_DESCRIPTION_FIRST, TITLE_MAX } from "./farmertv-messages";
import { memberText } from "./text";

export * from "./farmertv-messages";

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
