// Programming (/programming, seed 000 §2, §4, §5): the member's programs first, then applying one;
// 'New program' (the header's action) opens the form to create a program (open from the start with
// none yet; it closes once a program and its files are in) (title,
// access type, optional schedule and the playlists it then applies to, and
// its audio or video files with slot letters), the member's programs as a
// drag-reorderable list (saved when the drag ends), each expandable with its
// files sorted by slot letter, editable letters and deletes; and a playlist
// picker to preview and apply a program to playlists (spot replacement).
// The loader and action are in programming.server.ts; the components in
// app/features/playlists/programs/.

import { useId, useState } from "react";
import type { LoadFailedHandle } from "../../../components/PageError";
import { Button } from "../../../components/ui";
import { PROGRAMS_LOAD_FAILED } from "../../../kernel/schemas/playlist-messages";
import { ApplyProgram } from "../programs/ApplyProgram";
import { CreateProgram } from "../programs/CreateProgram";
import { ProgramList } from "../programs/ProgramList";
import type { Route } from "./+types/programming";
import "../../../styles/files.css";
import "../playlists.css";

export { action, loader } from "./programming.server";

export const handle = { loadFailed: PROGRAMS_LOAD_FAILED } satisfies LoadFailedHandle;

export function meta() {
  return [{ title: "Programming · Creator Platform" }];
}

export default function Programming({ loaderData }: Route.ComponentProps) {
  const { programs, playlists } = loaderData;
  const withFiles = playlists.filter((playlist) => playlist.itemCount > 0);
  const formId = useId();
  // The member's programs lead; 'New program' is the header's action (open from the start with none yet).
  const [creating, setCreating] = useState(programs.length === 0);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <div className="files-page programming">
      <section className="card" aria-labelledby="programming-heading">
        <div className="page-heading">
          <h1 id="programming-heading">Programming</h1>
          <Button
            variant={creating ? "secondary" : "primary"}
            aria-expanded={creating}
            aria-controls={formId}
            onClick={() => {
              setCreated(null);
              setCreating((open) => !open);
            }}
          >
            New program
          </Button>
        </div>
        <p className="muted">
          A program is a set of audio or video files with slot letters. Applying it to playlists puts each file into the
          playlist slot with the same letter (or appends it there), so an expired spot is replaced in every episode at
          once.
        </p>
        <div id={formId} hidden={!creating} className="new-program">
          {creating && (
            <CreateProgram
              playlists={withFiles}
              onCreated={(message) => {
                setCreating(false);
                setCreated(message);
              }}
            />
          )}
        </div>
        {created && (
          <p role="status" className="success">
            {created}
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="programs-heading">
        <ProgramList programs={programs} playlists={playlists} />
      </section>
      <section className="card" aria-labelledby="apply-heading">
        <ApplyProgram programs={programs} playlists={withFiles} />
      </section>
    </div>
  );
}
