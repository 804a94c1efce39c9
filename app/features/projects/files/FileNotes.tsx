// The notes on a file of a project the member belongs to: a collapsed panel with the notes and
// their authors; editors and owners also get Delete and a form to add one (its length counted
// up to the limit, its message under the field). The file view shows it as a card; the project
// workspace's inspector shows it open for the selected file (`embedded`), posting to the file
// view's action (`action`), the one place notes are added and deleted from a page.
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { CollapseToggle } from "../../../components/CollapseToggle";
import { Feedback, useAnswer, useFeedback } from "../../../components/Feedback";
import { useFieldErrors } from "../../../components/FormErrors";
import { LocalTime } from "../../../components/LocalTime";
import { Button, Field, Textarea } from "../../../components/ui";
import { NOTE_EMPTY, NOTE_MAX_LENGTH } from "../../../kernel/schemas/files";
import type { FormError } from "../../../lib/forms.server";
import type { action as fileViewAction } from "../pages/file-view.server";
import type { NoteData, OnMessage } from "./types";

export function FileNotes({
  notes,
  canEdit,
  action,
  embedded = false,
}: {
  notes: NoteData[];
  canEdit: boolean;
  /** The file view's URL when shown on another page. */
  action?: string;
  /** Open, without its card: a part of the inspector. */
  embedded?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [feedback, showFeedback] = useFeedback();
  const panelId = useId();
  if (embedded)
    return (
      <div className="notes embedded-notes">
        <Feedback feedback={feedback} />
        <NoteList notes={notes} canEdit={canEdit} action={action} onMessage={showFeedback} />
        {canEdit && <AddNote onMessage={showFeedback} action={action} />}
      </div>
    );
  return (
    <section className="card notes">
      <h2>
        <CollapseToggle open={open} onToggle={() => setOpen((value) => !value)} controls={panelId}>
          Notes <span className="muted">({notes.length})</span>
        </CollapseToggle>
      </h2>
      <div id={panelId} hidden={!open}>
        <Feedback feedback={feedback} />
        <NoteList notes={notes} canEdit={canEdit} onMessage={showFeedback} />
        {canEdit && <AddNote onMessage={showFeedback} />}
      </div>
    </section>
  );
}

function NoteList({
  notes,
  canEdit,
  action,
  onMessage,
}: {
  notes: NoteData[];
  canEdit: boolean;
  action?: string;
  onMessage: OnMessage;
}) {
  if (notes.length === 0) return <p className="muted">No notes yet.</p>;
  return (
    <ul className="note-list">
      {notes.map((note) => (
        <NoteItem key={note.id} note={note} onMessage={onMessage} canEdit={canEdit} action={action} />
      ))}
    </ul>
  );
}

function NoteItem({
  note,
  onMessage,
  canEdit,
  action,
}: {
  note: NoteData;
  onMessage: OnMessage;
  canEdit: boolean;
  action?: string;
}) {
  const fetcher = useFetcher<typeof fileViewAction>();
  const busy = fetcher.state !== "idle";
  useAnswer(fetcher.data, onMessage);
  return (
    <li className="note">
      <p className="note-text">{note.text}</p>
      <div className="note-footer">
        <span className="muted small">
          {note.author && <>{note.author} · </>}
          <LocalTime value={note.createdAt} />
        </span>
        {canEdit && (
          <fetcher.Form method="post" action={action}>
            <input type="hidden" name="intent" value="delete-note" />
            <input type="hidden" name="noteId" value={note.id} />
            <button type="submit" className="button small" disabled={busy}>
              {busy ? "Deleting..." : "Delete"}
            </button>
          </fetcher.Form>
        )}
      </div>
    </li>
  );
}

function AddNote({ onMessage, action }: { onMessage: OnMessage; action?: string }) {
  const fetcher = useFetcher<typeof fileViewAction>();
  const [text, setText] = useState("");
  const [emptyError, setEmptyError] = useState<FormError | null>(null);
  const id = useId();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  // The note's own messages (empty, too long) sit under the field; a failure of the request is feedback.
  const refused = answer && "error" in answer && answer.error?.fields?.note ? answer.error : null;
  const errors = useFieldErrors(emptyError ?? (busy ? null : refused), `note${id}`);
  useAnswer(
    answer,
    (message, failed) => {
      if (!(failed && refused)) onMessage(message, failed);
    },
    () => setText(""),
  );
  return (
    <fetcher.Form
      method="post"
      action={action}
      className="form add-note"
      noValidate
      onChange={errors.onChange}
      onSubmit={(event) => {
        const blank = !text.trim();
        // A new object each time: a second empty send shows the message again.
        setEmptyError(blank ? { code: "invalid", message: NOTE_EMPTY, fields: { note: [NOTE_EMPTY] } } : null);
        if (blank) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="add-note" />
      <Field label="Add a note" error={errors.error("note")}>
        <Textarea
          id={errors.id("note")}
          name="note"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-count`}
        />
      </Field>
      <div className="note-controls">
        <span id={`${id}-count`} className="muted small">
          {text.length}/{NOTE_MAX_LENGTH}
        </span>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? "Adding Note..." : "Add Note"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
