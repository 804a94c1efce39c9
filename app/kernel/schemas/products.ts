// Store products (seed 001 screens 1–3, §3, §5, §8, §9): the create form, the
// manager's one-field edits and the store page share these rules, in the
// browser (safeParse before sending; the pages import this module when a form
// is sent, their words come from products-messages.ts and products-form-messages.ts, ADR 051) and on the server.
//
// The seed's client skipped an invalid save silently and had no messages for
// it; the create form shows ours below each field. The manager keeps the
// seed's behaviour: an empty or invalid inline value ends editing unsaved.
import { z } from "zod";
import { money, PRICE_TOO_SMALL } from "./money";
import {
  AUDIO_REQUIRED,
  DESCRIPTION_MAX,
  DESCRIPTION_REQUIRED,
  DESCRIPTION_TOO_LONG,
  EDITABLE_FIELDS,
  type EditableField,
  FREE_HAS_NO_PRICE,
  MAX_AUDIO_FILES,
  ONE_FIELD_AT_A_TIME,
  QUANTITY_INVALID,
  QUANTITY_MAX,
  TITLE_MAX,
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
  TOO_MANY_AUDIO_FILES,
} from "./products-form-messages";
import { ACCESS_TYPES, LICENSE_TYPES, type LicenseType } from "./products-messages";
import { memberText } from "./text";

export * from "./products-form-messages";
export * from "./products-messages";

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
