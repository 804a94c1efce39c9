// Chapters of a render: each item's marks (offsets inside the item) placed on
// the joined file's timeline from the items' real durations, written as an
// ffmetadata file for the MP4/M4A muxer. Pure: no I/O here.

export type ItemChapter = { offsetSeconds: number; title: string };
export type PlacedChapter = { startTime: number; title: string };

export const MAX_CHAPTERS_PER_ITEM = 100;

/** Marks past their item's end are dropped; two marks at one time keep the first. */
export function placeChapters(
  items: readonly { duration: number; chapters: readonly ItemChapter[] }[],
): PlacedChapter[] {
  const placed: PlacedChapter[] = [];
  let start = 0;
  for (const item of items) {
    for (const mark of [...item.chapters].sort((a, b) => a.offsetSeconds - b.offsetSeconds)) {
      if (mark.offsetSeconds >= item.duration && mark.offsetSeconds > 0) continue;
      const startTime = Math.round((start + mark.offsetSeconds) * 1000) / 1000;
      if (placed.at(-1)?.startTime === startTime) continue;
      placed.push({ startTime, title: mark.title });
    }
    start += item.duration;
  }
  return placed;
}

/** ffmetadata escapes `=`, `;`, `#`, `\` and line breaks with a backslash. */
function escapeMeta(text: string): string {
  return text.replace(/[=;#\\\n]/g, (c) => `\\${c}`).replace(/\r/g, "");
}

/** The chapters as an ffmetadata file, each ending where the next starts (the last at `totalSeconds`). */
export function ffmetadata(chapters: readonly PlacedChapter[], totalSeconds: number): string {
  const ms = (seconds: number) => Math.round(seconds * 1000);
  const blocks = chapters.map((chapter, index) => {
    const end = chapters[index + 1]?.startTime ?? Math.max(totalSeconds, chapter.startTime + 0.001);
    return `[CHAPTER]\nTIMEBASE=1/1000\nSTART=${ms(chapter.startTime)}\nEND=${ms(end)}\ntitle=${escapeMeta(chapter.title)}\n`;
  });
  return `;FFMETADATA1\n${blocks.join("")}`;
}

export function isItemChapters(value: unknown): value is ItemChapter[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_CHAPTERS_PER_ITEM &&
    value.every(
      (c) =>
        typeof c === "object" &&
        c !== null &&
        typeof c.offsetSeconds === "number" &&
        Number.isFinite(c.offsetSeconds) &&
        c.offsetSeconds >= 0 &&
        typeof c.title === "string" &&
        c.title.length > 0 &&
        c.title.length <= 200,
    )
  );
}
