// Sharing a program (issue 34, ADR 041): its owner invites someone by e-mail as viewer, editor or
// owner, as for projects; the link arrives by e-mail. Posts `share-program` to /programming's action.
import { useId } from "react";
import { useFetcher } from "react-router";
import { Feedback, type FetcherAnswer, useAnswer, useFeedback } from "../Feedback";
import { Button } from "../ui";
import styles from "./teams.module.css";

export function ShareProgram({ programId, title }: { programId: string; title: string }) {
  const fetcher = useFetcher<FetcherAnswer>();
  const [feedback, show] = useFeedback();
  const id = useId();
  useAnswer(fetcher.data, show, () => (document.getElementById(id) as HTMLFormElement | null)?.reset());
  return (
    <fetcher.Form method="post" className={styles.form} id={id} noValidate aria-label={`Share ${title}`}>
      <input type="hidden" name="intent" value="share-program" />
      <input type="hidden" name="programId" value={programId} />
      <label>
        Share with (e-mail)
        <input type="email" name="email" autoComplete="off" />
      </label>
      <label className={styles.narrow}>
        Role
        <select name="role" defaultValue="viewer">
          <option value="viewer">Viewer</option>
          <option value="editor">Editor</option>
          <option value="owner">Owner</option>
        </select>
      </label>
      <Button type="submit" size="sm" busy={fetcher.state !== "idle"}>
        Share
      </Button>
      <div className={styles.full}>
        <Feedback feedback={feedback} />
      </div>
    </fetcher.Form>
  );
}
