// Store products (seed 001 screens 1–3, §3, §5, §8, §9): the create form, the
// manager's one-field edits and the store page share these rules, in the
// browser (safeParse before sending) and on the server.
//
// The seed's client skipped an invalid save silently and had no messages for
// it; the create form shows ours below each field. The manager keeps the
// seed's behaviour: an empty or invalid inline value ends editing unsaved.
import { z } from "zod";
import { money, PRICE_TOO_SMALL } from "./money";
import { ACCESS_TYPES, LICENSE_TYPES, type LicenseType } from "./products-messages";
import { memberText } from "./text";

export * from "./products-messages";

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

export const titleSchema = memberText({ error: TITLE_REQUIRED })
  .trim()
  .min(1, { error: TITLE_REQUIRED, abort: true })
  .max(TITLE_MAX, TITLE_TOO_LONG);
export const descriptionSchema = memberText({ error: DESCRIPTION_REQUIRED })
  .trim()
  .min(1, { error: DESCRIPTION_REQUIRED, abort: true })
  .max(DESCRIPTION_MAX, DESCRIPTION_TOO_LONG);
/** Copies to sell, 0 to 1000; blank means no limit (the seed's quantity is optional). */
export const quantitySchema = z
  .union([z.number(), z.string().trim(), z.null()], { error: QUANTITY_INVALID })
  .transform((value, ctx): number | null => {
    if (value === null || value === "") return null;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 0 || number > QUANTITY_MAX) {
      ctx.addIssue({ code: "custom", message: QUANTITY_INVALID });
      return z.NEVER;
    }
    return number;
  });
export const licenseTypeSchema = z.enum(LICENSE_TYPES, {
  error: "License type must be free, non-exclusive or exclusive.",
});
export const accessTypeSchema = z.enum(ACCESS_TYPES, { error: "Access type must be private or public-read." });
const id = z.string().trim().min(1).max(64);

/** A free licence costs nothing; any other at least $0.01. */
function licensedPrice(form: { licenseType: LicenseType; price: number }, ctx: z.RefinementCtx) {
  if (form.licenseType === "free" && form.price > 0) {
    ctx.addIssue({ code: "custom", message: FREE_HAS_NO_PRICE, path: ["price"] });
  }
  if (form.licenseType !== "free" && form.price < 0.01) {
    ctx.addIssue({ code: "custom", message: PRICE_TOO_SMALL, path: ["price"] });
  }
}

const productFields = z.object({
  title: titleSchema,
  description: descriptionSchema,
  price: money({ allowZero: true }),
  quantity: quantitySchema.optional().transform((quantity) => quantity ?? null),
  licenseType: licenseTypeSchema.default("free"),
  accessType: accessTypeSchema.default("private"),
});

/** The form's fields before the files are uploaded (the page checks these before sending any byte). */
export const productDetailsSchema = productFields.superRefine(licensedPrice);

/** The 'Create Your Product' form; the files are completed uploads (cover optional, 1–20 audio files). */
export const productSchema = productFields
  .extend({
    productId: z.uuid({ error: "Product id is invalid." }),
    coverUploadId: id.nullish(),
    audioUploadIds: z
      .array(id, { error: AUDIO_REQUIRED })
      .min(1, AUDIO_REQUIRED)
      .max(MAX_AUDIO_FILES, TOO_MANY_AUDIO_FILES),
  })
  .superRefine(licensedPrice);
export type ProductForm = z.output<typeof productSchema>;

/** The manager's inline fields, and the access toggle: exactly one per request. */
export const EDITABLE_FIELDS = ["title", "description", "price", "quantity", "accessType"] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
const fieldSchemas = {
  title: titleSchema,
  description: descriptionSchema,
  // A free product's price is not editable (the domain refuses it); any other costs at least $0.01.
  price: money(),
  quantity: quantitySchema,
  accessType: accessTypeSchema,
} satisfies Record<EditableField, z.ZodType>;

export const productChangeSchema = z
  .object({
    title: fieldSchemas.title.optional(),
    description: fieldSchemas.description.optional(),
    price: fieldSchemas.price.optional(),
    quantity: fieldSchemas.quantity.optional(),
    accessType: fieldSchemas.accessType.optional(),
  })
  .refine((change) => EDITABLE_FIELDS.filter((field) => change[field] !== undefined).length === 1, ONE_FIELD_AT_A_TIME);
export type ProductChange = z.output<typeof productChangeSchema>;

/** One inline field's value from its input, as the API wants it; null when it must not be saved. */
export function parseField(field: EditableField, value: string): Partial<Record<EditableField, unknown>> | null {
  if (value.trim() === "") return null;
  const parsed = fieldSchemas[field].safeParse(value);
  return parsed.success ? { [field]: field === "price" ? value.trim() : parsed.data } : null;
}
