// Chapter marks of a playlist: titles and times as members type them
// ("12:05" = 12 min 5 s into the item), parsed the same way in the browser
// and on the server.
import { z } from "zod";
import { memberText } from "./text";

export const CHAPTER_TITLE_REQUIRED = "Chapter title is required.";
export const CHAPTER_TITLE_TOO_LONG = "Chapter title must be at most 100 characters.";
export const CHAPTER_TIME_INVALID = "Time must be minutes and seconds, like 1:30.";
export const CHAPTER_MARK_TAKEN = "There is already a chapter mark at that time.";

/** "1:30" → 90, "1:02:03" → 3723, "0:07.5" → 7.5; null when it is not a time. */
export function parseChapterTime(text: string): number | null {
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d(?:\.\d{1,3})?)$/.exec(text.trim());
  if (!match) return null;
  const [, hours = "0", minutes, seconds] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** 90 → "1:30", 3723 → "1:02:03"; whole seconds (chapters are marked to the second). */
export function formatChapterTime(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds + 1e-6));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

const title = memberText({ error: CHAPTER_TITLE_REQUIRED })
  .trim()
  .min(1, CHAPTER_TITLE_REQUIRED)
  .max(100, CHAPTER_TITLE_TOO_LONG);

const time = z
  .string({ error: CHAPTER_TIME_INVALID })
  .max(20, CHAPTER_TIME_INVALID)
  .transform((text, ctx) => {
    const seconds = parseChapterTime(text);
    if (seconds === null) {
      ctx.addIssue({ code: "custom", message: CHAPTER_TIME_INVALID });
      return z.NEVER;
    }
    return seconds;
  });

/** A new mark inside an item, `at` from the item's start. */
export const chapterMarkSchema = z.object({ itemId: z.string().min(1).max(64), at: time, title });

/** Rename and/or move a mark (within its item). */
export const chapterEditSchema = z
  .object({ at: time.optional(), title: title.optional() })
  .refine((v) => v.at !== undefined || v.title !== undefined, { message: CHAPTER_TITLE_REQUIRED, path: ["title"] });

/** An item's own chapter: a title, or null to go back to the file's name. */
export const itemChapterSchema = z.object({ title: title.nullable() });
