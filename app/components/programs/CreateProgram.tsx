// The "New program" form: title, access type, optional schedule with its playlists, and the files.
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { displayName } from "../../lib/format";
import { PROGRAM_TITLE_REQUIRED } from "../../lib/schemas/playlists";
import { Feedback, useFeedback } from "../Feedback";
import { checkRows, type FileRow, FileRows, newRow, uploadRows } from "./FileRows";
import type { Answer, PlaylistOption } from "./types";

export function CreateProgram({ playlists }: { playlists: PlaylistOption[] }) {
  const id = useId();
  const fetcher = useFetcher<Answer>();
  const revalidator = useRevalidator();
  const [feedback, showFeedback] = useFeedback();
  const [title, setTitle] = useState("");
  const [accessType, setAccessType] = useState("private");
  const [startsAt, setStartsAt] = useState("");
  const [endsAt, setEndsAt] = useState("");
  const [targets, setTargets] = useState<string[]>([]);
  const [rows, setRows] = useState<FileRow[]>(() => [newRow("a")]);
  const [uploading, setUploading] = useState(false);
  const submitting = fetcher.state !== "idle";
  const busy = submitting || uploading;
  const scheduled = Boolean(startsAt || endsAt);
  const pending = useRef<FileRow[]>([]);

  const update = useCallback((rowId: string, change: Partial<FileRow>) => {
    setRows((list) => list.map((row) => (row.id === rowId ? { ...row, ...change } : row)));
  }, []);

  // Once the program exists, its files go up.
  const answer = fetcher.data;
  const seen = useRef<Answer | undefined>(undefined);
  useEffect(() => {
    if (!answer || seen.current === answer) return;
    seen.current = answer;
    if (answer.error || !answer.programId)
      return showFeedback(answer.error?.message ?? "An unexpected error occurred. Please try again.", true);
    const programId = answer.programId;
    setUploading(true);
    void (async () => {
      const failures = await uploadRows(pending.current, programId, accessType, update);
      setUploading(false);
      await revalidator.revalidate();
      if (failures === 0) {
        showFeedback("Program created and its files uploaded.");
        setTitle("");
        setStartsAt("");
        setEndsAt("");
        setTargets([]);
        setRows([newRow("a")]);
      } else {
        showFeedback(
          `The program was created, but ${failures} ${failures === 1 ? "file" : "files"} failed to upload. Add them from the program's details.`,
          true,
        );
        setRows((list) => list.filter((row) => row.state !== "done"));
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!title.trim()) return showFeedback(PROGRAM_TITLE_REQUIRED, true);
    const { rows: checked, problem } = checkRows(rows, null, new Set());
    setRows(checked);
    if (problem) return showFeedback(problem, true);
    if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt))
      return showFeedback("The end must be after the start.", true);
    if (scheduled && targets.length === 0)
      return showFeedback("A scheduled program needs at least one playlist.", true);
    pending.current = checked;
    const form = new FormData();
    form.set("intent", "create-program");
    form.set("title", title);
    form.set("accessType", accessType);
    // datetime-local is the browser's local time; the server takes an instant.
    if (startsAt) form.set("startsAt", new Date(startsAt).toISOString());
    if (endsAt) form.set("endsAt", new Date(endsAt).toISOString());
    if (scheduled) for (const playlistId of targets) form.append("playlistId", playlistId);
    void fetcher.submit(form, { method: "post" });
  }

  return (
    <form className="form create-program" onSubmit={submit} noValidate>
      <h2>New program</h2>
      <div className="form-grid">
        <label>
          Program title
          <input
            name="title"
            value={title}
            maxLength={100}
            onChange={(event) => setTitle(event.target.value)}
            disabled={busy}
          />
        </label>
        <label>
          Access type
          <select value={accessType} onChange={(event) => setAccessType(event.target.value)} disabled={busy}>
            <option value="private">Private</option>
            <option value="public-read">Public</option>
          </select>
        </label>
        <label>
          Starts (optional)
          <input
            type="datetime-local"
            value={startsAt}
            onChange={(event) => setStartsAt(event.target.value)}
            disabled={busy}
          />
        </label>
        <label>
          Ends (optional)
          <input
            type="datetime-local"
            value={endsAt}
            onChange={(event) => setEndsAt(event.target.value)}
            disabled={busy}
          />
        </label>
      </div>
      {scheduled && (
        <fieldset className="playlist-picker">
          <legend>Playlists it applies to when scheduled</legend>
          {playlists.length === 0 ? (
            <p className="muted small">No playlists with files yet.</p>
          ) : (
            playlists.map((playlist) => (
              <label key={playlist.id} className="inline">
                <input
                  type="checkbox"
                  checked={targets.includes(playlist.id)}
                  disabled={busy}
                  onChange={(event) =>
                    setTargets((list) =>
                      event.target.checked ? [...list, playlist.id] : list.filter((other) => other !== playlist.id),
                    )
                  }
                />
                {displayName(playlist.projectTitle)}
              </label>
            ))
          )}
        </fieldset>
      )}
      <div>
        <h3 id={`${id}-files`}>Files and slot letters</h3>
        <FileRows
          rows={rows}
          setRows={setRows}
          programKind={null}
          taken={new Set()}
          disabled={busy}
          onMessage={showFeedback}
          label="Program files"
        />
      </div>
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy}>
          {submitting ? "Submitting..." : uploading ? "Uploading..." : "Create Program"}
        </button>
      </div>
      <Feedback feedback={feedback} />
    </form>
  );
}
