// The notes on a file of a project the member belongs to: a collapsed panel with the notes and
// their authors; editors and owners also get Delete and a form to add one (its length counted
// up to the limit).
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { CollapseToggle } from "../../../components/CollapseToggle";
import { Feedback, useAnswer, useFeedback } from "../../../components/Feedback";
import { LocalTime } from "../../../components/LocalTime";
import { NOTE_EMPTY, NOTE_MAX_LENGTH } from "../../../kernel/schemas/files";
import type { action } from "../pages/file-view.server";
import type { NoteData, OnMessage } from "./types";

export function FileNotes({ notes, canEdit }: { notes: NoteData[]; canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  const [feedback, showFeedback] = useFeedback();
  const panelId = useId();
  return (
    <section className="card notes">
      <h2>
        <CollapseToggle open={open} onToggle={() => setOpen((value) => !value)} controls={panelId}>
          Notes <span className="muted">({notes.length})</span>
        </CollapseToggle>
      </h2>
      <div id={panelId} hidden={!open}>
        <Feedback feedback={feedback} />
        {notes.length === 0 ? (
          <p className="muted">No notes yet.</p>
        ) : (
          <ul className="note-list">
            {notes.map((note) => (
              <NoteItem key={note.id} note={note} onMessage={showFeedback} canEdit={canEdit} />
            ))}
          </ul>
        )}
        {canEdit && <AddNote onMessage={showFeedback} />}
      </div>
    </section>
  );
}

function NoteItem({ note, onMessage, canEdit }: { note: NoteData; onMessage: OnMessage; canEdit: boolean }) {
  const fetcher = useFetcher<typeof action>();
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
          <fetcher.Form method="post">
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

function AddNote({ onMessage }: { onMessage: OnMessage }) {
  const fetcher = useFetcher<typeof action>();
  const [text, setText] = useState("");
  const id = useId();
  const busy = fetcher.state !== "idle";
  useAnswer(fetcher.data, onMessage, () => setText(""));
  return (
    <fetcher.Form
      method="post"
      className="form add-note"
      onSubmit={(event) => {
        if (!text.trim()) {
          event.preventDefault();
          onMessage(NOTE_EMPTY, true);
        }
      }}
    >
      <input type="hidden" name="intent" value="add-note" />
      <label htmlFor={id}>Add a note</label>
      <textarea
        id={id}
        name="note"
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-count`}
      />
      <div className="note-controls">
        <span id={`${id}-count`} className="muted small">
          {text.length}/{NOTE_MAX_LENGTH}
        </span>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Adding Note..." : "Add Note"}
        </button>
      </div>
    </fetcher.Form>
  );
}
