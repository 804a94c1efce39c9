// Beat details (issue 33): what buyers filter and search the store by. Ours; the seed has none.
import { z } from "zod";
import { memberText } from "./text";

export const MUSICAL_KEYS = [
  "C major",
  "C minor",
  "C# major",
  "C# minor",
  "D major",
  "D minor",
  "Eb major",
  "Eb minor",
  "E major",
  "E minor",
  "F major",
  "F minor",
  "F# major",
  "F# minor",
  "G major",
  "G minor",
  "Ab major",
  "Ab minor",
  "A major",
  "A minor",
  "Bb major",
  "Bb minor",
  "B major",
  "B minor",
] as const;

export const BPM_INVALID = "BPM is a whole number from 20 to 400.";
export const KEY_INVALID = "Choose a key from the list.";
export const DETAIL_TOO_LONG = "At most 40 characters.";
export const TAGS_INVALID = "At most 10 tags of up to 30 characters each.";

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

export const STORE_SORTS = ["newest", "price-asc", "price-desc", "popular"] as const;
export const SORT_LABELS: Record<(typeof STORE_SORTS)[number], string> = {
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  popular: "Most popular",
};

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
