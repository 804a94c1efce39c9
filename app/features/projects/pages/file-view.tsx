// The large file view (/bigfile/:fileId). Owners see everything: preview,
// details, slot position, download, delete and notes. Anyone with the link
// sees a public-read file's preview, name, dates and Download; anything else
// is 'No file data available'. Loader and action: file-view.server.ts.
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { BackButton } from "../../../components/BackButton";
import { Feedback, useFeedback } from "../../../components/Feedback";
import { PageError } from "../../../components/PageError";
import { displayName } from "../../../kernel/format";
import { notFoundMessage } from "../../../lib/page-errors";
import { DeleteFileButton, DownloadButton, SlotForm } from "../files/FileActions";
import { FileDetails } from "../files/FileDetails";
import { FileNotes } from "../files/FileNotes";
import { FilePreview } from "../files/FilePreview";
import type { Route } from "./+types/file-view";
import "../../../styles/files.css";

export { action, loader } from "./file-view.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.view ? displayName(loaderData.view.file.fileName) : "File";
  return [{ title: `${name} · Creator Platform` }];
}

/** After the file is deleted the page leaves; loading it again would only say it is gone. */
export function shouldRevalidate({ formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "delete-file" && actionResult && !("error" in actionResult)) return false;
  return defaultShouldRevalidate;
}

export default function FileView({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { file, owner, canEdit } = view;
  const [feedback, showFeedback] = useFeedback();
  const back = file.projectId ? `/projects/${file.projectId}` : "/";
  return (
    <div className="files-page bigfile">
      <section className="card">
        <div className="page-heading">
          <BackButton fallback={back} />
        </div>
        <h1 className="bigfile-name">{displayName(file.fileName)}</h1>
        <FilePreview file={file} url={view.previewUrl} />
        <FileDetails view={view} />
        <Feedback feedback={feedback} />
        <div className="actions file-actions">
          <DownloadButton fileId={file.id} onMessage={showFeedback} />
          {canEdit && <DeleteFileButton onMessage={showFeedback} />}
        </div>
        {canEdit && <SlotForm file={file} onMessage={showFeedback} />}
      </section>
      {owner && <FileNotes notes={view.notes} canEdit={canEdit} />}
    </div>
  );
}

/** Missing, private to someone else, or just deleted: 'No file data available' (404). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = notFoundMessage(error);
  if (message == null) return <PageError error={error} />;
  return (
    <section className="card narrow bigfile">
      <BackButton fallback="/authenticated" />
      <p className="empty-state">{message}</p>
    </section>
  );
}
