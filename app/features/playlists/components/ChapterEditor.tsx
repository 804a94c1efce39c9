// The playlist's chapters (issue 11): one per item by default, titled by the file's name; marks
// inside items (m:ss from the item's start). Edited in one place, the project workspace's inspector,
// for the item picked on the timeline: `ItemChapters` (the item's marks, each renamed, moved or
// removed, and a new mark; the title of the chapter the item starts is the inspector's own field).
// `ChapterOutline` lists the whole playlist's chapters read-only; each picks its item. Plain forms
// and buttons, so all of it works from the keyboard. The chapters come from the project page's
// loader; each change goes through the typed API client and then reloads the page's data. The
// shared schemas check each form before it is sent; they (and zod) load with the first form sent,
// not with the page (ADR 051).
import { type FormEvent, useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { Chapter } from "../../../../worker/domain/playlists/chapters";
import { Button } from "../../../components/ui";
import { formatChapterTime } from "../../../kernel/schemas/chapter-time";
import { api, call, errorText } from "../../../lib/api-client";

const UNEXPECTED = "An unexpected error occurred. Please try again.";

const chapterSchemas = () => import("../../../kernel/schemas/chapters");

/** The marks inside one playlist item, and a form for a new one. */
export function ItemChapters({ chapters, itemId }: { chapters: Chapter[]; itemId: string }) {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const marks = chapters.filter((chapter) => chapter.itemId === itemId && !chapter.itemStart);

  async function run(work: () => Promise<{ message?: string } | undefined>) {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await work();
      // The answer is shown once the list has reloaded, together with the
      // buttons coming back: a message saying "added" while the form is still
      // disabled invites a next Enter that would be ignored.
      await revalidator.revalidate();
      setMessage({ text: answer?.message ?? "Chapter saved.", error: false });
      return true;
    } catch (error) {
      setMessage({ text: errorText(error, UNEXPECTED), error: true });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="chapter-editor">
      <p className="muted small">Marks split the item into more chapters; times count from the item's start (m:ss).</p>
      {marks.length > 0 && (
        <ol aria-label="Chapter marks in this item">
          {marks.map((chapter) => (
            <ChapterRow key={chapter.id ?? chapter.offsetSeconds} chapter={chapter} busy={busy} run={run} />
          ))}
        </ol>
      )}
      <AddMark itemId={itemId} busy={busy} run={run} onInvalid={(text) => setMessage({ text, error: true })} />
      <p role="status" className={message?.error ? "error small" : "success small"}>
        {message?.text}
      </p>
    </div>
  );
}

/** Every chapter of the playlist in order, read-only; a chapter's title picks its item. */
export function ChapterOutline({
  chapters,
  selectedId,
  onSelect,
}: {
  chapters: Chapter[];
  selectedId: string | null;
  onSelect: (itemId: string) => void;
}) {
  if (chapters.length === 0) return null;
  return (
    <section className="card chapter-outline" aria-labelledby="chapters-heading" data-keeps-selection>
      <div className="section-heading">
        <h2 id="chapters-heading">Chapters</h2>
        <span className="muted small">Pick one to edit it in the inspector.</span>
      </div>
      <ol aria-label="Chapters">
        {chapters.map((chapter) => (
          <li
            key={chapter.id ?? `start-${chapter.itemId}`}
            data-chapter-title={chapter.title}
            className={chapter.itemStart ? "chapter-start" : "chapter-mark"}
          >
            <span className="chapter-time" title="From the start of the episode">
              {chapter.startSeconds === null ? "–:––" : formatChapterTime(chapter.startSeconds)}
            </span>
            <Button
              variant="ghost"
              size="sm"
              className="chapter-pick"
              aria-pressed={selectedId === chapter.itemId && chapter.itemStart}
              title={chapter.title}
              onClick={() => onSelect(chapter.itemId)}
            >
              {chapter.title}
            </Button>
            <span className="muted small">{chapter.itemStart ? `item ${chapter.n}` : "mark"}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

type Run = (work: () => Promise<{ message?: string } | undefined>) => Promise<boolean>;

function ChapterRow({ chapter, busy, run }: { chapter: Chapter; busy: boolean; run: Run }) {
  const [title, setTitle] = useState(chapter.title);
  const [at, setAt] = useState(formatChapterTime(chapter.offsetSeconds));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    setTitle(chapter.title);
    setAt(formatChapterTime(chapter.offsetSeconds));
  }, [chapter.title, chapter.offsetSeconds]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { chapterEditSchema } = await chapterSchemas();
    const parsed = chapterEditSchema.safeParse({ title, at });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    const chapterId = chapter.id ?? "";
    void run(() => call(api.chapters[":chapterId"].$patch({ param: { chapterId }, json: { title, at } }), UNEXPECTED));
  };
  const start = chapter.startSeconds === null ? "time unknown" : formatChapterTime(chapter.startSeconds);
  return (
    <li>
      <form onSubmit={save} aria-label={`Chapter ${chapter.title}`}>
        <span className="chapter-time" title="From the start of the episode">
          {start}
        </span>
        <label>
          <span className="visually-hidden">Title of the chapter at {start}</span>
          <input
            name="title"
            value={title}
            maxLength={100}
            onChange={(e) => setTitle(e.target.value)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </label>
        <label>
          <span className="small">at</span>{" "}
          <input name="at" value={at} inputMode="numeric" onChange={(e) => setAt(e.target.value)} />
        </label>
        <Button type="submit" size="sm" busy={busy} busyLabel="Saving...">
          Save
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          onClick={() =>
            void run(() =>
              call(api.chapters[":chapterId"].$delete({ param: { chapterId: chapter.id ?? "" } }), UNEXPECTED),
            )
          }
        >
          Remove
        </Button>
        {error && (
          <span id={`${id}-error`} className="error small" role="alert">
            {error}
          </span>
        )}
      </form>
    </li>
  );
}

function AddMark({
  itemId,
  busy,
  run,
  onInvalid,
}: {
  itemId: string;
  busy: boolean;
  run: Run;
  onInvalid: (text: string) => void;
}) {
  const [at, setAt] = useState("");
  const [title, setTitle] = useState("");

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const { chapterMarkSchema } = await chapterSchemas();
    const parsed = chapterMarkSchema.safeParse({ itemId, at, title });
    if (!parsed.success) return onInvalid(parsed.error.issues[0]!.message);
    // The fields are cleared as soon as the mark is saved, before the list
    // reloads: clearing after the reload would wipe what the member has
    // started typing for the next mark in the meantime.
    await run(async () => {
      const answer = await call(api.chapters.$post({ json: { itemId, at, title } }), UNEXPECTED);
      setAt("");
      setTitle("");
      return answer;
    });
  };
  return (
    <form onSubmit={add} aria-label="Add a chapter mark" className="add-mark">
      <label>
        At (m:ss){" "}
        <input name="at" value={at} placeholder="1:30" inputMode="numeric" onChange={(e) => setAt(e.target.value)} />
      </label>
      <label>
        Title <input name="title" value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <Button type="submit" variant="secondary" size="sm" busy={busy} busyLabel="Saving...">
        Add chapter mark
      </Button>
    </form>
  );
}
