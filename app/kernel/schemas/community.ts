// The 'Early Risers' community form (seed 001 screen 7, §5, §7 `/add-farmer`),
// shared by the page and the API, with the seed's messages verbatim.
import { z } from "zod";
import { memberText } from "./text";

export const NAME_AND_EMAIL_REQUIRED = "Name and email are required.";
export const EMAIL_INVALID = "Please enter a valid email address.";
export const COMMUNITY_MESSAGE_TOO_LONG = "Message must not exceed 180 characters.";
export const BOT_DETECTED = "Bot detected. Submission rejected.";
/** Ours: a form sent faster than a person can type (or without its start stamp). */
export const TOO_FAST = "That was quicker than anyone can type. Please check the form and send it again.";
export const COMMUNITY_JOINED = "Thank you for joining the Early Risers! We'll be in touch.";
export const COMMUNITY_UPDATED = "Welcome back! Your Early Risers sign-up has been updated.";

export const COMMUNITY_MESSAGE_MAX = 180;
/** A person needs at least this long to fill the form; bots post at once. */
export const MIN_FILL_MS = 3000;

/**
 * The honeypot's name: nothing a password manager or autofill recognises
 * (not "email", "name", "website", "url"), so only a bot fills it.
 */
export const HONEYPOT_FIELD = "zx_hold";
/** The signed moment the form was shown, sent back with it. */
export const STARTED_FIELD = "startedAt";

/** Seed 001 §5: "a simple pattern". */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const communitySchema = z.object({
  name: memberText({ error: NAME_AND_EMAIL_REQUIRED })
    .trim()
    .min(1, NAME_AND_EMAIL_REQUIRED)
    .max(100, "Name must be at most 100 characters."),
  email: z
    .string({ error: NAME_AND_EMAIL_REQUIRED })
    .trim()
    .min(1, NAME_AND_EMAIL_REQUIRED)
    .max(254, EMAIL_INVALID)
    .regex(SIMPLE_EMAIL, EMAIL_INVALID)
    .transform((email) => email.toLowerCase()),
  message: memberText()
    .trim()
    .max(COMMUNITY_MESSAGE_MAX, COMMUNITY_MESSAGE_TOO_LONG)
    .optional()
    .transform((message) => message ?? ""),
});
export type CommunityForm = z.output<typeof communitySchema>;

/** What only the server checks: the honeypot and the start stamp. */
export const botCheckSchema = z.object({
  [HONEYPOT_FIELD]: z.string().max(10_000).optional(),
  [STARTED_FIELD]: z.string().max(200).optional(),
});
