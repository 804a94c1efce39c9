// The welcome popup (seed 001 screen 13, §3 active popup, §5, §8): the editor's form, checked by
// the browser before sending and by the server with the same rules and messages.
import { z } from "zod";
import { inspectStyle, sanitizeUrl } from "../popup-sanitize";
import { memberText } from "./text";

export const POPUP_SAVED = "Saved successfully!";
export const POPUP_SAVE_FAILED = "Something went wrong.";
export const SELECT_POPUP_FIRST = "Please select a PopCustom first.";
export const POPUP_ACTIVATED = "Active popup set successfully";
export const POPUP_ACTIVATE_FAILED = "Failed to set active popup";
export const CONFIRM_POPUP_DELETE = "Are you sure you want to delete this PopCustom?";
export const POPUP_DELETED = "PopCustom deleted successfully";
export const POPUP_DELETE_FAILED = "Failed to delete PopCustom";
export const POPUP_DUPLICATED = "Popup duplicated: the copy is inactive until you set it active.";
export const POPUP_DUPLICATE_FAILED = "Failed to duplicate popup";
export const POPUP_DEACTIVATED = "Popup deactivated: visitors see no popup until you set one active.";
export const POPUP_DEACTIVATE_FAILED = "Failed to deactivate popup";

/**
 * The popup's picture: the landing card shows it across its width (480 px) in a band at most 240 px
 * high, cropped to fill (issue 45 item 3), so a landscape picture from 4:3 to 3:1 keeps what matters,
 * and 2 MB keeps a visitor's first screen quick on a phone.
 */
export const POPUP_IMAGE_RULES = {
  maxBytes: 2 * 1024 * 1024,
  minWidth: 480,
  maxWidth: 4000,
  /** Width over height. */
  minRatio: 4 / 3,
  maxRatio: 3,
  types: ["image/jpeg", "image/png"],
} as const;
export const POPUP_IMAGE_HINT = "A landscape JPEG or PNG, 4:3 to 3:1, 480 to 4000 pixels wide, up to 2 MB.";
export const POPUP_IMAGE_TOO_LARGE = "The popup image must be 2 MB or smaller.";
export const POPUP_IMAGE_TYPE = "The popup image must be a JPEG or PNG.";

/** Why a picture of this size cannot be the popup's, or null when it can. */
export function popupImageProblem(width: number, height: number): string | null {
  const rules = POPUP_IMAGE_RULES;
  const size = `this one is ${width} × ${height}`;
  if (width < rules.minWidth || width > rules.maxWidth)
    return `The popup image must be ${rules.minWidth} to ${rules.maxWidth} pixels wide (${size}).`;
  const ratio = width / height;
  if (ratio < rules.minRatio - 0.01 || ratio > rules.maxRatio + 0.01)
    return `The popup image must be landscape, from 4:3 to 3:1 (${size}): the card crops it to a wide band.`;
  return null;
}

/** A style string whose every declaration passes the sanitiser; a refused one is named, never dropped silently. */
const style = (label: string) =>
  memberText()
    .max(1000, `${label} is too long.`)
    .default("")
    .superRefine((inline, ctx) => {
      const { refused } = inspectStyle(inline);
      if (refused.length > 0) ctx.addIssue({ code: "custom", message: `${label}: ${refused.join("; ")}.` });
    });

const linkAddress = memberText()
  .trim()
  .max(2000, "Link address is too long.")
  .default("")
  .superRefine((address, ctx) => {
    if (address !== "" && sanitizeUrl(address) === null)
      ctx.addIssue({
        code: "custom",
        message: `Link address '${address.slice(0, 60)}' was refused: only http:// and https:// links.`,
      });
  });

/** An optional date-time (the form's datetime-local value or ISO); empty means none. */
const moment = z
  .string()
  .trim()
  .max(40)
  .default("")
  .refine((value) => value === "" || !Number.isNaN(Date.parse(value)), "Enter a valid date and time.");

export const popupSchema = z
  .object({
    header: memberText().trim().max(120, "Header must be at most 120 characters.").default(""),
    headerStyle: style("Header style"),
    paragraph: z
      .object({
        text: memberText().trim().max(2000, "Paragraph must be at most 2000 characters.").default(""),
        style: style("Paragraph style"),
      })
      .default({ text: "", style: "" }),
    buttonLabel: memberText().trim().max(40, "Button label must be at most 40 characters.").default(""),
    linkAddress,
    /** The storage key of the admin's completed popup-image upload; empty after a failed upload (seed §8). */
    imageKey: z.string().trim().max(500).default(""),
    /** What the image shows, for screen readers; empty means decorative. */
    imageAlt: memberText().trim().max(200, "Image description must be at most 200 characters.").default(""),
    startsAt: moment,
    endsAt: moment,
  })
  .superRefine((popup, ctx) => {
    if (!popup.header && !popup.paragraph.text)
      ctx.addIssue({ code: "custom", message: "Write a header or a paragraph.", path: ["header"] });
    if (popup.startsAt && popup.endsAt && Date.parse(popup.endsAt) <= Date.parse(popup.startsAt))
      ctx.addIssue({ code: "custom", message: "The end must be after the start.", path: ["endsAt"] });
  });
export type PopupForm = z.input<typeof popupSchema>;
export type PopupInput = z.output<typeof popupSchema>;

export const popupPageSchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1) });

export const popupIdSchema = z.object({
  popCustomId: z.string({ error: SELECT_POPUP_FIRST }).trim().min(1, SELECT_POPUP_FIRST).max(64, SELECT_POPUP_FIRST),
});
