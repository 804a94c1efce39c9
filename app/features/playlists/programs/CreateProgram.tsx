// The "New program" form: title, access type, optional schedule with its playlists, and the files.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Feedback, useFeedback } from "../../../components/Feedback";
import { Checkbox, Field, Input, Select } from "../../../components/ui";
import { displayName } from "../../../kernel/format";
import { ProgramFileSlots, useProgramSlots } from "./ProgramFileSlots";
import type { Answer, PlaylistOption } from "./types";

/** A new program has no letters in use yet. */
const NONE_TAKEN = new Set<string>();

export const PROGRAM_CREATED_UPLOADED = "Program created and its files uploaded.";

export function CreateProgram({
  playlists,
  onCreated,
}: {
  playlists: PlaylistOption[];
  /** The program and all its files are in: the page closes the form and says so. */
  onCreated?: (message: string) => void;
}) {
  const id = useId();
  const fetcher = useFetcher<Answer>();
  const [feedback, showFeedback] = useFeedback();
  const [title, setTitle] = useState("");
  const [accessType, setAccessType] = useState("private");
  const [startsAt, setStartsAt] = useState("");
  const [endsAt, setEndsAt] = useState("");
  const [targets, setTargets] = useState<string[]>([]);
  const files = useProgramSlots(null, NONE_TAKEN, "a");
  const uploading = files.uploads.busy;
  const submitting = fetcher.state !== "idle";
  const busy = submitting || uploading;
  const scheduled = Boolean(startsAt || endsAt);

  // Once the program exists, its files go up.
  const answer = fetcher.data;
  const seen = useRef<Answer | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer (`seen`); the upload uses the form as it was sent
  useEffect(() => {
    if (!answer || seen.current === answer) return;
    seen.current = answer;
    if (answer.error || !answer.programId)
      return showFeedback(answer.error?.message ?? "An unexpected error occurred. Please try again.", true);
    const programId = answer.programId;
    void (async () => {
      // Reloads the programs once the files are up; until then the new program shows as uploading.
      const failures = await files.upload(programId, accessType);
      if (failures === 0) {
        showFeedback(PROGRAM_CREATED_UPLOADED);
        setTitle("");
        setStartsAt("");
        setEndsAt("");
        setTargets([]);
        files.uploads.reset();
        onCreated?.(PROGRAM_CREATED_UPLOADED);
      } else {
        showFeedback(
          `The program was created, but ${failures} ${failures === 1 ? "file" : "files"} failed to upload. Add them from the program's details.`,
          true,
        );
        files.uploads.dropDone();
      }
    })();
  }, [answer]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // The action parses the same fields with the same schema; the title is checked before the files.
    // The schema (and zod) load with the first submit, not with the page (ADR 051).
    const { programSchema } = await import("../../../kernel/schemas/playlists");
    const program = programSchema.safeParse({
      title,
      accessType,
      // datetime-local is the browser's local time; the server takes an instant.
      startsAt: startsAt ? new Date(startsAt).toISOString() : undefined,
      endsAt: endsAt ? new Date(endsAt).toISOString() : undefined,
      playlistIds: scheduled ? targets : [],
    });
    const issues = program.error?.issues ?? [];
    const titleIssue = issues.find((issue) => issue.path[0] === "title");
    if (titleIssue) return showFeedback(titleIssue.message, true);
    const problem = files.check();
    if (problem) return showFeedback(problem, true);
    if (!program.success) return showFeedback(issues[0]!.message, true);
    const form = new FormData();
    form.set("intent", "create-program");
    form.set("title", title);
    form.set("accessType", accessType);
    if (program.data.startsAt) form.set("startsAt", program.data.startsAt);
    if (program.data.endsAt) form.set("endsAt", program.data.endsAt);
    for (const playlistId of program.data.playlistIds) form.append("playlistId", playlistId);
    void fetcher.submit(form, { method: "post" });
  }

  return (
    <form className="form create-program" onSubmit={submit} noValidate>
      <div className="form-grid">
        <Field label="Program title">
          <Input
            name="title"
            value={title}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setTitle(event.target.value)}
            disabled={busy}
          />
        </Field>
        <Field label="Access type">
          <Select value={accessType} onChange={(event) => setAccessType(event.target.value)} disabled={busy}>
            <option value="private">Private</option>
            <option value="public-read">Public</option>
          </Select>
        </Field>
        <Field label="Starts (optional)">
          <Input
            type="datetime-local"
            value={startsAt}
            onChange={(event) => setStartsAt(event.target.value)}
            disabled={busy}
          />
        </Field>
        <Field label="Ends (optional)">
          <Input
            type="datetime-local"
            value={endsAt}
            onChange={(event) => setEndsAt(event.target.value)}
            disabled={busy}
          />
        </Field>
      </div>
      {scheduled && (
        <fieldset className="playlist-picker">
          <legend>Playlists it applies to when scheduled</legend>
          {playlists.length === 0 ? (
            <p className="muted small">No playlists with files yet.</p>
          ) : (
            playlists.map((playlist) => (
              <Checkbox
                key={playlist.id}
                label={displayName(playlist.projectTitle)}
                checked={targets.includes(playlist.id)}
                disabled={busy}
                onChange={(event) =>
                  setTargets((list) =>
                    event.target.checked ? [...list, playlist.id] : list.filter((other) => other !== playlist.id),
                  )
                }
              />
            ))
          )}
        </fieldset>
      )}
      <div>
        <h3 id={`${id}-files`}>Files and slot letters</h3>
        <ProgramFileSlots
          uploads={files.uploads}
          kind={files.kind}
          taken={NONE_TAKEN}
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
