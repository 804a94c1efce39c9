// Chapter marks of a playlist: titles and times as members type them
// ("12:05" = 12 min 5 s into the item), parsed the same way in the browser
// and on the server.
import { z } from "zod";
import { CHAPTER_TIME_INVALID, CHAPTER_TITLE_REQUIRED, CHAPTER_TITLE_TOO_LONG, parseChapterTime } from "./chapter-time";
import { memberText } from "./text";

export {
  CHAPTER_MARK_TAKEN,
  CHAPTER_TIME_INVALID,
  CHAPTER_TITLE_REQUIRED,
  CHAPTER_TITLE_TOO_LONG,
  formatChapterTime,
  parseChapterTime,
} from "./chapter-time";

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
