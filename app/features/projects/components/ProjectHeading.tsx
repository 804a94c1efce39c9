// The project page's heading (its title), and its danger zone at the end of the page: 'Delete
// project', which asks first (the kit's dialog), then deletes the project and all of its files; the
// action sends the member Home, or the error shows beside the button.
import { useFetcher } from "react-router";
import { Button, useConfirm } from "../../../components/ui";
import type { action } from "../pages/project.server";

const DELETE_PROJECT_CONFIRM = "Are you sure you want to delete this project and all of its files?";

export function ProjectHeading({ title }: { title: string }) {
  return (
    <div className="page-heading">
      <h1>{title}</h1>
    </div>
  );
}

/** Only the project's owners may delete it (ADR 041); others do not see this. */
export function DeleteProject() {
  const fetcher = useFetcher<typeof action>();
  const confirm = useConfirm();
  const deleting = fetcher.state !== "idle";
  const failure = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  return (
    <section className="card workspace-danger" aria-labelledby="danger-heading">
      <h2 id="danger-heading">Danger zone</h2>
      <p className="muted small">Deleting the project deletes all of its files, its playlist and its notes.</p>
      <Button
        variant="danger"
        size="sm"
        disabled={deleting}
        onClick={async () => {
          if (await confirm(DELETE_PROJECT_CONFIRM, { confirmLabel: "Delete project" })) {
            void fetcher.submit({ intent: "delete-project" }, { method: "post" });
          }
        }}
      >
        {deleting ? "Deleting..." : "Delete project"}
      </Button>
      {failure && (
        <p className="error" role="alert">
          {failure.message}
        </p>
      )}
    </section>
  );
}
