// Chapter times and the chapter messages without zod: what a page shows
// (a mark's time) needs no schema, and a page that only shows them keeps zod
// out of its first load (ADR 051). chapters.ts builds its schemas on these.

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
