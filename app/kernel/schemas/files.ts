// Uploads, projects, files and notes: shared by the pages and the API, with
// the seed's messages (000 §5, §8) verbatim.
import { z } from "zod";
import { playlistSlotLetter, SLOT_INVALID, uploadSlotLetter } from "./slots";
import { memberText } from "./text";

export const ACCESS_TYPES = ["private", "public-read"] as const;

export const PROJECT_TITLE_REQUIRED = "Project title is required";
/** A file's slot letter is a playlist slot letter (app/kernel/schemas/slots.ts). */
export const SLOT_POSITION_INVALID = SLOT_INVALID;
export const NOTE_EMPTY = "Note cannot be empty";
export const NOTE_MAX_LENGTH = 180;
export const NOTE_TOO_LONG = `Note must be at most ${NOTE_MAX_LENGTH} characters.`;

/** Files above this go up in equal-size multipart parts (R2 requires equal parts). */
export const MULTIPART_THRESHOLD = 100 * 1024 * 1024;
export const PART_SIZE = 16 * 1024 * 1024;
export const MAX_FILE_SIZE = 5 * 1024 * 1024 * 1024;

/** Seed 000 §5: spaces in a project title become underscores. */
export const projectTitle = memberText({ error: PROJECT_TITLE_REQUIRED })
  .trim()
  .min(1, PROJECT_TITLE_REQUIRED)
  .max(100, "Project title must be at most 100 characters.")
  .transform((title) => title.replace(/\s+/g, "_"));

export const uploadRequestSchema = z
  .object({
    purpose: z.enum(
      [
        "project-file",
        "bid-media",
        "playlist-item",
        "program-file",
        "product-cover",
        "product-audio",
        "voice-tag",
        "product-stems",
        "beat-audio",
        "beat-cover",
        "episode-video",
        "episode-cover",
        "popup-image",
        "show-artwork",
      ],
      {
        error: "Unknown upload purpose.",
      },
    ),
    fileName: memberText({ error: "File name is required." })
      .trim()
      .min(1, "File name is required.")
      .max(255, "File name is too long."),
    contentType: z.string().trim().max(255).default("application/octet-stream"),
    size: z
      .number({ error: "File size is required." })
      .int()
      .min(1, "File is empty.")
      .max(MAX_FILE_SIZE, `File is larger than ${MAX_FILE_SIZE} bytes`),
    accessType: z.enum(ACCESS_TYPES, { error: "Access type must be private or public-read." }).default("private"),
    projectId: z.string().max(64).optional(),
    projectTitle: memberText().optional(),
    programId: z.string().max(64).optional(),
    /** Store uploads: the product the file is for (absent for the first file of a new product). */
    productId: z.string().max(64).optional(),
    /** Playlist and program uploads carry their slot letter. */
    slotPosition: uploadSlotLetter.transform((letter) => letter ?? undefined).optional(),
  })
  .superRefine((request, ctx) => {
    if (request.purpose === "project-file" && !request.projectId && !request.projectTitle?.trim()) {
      ctx.addIssue({ code: "custom", message: PROJECT_TITLE_REQUIRED, path: ["projectTitle"] });
    }
  });
export type UploadRequest = z.output<typeof uploadRequestSchema>;

export const uploadPartSchema = z.object({
  partNumber: z.number().int().min(1).max(10_000),
  etag: z.string().min(1).max(200),
});

export const slotPositionSchema = z.object({
  slotPosition: playlistSlotLetter,
});

export const noteSchema = z.object({
  note: memberText({ error: NOTE_EMPTY }).trim().min(1, NOTE_EMPTY).max(NOTE_MAX_LENGTH, NOTE_TOO_LONG),
});
/** Seed 000 §8: the project page's data could not be had. */
export const PROJECT_FILES_LOAD_FAILED = "Failed to load project files";
