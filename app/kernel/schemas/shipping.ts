// The shipping-address form (seed 001 §3, §5, §9), shared by the Settings
// action and the JSON API. The seed's messages are kept verbatim; the length
// caps without a seed message carry messages of our own.
//
// The seed says each required field fails with '{field} is required'. We fill
// {field} with the form's readable label ('Recipient name is required'), not
// the property name ('recipientName is required'): the seed does not say which,
// and the label is what the member reads next to the input.
import { z } from "zod";
import { memberText } from "./text";

export const SHIPPING_SAVED = "Saved successfully.";
export const PHONE_INVALID = "Phone appears invalid";
export const ZIP_INVALID = "ZIP/Postal appears invalid";
export const SIGN_IN_FOR_SHIPPING = "Please sign in to manage your shipping information.";
export const SHIPPING_LOAD_FAILED = "Error loading shipping info.";
export const SHIPPING_SAVE_FAILED = "Failed to save address.";
export const SHIPPING_SAVE_ERROR = "Error saving address.";
export const TOO_MANY_ADDRESSES = "You can keep at most 20 addresses.";
export const COUNTRY_NOT_ALLOWED = "Country must be United States.";

/** How many addresses one member may keep (ours, not the seed's). */
export const MAX_ADDRESSES = 20;

/** Seed 001 §9: the maximum length of every field. */
export const SHIPPING_LIMITS = {
  recipientName: 100,
  phone: 20,
  streetAddress: 180,
  city: 80,
  state: 40,
  zipCode: 12,
  neighborhood: 80,
  landmark: 120,
} as const;

/** The only country offered (seed 001 §3): stored as its value, shown as its label. */
export const COUNTRIES = [{ value: "USA", label: "United States" }] as const;
export const DEFAULT_COUNTRY = "USA";

/** The readable label of each field, used for '{field} is required' and the form's labels. */
export const SHIPPING_LABELS = {
  recipientName: "Recipient name",
  phone: "Phone",
  streetAddress: "Street address",
  city: "City",
  state: "State",
  zipCode: "ZIP/Postal code",
  country: "Country",
  neighborhood: "Neighborhood",
  landmark: "Landmark",
} as const;

type Field = keyof typeof SHIPPING_LABELS;
type Limited = Exclude<keyof typeof SHIPPING_LIMITS, "phone" | "zipCode">;

const isRequired = (field: Field) => `${SHIPPING_LABELS[field]} is required`;
const tooLong = (field: Limited) => `${SHIPPING_LABELS[field]} must be at most ${SHIPPING_LIMITS[field]} characters.`;

/** 7 to 20 of digits, parentheses, plus, hyphen, dot or space (seed 001 §5). */
const PHONE_PATTERN = /^[0-9()+\-. ]{7,20}$/;
/** 3 to 12 of letters, digits, hyphen or space (seed 001 §5). */
const ZIP_PATTERN = /^[A-Za-z0-9\- ]{3,12}$/;

/** Trimmed, non-empty, at most the field's limit; a missing or blank value says '{field} is required' only. */
const required = (field: Limited) =>
  memberText({ error: isRequired(field) })
    .trim()
    .min(1, { error: isRequired(field), abort: true })
    .max(SHIPPING_LIMITS[field], { error: tooLong(field), abort: true });

/** Trimmed; missing, null or blank becomes null. */
const optional = (field: Limited) =>
  memberText()
    .trim()
    .max(SHIPPING_LIMITS[field], tooLong(field))
    .nullish()
    .transform((value) => value || null);

export const shippingSchema = z.object({
  recipientName: required("recipientName"),
  // The pattern carries the length (7 to 20), so a too-long phone says the seed's 'Phone appears invalid'.
  phone: memberText({ error: PHONE_INVALID })
    .trim()
    .refine((value) => value === "" || PHONE_PATTERN.test(value), PHONE_INVALID)
    .nullish()
    .transform((value) => value || null),
  streetAddress: required("streetAddress"),
  city: required("city"),
  state: required("state"),
  // The pattern carries the length (3 to 12), so a too-long ZIP says the seed's 'ZIP/Postal appears invalid'.
  zipCode: memberText({ error: isRequired("zipCode") })
    .trim()
    .min(1, { error: isRequired("zipCode"), abort: true })
    .regex(ZIP_PATTERN, ZIP_INVALID),
  country: memberText({ error: isRequired("country") })
    .trim()
    .min(1, { error: isRequired("country"), abort: true })
    .refine((value) => COUNTRIES.some((country) => country.value === value), COUNTRY_NOT_ALLOWED)
    .default(DEFAULT_COUNTRY),
  neighborhood: optional("neighborhood"),
  landmark: optional("landmark"),
});
export type ShippingForm = z.output<typeof shippingSchema>;

export function countryLabel(value: string): string {
  return COUNTRIES.find((country) => country.value === value)?.label ?? value;
}
