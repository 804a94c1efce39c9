// Beat details (issue 33): the keys, the store's sorts and the messages, without zod, so a page
// that only lists them loads no schema (ADR 051); beat-details.ts builds the schemas on them and
// re-exports this. Ours; the seed has none.

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

export const STORE_SORTS = ["newest", "price-asc", "price-desc", "popular"] as const;
export const SORT_LABELS: Record<(typeof STORE_SORTS)[number], string> = {
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  popular: "Most popular",
};
