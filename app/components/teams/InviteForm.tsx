// The one invitation form (issue 34, ADRs 041 and 054): an e-mail and a role, posted with the
// intent `invite` (plus any `fields`, such as the program of a /programming row) to the page's
// action, which answers through app/lib/team-actions.server.ts. Used by the Team panel of
// projects, programs and shows, and by each program row on /programming.
import { useId } from "react";
import { useFetcher } from "react-router";
import { Feedback, type FetcherAnswer, useAnswer, useFeedback } from "../Feedback";
import { Button } from "../ui";
import styles from "./teams.module.css";

export type Role = "viewer" | "editor" | "owner";

/** What each role may do, in the words of issue 34, by what is shared. */
const WHAT_ROLES_MAY: Record<"project" | "program" | "show", string> = {
  project:
    "Viewers see, play and download; editors also upload, write notes, change the playlist, apply programs and render; owners also invite and delete.",
  program:
    "Viewers see and play the program's files; editors also add files and apply it; owners also invite and delete.",
  show: "Viewers see the show's episodes, drafts and stats; editors also publish and edit episodes; owners also invite.",
};

type Answer = FetcherAnswer & { error?: { message: string; fields?: Record<string, string[]> } };

export function InviteForm({
  noun,
  fields = {},
  defaultRole = "editor",
  label = "E-mail",
  submitLabel = "Invite",
  compact = false,
  name,
}: {
  noun: "project" | "program" | "show";
  /** Hidden fields sent with the form besides `intent`, `email` and `role`. */
  fields?: Record<string, string>;
  defaultRole?: Role;
  label?: string;
  submitLabel?: string;
  /** A small button and no role help: a form inside a list row. */
  compact?: boolean;
  /** What is shared, for the form's accessible name. */
  name?: string;
}) {
  const fetcher = useFetcher<Answer>();
  const [feedback, show] = useFeedback();
  const id = useId();
  const errorId = `${id}-email-error`;
  useAnswer(fetcher.data, show, () => (document.getElementById(id) as HTMLFormElement | null)?.reset());
  const emailError = fetcher.data?.error?.fields?.email?.[0];
  return (
    <fetcher.Form
      method="post"
      className={styles.form}
      id={id}
      noValidate
      aria-label={name ? `Share ${name}` : undefined}
    >
      <input type="hidden" name="intent" value="invite" />
      {Object.entries(fields).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label>
        {label}
        <input
          type="email"
          name="email"
          required
          autoComplete="off"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? errorId : undefined}
        />
      </label>
      <label className={styles.narrow}>
        Role
        <select name="role" defaultValue={defaultRole}>
          <option value="viewer">Viewer</option>
          <option value="editor">Editor</option>
          <option value="owner">Owner</option>
        </select>
      </label>
      <Button
        type="submit"
        variant={compact ? undefined : "primary"}
        size={compact ? "sm" : undefined}
        busy={fetcher.state !== "idle"}
        busyLabel="Sending…"
      >
        {submitLabel}
      </Button>
      {!compact && <p className={`muted small ${styles.full}`}>{WHAT_ROLES_MAY[noun]}</p>}
      {emailError && (
        <p id={errorId} className={`feedback error ${styles.full}`} role="alert">
          {emailError}
        </p>
      )}
      <div className={styles.full}>
        <Feedback feedback={emailError ? null : feedback} />
      </div>
    </fetcher.Form>
  );
}
