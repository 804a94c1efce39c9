// The fundraiser (seed 001 screen 8, §3, §4, §5, §8, §9), shared by the page
// and the API, with the seed's messages verbatim.
import { z } from "zod";
import { money, toCents } from "./money";
import { memberText } from "./text";

export const FUNDRAISER_HEADING = "Donate and Become an Action Star Member";
export const EMAIL_REQUIRED = "Please enter your email.";
export const AMOUNT_INVALID = "Please enter a valid donation amount.";
export const DONATION_INIT_FAILED = "Unable to initialize donation payment.";
export const DONATION_ERROR = "An error occurred while processing the donation.";
export const DONATION_SUCCESSFUL = "Donation successful!";
export const DONATION_MESSAGE_TOO_LONG = "Message must not exceed 180 characters.";
export const READ_MORE = "Read More";
export const SHOW_LESS = "Show Less";
/** Seed 001 §9: the popup's paragraph (and header) preview length. */
export const PREVIEW_CHARACTERS = 100;

/** Seed 001 §9: presets in dollars; a custom amount of at least $1. */
export const DONATION_PRESETS = [5, 25, 50] as const;
export const MIN_CUSTOM_DOLLARS = 1;

/** Seed 001 §9: the static equipment list, prices in cents. */
export const EQUIPMENT = [
  { item: "liveU solo x2", cents: 199_000 },
  { item: "usb modem x2", cents: 27_800 },
  { item: "battery x2", cents: 26_400 },
  { item: "camera x2", cents: 59_600 },
  { item: "backpack x2", cents: 59_000 },
] as const;
/** The goal is what the equipment costs. */
export const GOAL_CENTS = EQUIPMENT.reduce((sum, line) => sum + line.cents, 0);

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const flag = z
  .union([z.boolean(), z.enum(["on", "true", "false", ""])])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/**
 * Seed `/create-fundraiser-intent`: a preset ("5", "25", "50") or "custom" with its amount.
 * The amount in cents is computed here, on the server, from that choice; nothing else is charged.
 */
export const donationSchema = z
  .object({
    preset: z.enum(["5", "25", "50", "custom"], { error: AMOUNT_INVALID }),
    customAmount: z.union([z.string(), z.number()]).optional(),
    email: z
      .string({ error: EMAIL_REQUIRED })
      .trim()
      .min(1, EMAIL_REQUIRED)
      .max(254, "Please enter a valid email address.")
      .regex(SIMPLE_EMAIL, "Please enter a valid email address.")
      .transform((email) => email.toLowerCase()),
    donorName: memberText().trim().max(100, "Name must be at most 100 characters.").optional().default(""),
    message: memberText().trim().max(180, DONATION_MESSAGE_TOO_LONG).optional().default(""),
    showName: flag,
    showAmount: flag,
  })
  .transform((input, ctx) => {
    let amountCents: number;
    if (input.preset === "custom") {
      const dollars = money({ message: AMOUNT_INVALID }).safeParse(input.customAmount);
      if (!dollars.success || dollars.data < MIN_CUSTOM_DOLLARS) {
        ctx.addIssue({ code: "custom", message: AMOUNT_INVALID, path: ["customAmount"] });
        return z.NEVER;
      }
      amountCents = toCents(dollars.data);
    } else {
      amountCents = Number(input.preset) * 100;
    }
    const { preset: _, customAmount: __, ...rest } = input;
    return { ...rest, amountCents };
  });
export type DonationInput = z.output<typeof donationSchema>;
