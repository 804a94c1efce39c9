// Beat details (issue 33): what buyers filter and search the store by. Ours; the seed has none.
import { z } from "zod";
import {
  BPM_INVALID,
  DETAIL_TOO_LONG,
  KEY_INVALID,
  MUSICAL_KEYS,
  STORE_SORTS,
  TAGS_INVALID,
} from "./beat-details-messages";
import { memberText } from "./text";

export * from "./beat-details-messages";

const label = memberText().trim().max(40, DETAIL_TOO_LONG);

export const bpmSchema = z.number({ error: BPM_INVALID }).int(BPM_INVALID).min(20, BPM_INVALID).max(400, BPM_INVALID);

export const beatDetailsSchema = z.object({
  genre: label.nullable().transform((v) => v || null),
  mood: label.nullable().transform((v) => v || null),
  musicalKey: z.enum(MUSICAL_KEYS, { error: KEY_INVALID }).nullable(),
  bpm: bpmSchema.nullable(),
  tags: z
    .array(memberText().trim().toLowerCase().min(1, TAGS_INVALID).max(30, TAGS_INVALID), { error: TAGS_INVALID })
    .max(10, TAGS_INVALID)
    .transform((tags) => [...new Set(tags)]),
});
export type BeatDetails = z.infer<typeof beatDetailsSchema>;

const optionalNumber = (max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v && /^\d+(\.\d{1,2})?$/.test(v) && Number(v) <= max ? Number(v) : undefined));

/** The store page's GET parameters; anything unreadable is ignored rather than refused. */
export const storeQuerySchema = z.object({
  q: z.string().trim().max(60).optional().catch(undefined),
  genre: z.string().trim().max(40).optional().catch(undefined),
  key: z.enum(MUSICAL_KEYS).optional().catch(undefined),
  bpmMin: optionalNumber(400).catch(undefined),
  bpmMax: optionalNumber(400).catch(undefined),
  priceMin: optionalNumber(10_000_000).catch(undefined),
  priceMax: optionalNumber(10_000_000).catch(undefined),
  sort: z.enum(STORE_SORTS).optional().catch(undefined),
});
export type StoreQuery = z.infer<typeof storeQuerySchema>;
