// Licence tiers (issue 33, ADR 044): the rules of the seller's forms and the
// buyer's choice. The templates, how a tier's terms read and the forms'
// messages are in the zod-free licence-tiers-messages.ts (re-exported here).
// The seed's single licence stays each product's default tier (LICENCE_NAMES/TERMS).
import { z } from "zod";
import {
  CREDIT_LINE_TOO_LONG,
  TIER_COUNT_INVALID,
  TIER_FORMAT_IDS,
  TIER_FORMATS_REQUIRED,
  TIER_NAME_REQUIRED,
  TIER_NAME_TOO_LONG,
  TIER_TEMPLATE_IDS,
} from "./licence-tiers-messages";
import { money } from "./schemas/money";
import { memberText } from "./schemas/text";

export * from "./licence-tiers-messages";

const countSchema = z
  .number({ error: TIER_COUNT_INVALID })
  .int(TIER_COUNT_INVALID)
  .min(0, TIER_COUNT_INVALID)
  .max(100_000_000, TIER_COUNT_INVALID)
  .nullable();

export const tierTermsSchema = z.object({
  distributionCopies: countSchema,
  audioStreams: countSchema,
  musicVideos: countSchema,
  radioStations: countSchema,
  creditLine: memberText().trim().max(120, CREDIT_LINE_TOO_LONG),
});

export const tierValuesSchema = z.object({
  name: memberText({ error: TIER_NAME_REQUIRED }).trim().min(1, TIER_NAME_REQUIRED).max(60, TIER_NAME_TOO_LONG),
  price: money(),
  formats: z
    .array(z.enum(TIER_FORMAT_IDS), { error: TIER_FORMATS_REQUIRED })
    .min(1, TIER_FORMATS_REQUIRED)
    .transform((formats) => [...new Set(formats)]),
  terms: tierTermsSchema,
});
export type TierValues = z.infer<typeof tierValuesSchema>;

/** What the seller edits on a tier or a template in /digimanager: its price and terms (name and files stay). */
export const tierPriceTermsSchema = tierValuesSchema.pick({ price: true, terms: true });
export type TierPriceTerms = z.infer<typeof tierPriceTermsSchema>;

/** The form's fields named as the schema's paths ("price", "terms.audioStreams"…), so its errors land beside them. */
export const TERM_COUNT_FIELDS = ["distributionCopies", "audioStreams", "musicVideos", "radioStations"] as const;

/**
 * The tier form's strings as the schema reads them: an empty count is unlimited (null), a count
 * may be written with thousands separators; anything else that is not a number stays NaN and is refused.
 */
export function priceTermsFromForm(fields: Record<string, string | undefined>) {
  const count = (name: string) => {
    const text = (fields[`terms.${name}`] ?? "").replace(/[,_\s]/g, "");
    return text === "" ? null : Number(text);
  };
  return {
    price: fields.price ?? "",
    terms: {
      ...Object.fromEntries(TERM_COUNT_FIELDS.map((name) => [name, count(name)])),
      creditLine: fields["terms.creditLine"] ?? "",
    },
  };
}

/** Add a tier from a template: the seller's edited copy (or the built-in one), optionally changed. */
export const newTierSchema = z.object({
  template: z.enum(TIER_TEMPLATE_IDS, { error: "Choose a licence template." }),
  values: tierValuesSchema.optional(),
});

/** The buyer's choice on the product page: no tier id means the product's own licence. */
export const tierChoiceSchema = z.string().trim().max(64).optional();
