import { Link, useFetcher } from "react-router";
import { Feedback, type ShowFeedback, useAnswer, useFeedback } from "../../../components/Feedback";
import { LocalTime } from "../../../components/LocalTime";
import { displayName } from "../../../kernel/format";
import type { Answer, ApplicationView } from "./types";

/** The programs applied to the playlist; `canEdit` false (a project's viewer) lists them with no Undo. */
export function AppliedPrograms({
  applications,
  canEdit = true,
}: {
  applications: ApplicationView[];
  canEdit?: boolean;
}) {
  const [feedback, showFeedback] = useFeedback();
  return (
    <div className="applied-programs">
      <h3>Programs applied</h3>
      <Feedback feedback={feedback} />
      {applications.length === 0 ? (
        <p className="muted small">
          No program is applied to this playlist.
          {canEdit && (
            <>
              {" "}
              Apply one at <Link to="/programming">Programming</Link>.
            </>
          )}
        </p>
      ) : (
        <ul className="application-list">
          {applications.map((application) => (
            <ApplicationRow key={application.id} application={application} onMessage={showFeedback} canEdit={canEdit} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ApplicationRow({
  application,
  onMessage,
  canEdit,
}: {
  application: ApplicationView;
  onMessage: ShowFeedback;
  canEdit: boolean;
}) {
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";
  useAnswer(fetcher.data, onMessage);
  const replaced = application.changes.filter((c) => c.action === "replaced").map((c) => c.slot);
  const appended = application.changes.filter((c) => c.action === "appended").map((c) => c.slot);
  return (
    <li className="application">
      <div>
        <strong>{displayName(application.programTitle)}</strong>
        <span className="muted small">
          {" "}
          · <LocalTime value={application.createdAt} />
        </span>
        <div className="small">
          {replaced.length > 0 && <span>Replaced slot {replaced.join(", ")}. </span>}
          {appended.length > 0 && <span>Appended slot {appended.join(", ")}.</span>}
        </div>
      </div>
      {canEdit && (
        <button
          type="button"
          className="button small"
          disabled={busy}
          onClick={() =>
            void fetcher.submit({ intent: "undo-application", applicationId: application.id }, { method: "post" })
          }
        >
          {busy ? "Undoing..." : "Undo"}
        </button>
      )}
    </li>
  );
}
