// The playlist's chapters (issue 11): one per item by default, titled by the
// file's name; members rename them, add marks inside items (m:ss from the
// item's start), move and remove them. Plain forms and buttons, so all of it
// works from the keyboard. The chapters come from the project page's loader;
// each change goes through the typed API client and then reloads the page's
// data (so applies, undos, reorders and probes update the list the same way).
// The shared schemas check each form before it is sent; they (and zod) load
// with the first form sent, not with the page (ADR 051).
import { type FormEvent, useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { Chapter } from "../../../../worker/domain/playlists/chapters";
import { Button } from "../../../components/ui";
import { fileTitle } from "../../../kernel/format";
import { formatChapterTime } from "../../../kernel/schemas/chapter-time";
import { api, call, errorText } from "../../../lib/api-client";

interface ItemView {
  id: string;
  fileName: string;
  title?: string;
  durationSeconds: number | null;
}

const UNEXPECTED = "An unexpected error occurred. Please try again.";

const chapterSchemas = () => import("../../../kernel/schemas/chapters");

export function ChapterEditor({ chapters, items }: { chapters: Chapter[]; items: ItemView[] }) {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

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

  if (items.length === 0) return null;
  return (
    <section className="card chapter-editor" aria-labelledby="chapters-heading">
      <h2 id="chapters-heading">Chapters</h2>
      <p className="muted small">
        Every item starts a chapter named after its file. Times of marks count from the start of their item (m:ss).
      </p>
      <p role="status" className={message?.error ? "error" : "success"}>
        {message?.text}
      </p>
      <ol aria-label="Chapters">
        {chapters.map((chapter) => (
          <ChapterRow key={chapter.id ?? `start-${chapter.itemId}`} chapter={chapter} busy={busy} run={run} />
        ))}
      </ol>
      <AddMark items={items} busy={busy} run={run} onInvalid={(text) => setMessage({ text, error: true })} />
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
    const { chapterEditSchema, itemChapterSchema } = await chapterSchemas();
    if (chapter.itemStart) {
      const parsed = itemChapterSchema.safeParse({ title });
      if (!parsed.success) return setError(parsed.error.issues[0]!.message);
      setError(null);
      return void run(() =>
        call(
          api["playlist-items"][":itemId"].chapter.$put({ param: { itemId: chapter.itemId }, json: { title } }),
          UNEXPECTED,
        ),
      );
    }
    const parsed = chapterEditSchema.safeParse({ title, at });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    const chapterId = chapter.id ?? "";
    void run(() => call(api.chapters[":chapterId"].$patch({ param: { chapterId }, json: { title, at } }), UNEXPECTED));
  };
  const start = chapter.startSeconds === null ? "time unknown" : formatChapterTime(chapter.startSeconds);
  return (
    <li data-chapter-title={chapter.title}>
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
        {chapter.itemStart ? (
          <span className="muted small">start of item {chapter.n}</span>
        ) : (
          <label>
            <span className="small">in item {chapter.n} at</span>{" "}
            <input name="at" value={at} inputMode="numeric" onChange={(e) => setAt(e.target.value)} />
          </label>
        )}
        <Button type="submit" size="sm" busy={busy} busyLabel="Saving...">
          Save
        </Button>
        {chapter.itemStart && chapter.renamed && (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              void run(() =>
                call(
                  api["playlist-items"][":itemId"].chapter.$put({
                    param: { itemId: chapter.itemId },
                    json: { title: null },
                  }),
                  UNEXPECTED,
                ),
              )
            }
          >
            Use file name
          </Button>
        )}
        {!chapter.itemStart && (
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
        )}
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
  items,
  busy,
  run,
  onInvalid,
}: {
  items: ItemView[];
  busy: boolean;
  run: Run;
  onInvalid: (text: string) => void;
}) {
  const [itemId, setItemId] = useState(items[0]?.id ?? "");
  const [at, setAt] = useState("");
  const [title, setTitle] = useState("");
  const selected = items.some((i) => i.id === itemId) ? itemId : (items[0]?.id ?? "");

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const { chapterMarkSchema } = await chapterSchemas();
    const parsed = chapterMarkSchema.safeParse({ itemId: selected, at, title });
    if (!parsed.success) return onInvalid(parsed.error.issues[0]!.message);
    // The fields are cleared as soon as the mark is saved, before the list
    // reloads: clearing after the reload would wipe what the member has
    // started typing for the next mark in the meantime.
    await run(async () => {
      const answer = await call(api.chapters.$post({ json: { itemId: selected, at, title } }), UNEXPECTED);
      setAt("");
      setTitle("");
      return answer;
    });
  };
  return (
    <form onSubmit={add} aria-label="Add a chapter mark">
      <label>
        Item{" "}
        <select name="itemId" value={selected} onChange={(e) => setItemId(e.target.value)}>
          {items.map((item, index) => (
            <option key={item.id} value={item.id}>
              {index + 1}. {item.title || fileTitle(item.fileName)}
              {item.durationSeconds != null ? ` (${formatChapterTime(item.durationSeconds)})` : ""}
            </option>
          ))}
        </select>
      </label>
      <label>
        At (m:ss){" "}
        <input name="at" value={at} placeholder="1:30" inputMode="numeric" onChange={(e) => setAt(e.target.value)} />
      </label>
      <label>
        Title <input name="title" value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <Button type="submit" variant="primary" busy={busy} busyLabel="Saving...">
        Add chapter mark
      </Button>
    </form>
  );
}
