// The project files screen (/projects/:projectId): upload drop zone with
// per-file progress, the project's files with the three-click selection of
// seed 000 §4, deleting files or the whole project, and below the list the
// playlist builder and chapter editor. Loader and action: project.server.ts;
// components in components/projects/ and components/files/.
import { useCallback, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Feedback, useFeedback } from "../../../components/Feedback";
import type { LoadFailedHandle } from "../../../components/PageError";
import { ActivityList } from "../../../components/teams/ActivityList";
import { SharingPanel } from "../../../components/teams/SharingPanel";
import { SignaturesPanel } from "../../../components/teams/SignaturesPanel";
import teams from "../../../components/teams/teams.module.css";
import { displayName } from "../../../kernel/format";
import { PROJECT_FILES_LOAD_FAILED } from "../../../kernel/schemas/files";
import { useRevalidateWhile } from "../../../lib/revalidate-while";
import { ChapterEditor } from "../../playlists/components/ChapterEditor";
import { PlaylistBuilder } from "../../playlists/components/PlaylistBuilder";
import { ProjectHeading } from "../components/ProjectHeading";
import { ProjectUploader } from "../components/ProjectUploader";
import { FileList, type Selection } from "../files/FileList";
import { useArrivalMessage } from "../files/flash";
import type { Route } from "./+types/project";
import "../../../styles/files.css";

export { action, loader } from "./project.server";

export const handle = { loadFailed: PROJECT_FILES_LOAD_FAILED } satisfies LoadFailedHandle;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? displayName(loaderData.project.title) || "Untitled Project" : "Project";
  return [{ title: `${title} · Creator Platform` }];
}

const isProbing = (item: { probeStatus: string }) => item.probeStatus === "queued" || item.probeStatus === "running";

export default function Project({ loaderData }: Route.ComponentProps) {
  const { project, files, playlist, applications, role } = loaderData;
  const canEdit = role !== "viewer";
  const [selection, setSelection] = useState<Selection>({});
  const selectedFileIds = files.filter((file) => selection[file.id] === 2).map((file) => file.id);
  const revalidator = useRevalidator();
  const [feedback, showFeedback] = useFeedback();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await revalidator.revalidate();
    } finally {
      setRefreshing(false);
    }
  }, [revalidator]);

  // A message handed over by the page before: Home after its uploads, the file view after deleting.
  useArrivalMessage(showFeedback);
  // While a probe is queued or running (of a file or of a playlist item), look again every 3 seconds.
  useRevalidateWhile(files.some(isProbing) || playlist.items.some(isProbing));

  return (
    <div className="files-page">
      <section className="card">
        <ProjectHeading title={displayName(project.title) || "Untitled Project"} canDelete={role === "owner"} />
        <p className="muted">
          <Link to="/authenticated">← All projects</Link>
        </p>
        {canEdit ? (
          <ProjectUploader projectId={project.id} onUploaded={refresh} onMessage={showFeedback} />
        ) : (
          <p className={teams.notice} role="note">
            You are a <strong>viewer</strong> of this project: you can see, play and download its files, but not change
            anything.
          </p>
        )}
      </section>

      {/* A viewer's copy of the file list's controls is disabled as a whole; links still work. The playlist
          below is outside it: its rows are view-only for a viewer but their players work (ADR 054). */}
      <fieldset disabled={!canEdit} className={teams.readOnly}>
        <legend className="visually-hidden">{canEdit ? "Files" : "Files (view only)"}</legend>
        <section className="card" aria-labelledby="files-heading">
          <h2 id="files-heading">Files</h2>
          <Feedback feedback={feedback} />
          <FileList
            files={files}
            selection={selection}
            setSelection={setSelection}
            loading={refreshing && revalidator.state === "loading"}
            onMessage={showFeedback}
          />
        </section>
      </fieldset>

      <PlaylistBuilder
        projectId={project.id}
        playlist={playlist}
        applications={applications}
        selectedFileIds={selectedFileIds}
        onAdded={() => setSelection({})}
        onUploaded={refresh}
        canEdit={canEdit}
      />
      <fieldset disabled={!canEdit} className={teams.readOnly}>
        <legend className="visually-hidden">{canEdit ? "Chapters" : "Chapters (view only)"}</legend>
        <ChapterEditor chapters={loaderData.chapters} items={playlist.items} />
      </fieldset>
      <SignaturesPanel
        requests={loaderData.signatureRequests}
        pdfs={files.filter((file) => file.kind === "pdf").map(({ id, fileName }) => ({ id, fileName }))}
        canEdit={canEdit}
      />
      <SharingPanel sharing={loaderData.sharing} role={role} userId={loaderData.userId} />
      <ActivityList activity={loaderData.activity} />
    </div>
  );
}
