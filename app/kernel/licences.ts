// What each licence grants, printed in the licence PDF and on its public
// verification page (/licence/:code). Ours: the seed names the licences only.
import type { LicenseType } from "../../worker/db/schema";

export const LICENCE_NAMES: Record<LicenseType, string> = {
  free: "Free License (Non-Commercial Use)",
  "non-exclusive": "Non-Exclusive License",
  exclusive: "Exclusive License",
};

export const LICENCE_TERMS: Record<LicenseType, string[]> = {
  free: [
    "The licensee may use the work in personal, non-commercial projects.",
    "No sale, streaming monetisation, broadcast or other commercial use is permitted.",
    "The producer keeps all rights and may license the work to others.",
    "The producer must be credited wherever the work is published.",
  ],
  "non-exclusive": [
    "The licensee may use the work in commercial recordings, performances, streams and videos.",
    "The licence is non-exclusive: the producer keeps ownership and may license the work to others.",
    "The licensee may not resell, sublicense or claim ownership of the work itself.",
    "The producer must be credited wherever the work is published.",
  ],
  exclusive: [
    "The licensee receives exclusive rights to use the work, commercially and without limits of medium.",
    "The work was withdrawn from sale when this licence was issued; it will not be licensed to anyone else.",
    "Licences issued before this one remain valid under their own terms.",
    "The producer keeps authorship and must be credited wherever the work is published.",
  ],
};

export const LICENCE_VALID = "This licence is valid.";
export const LICENCE_INVALID = "This licence is not valid.";
export const LICENCE_UNKNOWN = "No licence has this code.";
export const LEASE_BEFORE_EXCLUSIVE =
  "The beat has since been sold exclusively. This licence was issued before that sale and remains valid under its own terms.";
