// The fundraiser (seed 001 screen 8, §3, §4, §5, §8, §9), shared by the page
// and the API, with the seed's messages verbatim.
import { z } from "zod";
import { AMOUNT_INVALID, DONATION_MESSAGE_TOO_LONG, EMAIL_REQUIRED, MIN_CUSTOM_DOLLARS } from "./fundraiser-messages";
import { money, toCents } from "./money";
import { memberText } from "./text";

export * from "./fundraiser-messages";

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
