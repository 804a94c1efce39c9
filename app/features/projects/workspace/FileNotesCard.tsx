// The inspector's notes: those on the file selected in the media library (the seed's second click),
// with the file view's own notes panel, which adds and deletes through the file view's action.
import { displayName } from "../../../kernel/format";
import { FileNotes } from "../files/FileNotes";
import type { NoteData } from "../files/types";

export function FileNotesCard({
  file,
  notes,
  canEdit,
}: {
  file: { id: string; fileName: string } | null;
  notes: NoteData[];
  canEdit: boolean;
}) {
  return (
    // Typing a note keeps the file selected (a click elsewhere clears the selection).
    <section className="card inspector-notes" aria-labelledby="file-notes-heading" data-keeps-selection>
      <h2 id="file-notes-heading">File notes</h2>
      {file ? (
        <>
          <p className="inspector-name">{displayName(file.fileName)}</p>
          <FileNotes key={file.id} notes={notes} canEdit={canEdit} action={`/bigfile/${file.id}`} embedded />
        </>
      ) : (
        <p className="muted">Select a file in the media library (click it twice) to read and add its notes here.</p>
      )}
    </section>
  );
}
