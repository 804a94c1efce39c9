// The project page's heading: its title and 'Delete project', which asks
// first, then deletes the project and all of its files; the action sends the
// member Home, or the error shows here.
import { useFetcher } from "react-router";
import { useConfirm } from "../../../components/ui";
import type { action } from "../pages/project.server";

const DELETE_PROJECT_CONFIRM = "Are you sure you want to delete this project and all of its files?";

/** `canDelete`: only the project's owners may delete it (ADR 041); others see the title alone. */
export function ProjectHeading({ title, canDelete = true }: { title: string; canDelete?: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const confirm = useConfirm();
  const deleting = fetcher.state !== "idle";
  const failure = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  return (
    <>
      <div className="page-heading">
        <h1>{title}</h1>
        {canDelete && (
          <button
            type="button"
            className="button danger"
            disabled={deleting}
            onClick={async () => {
              if (await confirm(DELETE_PROJECT_CONFIRM, { confirmLabel: "Delete project" })) {
                void fetcher.submit({ intent: "delete-project" }, { method: "post" });
              }
            }}
          >
            {deleting ? "Deleting..." : "Delete project"}
          </button>
        )}
      </div>
      {failure && (
        <p className="error" role="alert">
          {failure.message}
        </p>
      )}
    </>
  );
}
