// Licence tiers (issue 33, ADR 044): the built-in templates a seller starts
// from, how a tier's terms read (product page, licence PDF, verification
// page, purchases, receipt), and the messages of the seller's forms, without
// zod: the pages that show them load no schema (ADR 051). The forms' schemas
// are in licence-tiers.ts, which re-exports all of this.
import type { TierFormat, TierTemplate, TierTerms } from "../../worker/db/schema";

export type { TierFormat, TierTemplate, TierTerms };
export const TIER_TEMPLATE_IDS = ["mp3-lease", "wav-lease", "stems", "unlimited", "exclusive"] as const;
export const TIER_FORMAT_IDS = ["mp3", "wav", "stems"] as const;

export const FORMAT_LABELS: Record<TierFormat, string> = {
  mp3: "MP3 files",
  wav: "WAV files",
  stems: "Stems (zip)",
};

export interface TierTemplateValues {
  name: string;
  priceCents: number;
  formats: TierFormat[];
  terms: TierTerms;
}

const CREDIT = "Prod. by {producer}";

/** The built-in templates; a seller's edited copy (licence_templates) takes their place. */
export const BUILT_IN_TEMPLATES: Record<TierTemplate, TierTemplateValues> = {
  "mp3-lease": {
    name: "MP3 Lease",
    priceCents: 2999,
    formats: ["mp3"],
    terms: { distributionCopies: 2000, audioStreams: 100_000, musicVideos: 1, radioStations: 0, creditLine: CREDIT },
  },
  "wav-lease": {
    name: "WAV Lease",
    priceCents: 4999,
    formats: ["mp3", "wav"],
    terms: { distributionCopies: 5000, audioStreams: 250_000, musicVideos: 1, radioStations: 2, creditLine: CREDIT },
  },
  stems: {
    name: "Trackout / Stems",
    priceCents: 9999,
    formats: ["mp3", "wav", "stems"],
    terms: {
      distributionCopies: 10_000,
      audioStreams: 1_000_000,
      musicVideos: 2,
      radioStations: 5,
      creditLine: CREDIT,
    },
  },
  unlimited: {
    name: "Unlimited",
    priceCents: 19_999,
    formats: ["mp3", "wav", "stems"],
    terms: { distributionCopies: null, audioStreams: null, musicVideos: null, radioStations: null, creditLine: CREDIT },
  },
  exclusive: {
    name: "Exclusive",
    priceCents: 49_999,
    formats: ["mp3", "wav", "stems"],
    terms: { distributionCopies: null, audioStreams: null, musicVideos: null, radioStations: null, creditLine: CREDIT },
  },
};

export const isExclusiveTemplate = (template: TierTemplate) => template === "exclusive";

const count = (n: number | null, one: string, many: string) =>
  n === null ? `unlimited ${many}` : `up to ${new Intl.NumberFormat("en-US").format(n)} ${n === 1 ? one : many}`;

/** A tier's terms as sentences, the same on every surface. */
export function tierTermLines(terms: TierTerms, exclusive: boolean, producer?: string): string[] {
  const lines = [
    `Distribution: ${count(terms.distributionCopies, "copy", "copies")}.`,
    `Audio streams: ${count(terms.audioStreams, "stream", "streams")}.`,
    `Music videos: ${count(terms.musicVideos, "video", "videos")}.`,
    terms.radioStations === 0
      ? "Radio broadcasting: not included."
      : `Radio broadcasting: ${count(terms.radioStations, "station", "stations")}.`,
    `Credit line: “${producer ? terms.creditLine.replaceAll("{producer}", producer) : terms.creditLine}”.`,
  ];
  lines.push(
    exclusive
      ? "Exclusive: the beat is withdrawn from sale when this licence is issued; licences issued before it remain valid under their own terms."
      : "Non-exclusive: the producer keeps ownership and may license the beat to others.",
  );
  return lines;
}

export const deliversLine = (formats: readonly TierFormat[]) =>
  `Delivers: ${formats.map((format) => FORMAT_LABELS[format]).join(", ")}.`;

// ── The seller's forms ──────────────────────────────────────────────────────

export const TIER_NAME_REQUIRED = "Tier name is required.";
export const TIER_NAME_TOO_LONG = "Tier name must be at most 60 characters.";
export const TIER_FORMATS_REQUIRED = "Choose at least one kind of file the tier delivers.";
export const TIER_COUNT_INVALID = "Enter a whole number from 0 to 100,000,000, or leave it empty for unlimited.";
export const CREDIT_LINE_TOO_LONG = "The credit line must be at most 120 characters.";
export const TOO_MANY_TIERS = "A beat can offer at most 8 licence tiers.";
export const TIER_NOT_FOUND = "Licence tier not found.";
export const TEMPLATE_NOT_FOUND = "Licence template not found.";
export const MAX_TIERS = 8;
