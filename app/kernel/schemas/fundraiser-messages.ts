// The fundraiser's words, presets and equipment list (seed 001 screen 8, §8, §9 verbatim), apart from
// the donation schema in fundraiser.ts (which re-exports them): the page shows these on first load and
// loads zod only when a donation is submitted (ADR 051).

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

/**
 * The fundraiser's story: one cause, organised by the platform, configured here beside the seed's
 * static equipment list it pays for (not stored: nobody edits it, ADR 128).
 */
export const FUNDRAISER_CAUSE = "A live broadcast kit for the Action Star crews";
export const FUNDRAISER_ORGANISER = "The Creator Platform team";
/** The last day to give (UTC). */
export const FUNDRAISER_DEADLINE = "2027-01-31T23:59:59Z";
export const FUNDRAISER_STORY = [
  "Our creators record in kitchens, barns and back rooms, and some of the best moments happen far from any studio: a harvest at dawn, a county fair, a street festival. Today those moments reach listeners days later, if at all.",
  "This fundraiser buys two complete live kits: a LiveU Solo bonding encoder for each, with spare USB modems and batteries, a camera and a backpack to carry it all. Two crews can then go live from a field or a festival on cellular networks, with the same stitched sponsor spots our shows already use.",
  "Every gift, large or small, makes you an Action Star Member: your name on the donor wall (if you like), a first look at every live show, and a say in where the crews go first.",
] as const;
