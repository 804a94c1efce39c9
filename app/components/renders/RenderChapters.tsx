// A render's chapters beside its player: each a button that plays from where
// the chapter starts; the Podcasting 2.0 JSON file is linked below.
import type { RefObject } from "react";
import { formatChapterTime } from "../../lib/schemas/chapters";

export interface RenderChapter {
  startTime: number;
  title: string;
}

export function RenderChapters({
  name,
  chapters,
  jsonUrl,
  player,
}: {
  name: string;
  chapters: RenderChapter[];
  jsonUrl: string | null;
  player: RefObject<HTMLMediaElement | null>;
}) {
  if (chapters.length === 0) return null;
  const play = (at: number) => {
    const media = player.current;
    if (!media) return;
    media.currentTime = at;
    void media.play().catch(() => {});
  };
  return (
    <nav className="render-chapters" aria-label={`Chapters of ${name}`}>
      <h3>Chapters</h3>
      <ol>
        {chapters.map((chapter) => (
          <li key={`${chapter.startTime}-${chapter.title}`}>
            <button type="button" className="chapter-link" onClick={() => play(chapter.startTime)}>
              <span className="chapter-time">{formatChapterTime(chapter.startTime)}</span> {chapter.title}
            </button>
          </li>
        ))}
      </ol>
      {jsonUrl && (
        <a className="small" href={jsonUrl} type="application/json+chapters">
          Chapters file (JSON)
        </a>
      )}
    </nav>
  );
}
