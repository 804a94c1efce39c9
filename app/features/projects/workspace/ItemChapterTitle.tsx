// The title of the chapter a playlist item starts, as listeners see it in the player, renamed in the
// inspector through the chapter editor's own route (PUT /api/playlist-items/:itemId/chapter); the
// error sits beside the field. A viewer reads it.
import { type FormEvent, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { Chapter } from "../../../../worker/domain/playlists/chapters";
import { Button, Field, Input } from "../../../components/ui";
import { api, call, errorText } from "../../../lib/api-client";

const UNEXPECTED = "An unexpected error occurred. Please try again.";

export function ItemChapterTitle({ chapter, canEdit }: { chapter: Chapter; canEdit: boolean }) {
  const revalidator = useRevalidator();
  const [title, setTitle] = useState(chapter.title);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setTitle(chapter.title), [chapter.title]);

  if (!canEdit)
    return (
      <p className="inspector-chapter-title">
        <span className="muted small">Chapter title</span> {chapter.title}
      </p>
    );

  async function send(next: string | null) {
    setBusy(true);
    setSaved(null);
    try {
      const answer = await call(
        api["playlist-items"][":itemId"].chapter.$put({ param: { itemId: chapter.itemId }, json: { title: next } }),
        UNEXPECTED,
      );
      await revalidator.revalidate();
      setSaved(answer?.message ?? "Chapter saved.");
    } catch (failure) {
      setError(errorText(failure, UNEXPECTED));
    } finally {
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const { itemChapterSchema } = await import("../../../kernel/schemas/chapters");
    const parsed = itemChapterSchema.safeParse({ title });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    await send(title);
  }

  return (
    <form className="inspector-chapter-title" onSubmit={save}>
      <Field label="Chapter title" hint="What listeners see in the player's chapter list." error={error}>
        <Input
          name="title"
          value={title}
          maxLength={100}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
            setSaved(null);
          }}
        />
      </Field>
      <div className="inspector-actions">
        <Button type="submit" size="sm" busy={busy} busyLabel="Saving...">
          Save title
        </Button>
        {chapter.renamed && (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => void send(null)}>
            Use file name
          </Button>
        )}
        <span className="success small" role="status">
          {saved}
        </span>
      </div>
    </form>
  );
}
