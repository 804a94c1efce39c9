// Shows and their episodes (issue 30), shared by the pages and the API.
import { z } from "zod";
import { memberText } from "./text";

export const SHOW_TITLE_MAX = 200;
export const SHOW_DESCRIPTION_MAX = 4000;

/** Member text that ends up in feeds and ID3 tags (the shared helper drops C0 controls first). */
const showText = (label: string, max: number) =>
  memberText({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Apple Podcasts' top-level categories (what `itunes:category` must name). */
export const SHOW_CATEGORIES = [
  "Arts",
  "Business",
  "Comedy",
  "Education",
  "Fiction",
  "Government",
  "Health & Fitness",
  "History",
  "Kids & Family",
  "Leisure",
  "Music",
  "News",
  "Religion & Spirituality",
  "Science",
  "Society & Culture",
  "Sports",
  "Technology",
  "True Crime",
  "TV & Film",
] as const;

export const SLUG_INVALID = "Use 3 to 60 lower-case letters, digits and hyphens.";
export const SLUG_TAKEN = "This address is already taken.";
export const ARTWORK_INVALID = "Artwork must be a square JPEG or PNG from 1400 to 3000 pixels a side.";
export const PLAYLIST_ALREADY_EPISODE = "This playlist is already published as an episode.";
export const EPISODE_MEDIA_MISMATCH = "This playlist's media does not match the show's.";

const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const showSchema = z.object({
  title: showText("Title", SHOW_TITLE_MAX),
  slug: z
    .string({ error: SLUG_INVALID })
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/, SLUG_INVALID),
  description: showText("Description", SHOW_DESCRIPTION_MAX),
  author: showText("Author", 100),
  category: z.enum(SHOW_CATEGORIES, { error: "Choose a category." }),
  language: z
    .string({ error: "Language is required." })
    .trim()
    .regex(/^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})?$/, "Use a language code such as en or en-GB."),
  explicit: checkbox,
  mediaType: z.enum(["audio", "video"], { error: "Choose audio or video." }).default("audio"),
  artworkUploadId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
});
export type ShowForm = z.infer<typeof showSchema>;

const optionalNumber = (label: string) =>
  z
    .union([z.number(), z.string()])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : Number(v)))
    .pipe(
      z
        .number({ error: `${label} must be a whole number.` })
        .int(`${label} must be a whole number.`)
        .min(1, `${label} must be at least 1.`)
        .max(9999, `${label} must be at most 9999.`)
        .optional(),
    );

export const episodeSchema = z.object({
  playlistId: z.string({ error: "Choose a playlist." }).trim().min(1, "Choose a playlist.").max(64),
  title: showText("Title", SHOW_TITLE_MAX),
  description: showText("Description", SHOW_DESCRIPTION_MAX),
  season: optionalNumber("Season"),
  episodeNumber: optionalNumber("Episode number"),
  /** Empty: now. An ISO date-time (with offset) for a scheduled episode. */
  publishAt: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.iso.datetime({ offset: true, local: true, error: "Enter a valid publish date." }).optional()),
});
export type EpisodeForm = z.infer<typeof episodeSchema>;

export const episodePublishedSchema = z.object({ published: z.boolean() });
