// The inspector's notes: those on the file selected in the media library or on the library file of
// the item picked on the timeline, whichever came last, with the file view's own notes panel, which
// adds and deletes through the file view's action.
import { displayName } from "../../../kernel/format";
import { FileNotes } from "../files/FileNotes";
import type { NoteData } from "../files/types";

export function FileNotesCard({
  file,
  notes,
  canEdit,
  origin,
  empty,
}: {
  file: { id: string; fileName: string } | null;
  /** Where the file was picked ("From the media library", "Item 2 on the timeline"). */
  origin?: string;
  /** What to say when there is no file (by default: select one in the library). */
  empty?: string;
  notes: NoteData[];
  canEdit: boolean;
}) {
  return (
    // Typing a note keeps the file selected (a click elsewhere clears the selection).
    <section className="inspector-notes" aria-labelledby="file-notes-heading" data-keeps-selection>
      <h3 id="file-notes-heading" className="inspector-subheading">
        File notes
      </h3>
      {file ? (
        <>
          <p className="inspector-name small" title={displayName(file.fileName)}>
            {displayName(file.fileName)}
          </p>
          {origin && <p className="muted small inspector-origin">{origin}</p>}
          <FileNotes key={file.id} notes={notes} canEdit={canEdit} action={`/bigfile/${file.id}`} embedded />
        </>
      ) : (
        <p className="muted">{empty ?? "Select a file in the media library to read and add its notes here."}</p>
      )}
    </section>
  );
}
