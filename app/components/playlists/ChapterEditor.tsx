// The playlist's chapters (issue 11): one per item by default, titled by the
// file's name; members rename them, add marks inside items (m:ss from the
// item's start), move and remove them. Plain forms and buttons, so all of it
// works from the keyboard. Talks to the chapters API; the shared schemas
// check each form before it is sent.
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import type { Chapter } from "../../../worker/domain/playlists/chapters";
import { chapterEditSchema, chapterMarkSchema, formatChapterTime, itemChapterSchema } from "../../lib/schemas/chapters";
import { Button } from "../ui";

interface ItemView {
  id: string;
  fileName: string;
  durationSeconds: number | null;
}

async function send(path: string, method: string, body?: unknown) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string; error?: { message?: string } };
  if (!response.ok) throw new Error(answer.error?.message ?? "An unexpected error occurred. Please try again.");
  return answer;
}

export function ChapterEditor({ playlistId, items }: { playlistId: string; items: ItemView[] }) {
  const [chapters, setChapters] = useState<Chapter[] | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // Items change with applies, undos, reorders and probes: reload the chapters then.
  const itemsKey = items.map((i) => `${i.id}:${i.fileName}:${i.durationSeconds}`).join("|");

  const load = useCallback(async () => {
    const response = await fetch(`/api/playlists/${playlistId}/chapters`);
    if (response.ok) setChapters(((await response.json()) as { chapters: Chapter[] }).chapters);
  }, [playlistId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: itemsKey is the reason to reload.
  useEffect(() => {
    void load();
  }, [load, itemsKey]);

  async function run(work: () => Promise<{ message?: string }>) {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await work();
      // The answer is shown once the list has reloaded, together with the
      // buttons coming back: a message saying "added" while the form is still
      // disabled invites a next Enter that would be ignored.
      await load();
      setMessage({ text: answer.message ?? "Chapter saved.", error: false });
      return true;
    } catch (error) {
      setMessage({ text: (error as Error).message, error: true });
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
      {chapters === null ? (
        <p>Loading...</p>
      ) : (
        <ol aria-label="Chapters">
          {chapters.map((chapter) => (
            <ChapterRow key={chapter.id ?? `start-${chapter.itemId}`} chapter={chapter} busy={busy} run={run} />
          ))}
        </ol>
      )}
      <AddMark items={items} busy={busy} run={run} onInvalid={(text) => setMessage({ text, error: true })} />
    </section>
  );
}

type Run = (work: () => Promise<{ message?: string }>) => Promise<boolean>;

function ChapterRow({ chapter, busy, run }: { chapter: Chapter; busy: boolean; run: Run }) {
  const [title, setTitle] = useState(chapter.title);
  const [at, setAt] = useState(formatChapterTime(chapter.offsetSeconds));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    setTitle(chapter.title);
    setAt(formatChapterTime(chapter.offsetSeconds));
  }, [chapter.title, chapter.offsetSeconds]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (chapter.itemStart) {
      const parsed = itemChapterSchema.safeParse({ title });
      if (!parsed.success) return setError(parsed.error.issues[0]!.message);
      setError(null);
      return void run(() => send(`/api/playlist-items/${chapter.itemId}/chapter`, "PUT", { title }));
    }
    const parsed = chapterEditSchema.safeParse({ title, at });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    void run(() => send(`/api/chapters/${chapter.id}`, "PATCH", { title, at }));
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
              void run(() => send(`/api/playlist-items/${chapter.itemId}/chapter`, "PUT", { title: null }))
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
            onClick={() => void run(() => send(`/api/chapters/${chapter.id}`, "DELETE"))}
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
    const parsed = chapterMarkSchema.safeParse({ itemId: selected, at, title });
    if (!parsed.success) return onInvalid(parsed.error.issues[0]!.message);
    // The fields are cleared as soon as the mark is saved, before the list
    // reloads: clearing after the reload would wipe what the member has
    // started typing for the next mark in the meantime.
    await run(async () => {
      const answer = await send("/api/chapters", "POST", { itemId: selected, at, title });
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
              {index + 1}. {item.fileName}
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
