// The store's licence and access names and its seed messages (seed 001 §8, §9 verbatim), apart from
// the schemas in products.ts (which re-exports them): a store page that only shows them loads no zod
// (ADR 051). The forms' limits and messages are in products-form-messages.ts, so the public store
// pages do not carry them.

export const LICENSE_TYPES = ["free", "non-exclusive", "exclusive"] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
export const ACCESS_TYPES = ["private", "public-read"] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

/** Seed 001 §9: the free licence's label is the seed's; the others name the value. */
export const LICENSE_LABELS: Record<LicenseType, string> = {
  free: "Free License (Non-Commercial Use)",
  "non-exclusive": "Non-Exclusive License",
  exclusive: "Exclusive License",
};
export const ACCESS_LABELS: Record<AccessType, string> = { private: "Private", "public-read": "Public" };

// Seed 001 §8.
export const UPLOAD_SUCCESSFUL = "Upload successful!";
export const UNEXPECTED_ERROR = "An unexpected error occurred. Please try again.";
export const NO_PRODUCTS = "No products found.";
