// The product forms' limits, messages and accepted files (the create form, the manager's inline
// edits and file uploads; ours, the seed has none for these rules), apart from the schemas in
// products.ts (which re-exports them): the seller's pages show them without loading zod (ADR 051).

// Ours (the seed has none for these rules).
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const QUANTITY_MAX = 1000;
export const MAX_AUDIO_FILES = 20;
export const TITLE_REQUIRED = "Title is required.";
export const TITLE_TOO_LONG = `Title must be at most ${TITLE_MAX} characters.`;
export const DESCRIPTION_REQUIRED = "Description is required.";
export const DESCRIPTION_TOO_LONG = `Description must be at most ${DESCRIPTION_MAX} characters.`;
export const QUANTITY_INVALID = `Quantity must be a whole number from 0 to ${QUANTITY_MAX}.`;
export const FREE_HAS_NO_PRICE = "A free license has no price: set the price to 0.";
export const AUDIO_REQUIRED = "Please upload at least one audio file.";
export const TOO_MANY_AUDIO_FILES = `A product can have at most ${MAX_AUDIO_FILES} audio files.`;
export const ONE_FIELD_AT_A_TIME = "Change one field at a time.";
export const PRODUCT_DELETED = "Product deleted.";

/** Seed 001 §9: accepted files, as react-dropzone's `accept` (the server sniffs the bytes again). */
export const COVER_ACCEPT: Record<string, string[]> = {
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/gif": [".gif"],
};
export const AUDIO_ACCEPT: Record<string, string[]> = {
  "audio/mpeg": [".mp3"],
  "audio/mp4": [".m4a"],
  "audio/x-m4a": [".m4a"],
  "audio/wav": [".wav"],
  "audio/x-wav": [".wav"],
  "audio/aac": [".aac"],
};
export const COVER_EXTENSIONS = ["png", "jpg", "jpeg", "gif"] as const;
export const AUDIO_EXTENSIONS = ["mp3", "m4a", "wav", "aac"] as const;
export const COVER_TYPE_INVALID = "The cover image must be a png, jpg/jpeg or gif file.";
export const AUDIO_TYPE_INVALID = "Audio files must be mp3, m4a, wav or aac.";
export const COVER_TOO_LARGE = "The cover image must be at most 20 MB.";
export const AUDIO_TOO_LARGE = "An audio file must be at most 1 GB.";
export const PRODUCT_NOT_FOUND = "Product not found.";
export const NOT_ON_SALE = "This product is no longer on sale, so it cannot be changed.";
export const LAST_AUDIO_FILE = "A product needs at least one audio file.";
export const ALREADY_SAVED = "This product has already been saved.";

/** Whether a file name ends with one of the extensions (case-insensitive). */
export function hasExtension(fileName: string, extensions: readonly string[]): boolean {
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  return fileName.includes(".") && extensions.includes(extension);
}

/** Largest cover and audio file (ours): a cover is a picture, a beat's WAV stems are big. */
export const MAX_COVER_BYTES = 20 * 1024 * 1024;
export const MAX_AUDIO_BYTES = 1024 * 1024 * 1024;

/** A beat's stems (ADR 055): one zip per beat, delivered only with a tier that includes stems. */
export const STEMS_TYPE = "application/zip";
export const STEMS_EXTENSIONS = ["zip"] as const;
export const STEMS_ACCEPT: Record<string, string[]> = { "application/zip": [".zip"] };
export const STEMS_TYPE_INVALID = "Stems must be one .zip file.";
export const STEMS_TOO_LARGE = "A stems zip must be at most 2 GB.";
export const MAX_STEMS_BYTES = 2 * 1024 * 1024 * 1024;
export const STEMS_NEED_PRODUCT = "Save the beat first, then add its stems.";

/** The manager's inline fields, and the access toggle: exactly one per request. */
export const EDITABLE_FIELDS = ["title", "description", "price", "quantity", "accessType"] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
