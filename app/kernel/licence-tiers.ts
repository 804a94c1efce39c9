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

/** Add a tier from a template: the seller's edited copy (or the built-in one), optionally changed. */
export const newTierSchema = z.object({
  template: z.enum(TIER_TEMPLATE_IDS, { error: "Choose a licence template." }),
  values: tierValuesSchema.optional(),
});

/** The buyer's choice on the product page: no tier id means the product's own licence. */
export const tierChoiceSchema = z.string().trim().max(64).optional();
