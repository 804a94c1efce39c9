// Drop Zone (/dropzone): the quickest way to get files up. Pick one of the member's projects (or
// name a new one), drop files, and they go up at once through the one upload helper, each with its
// progress; when they are up, the seed's 'Upload successful!' once, under the rows (each row links to
// where its file landed). Loader: dropzone.server.ts.
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Card, Field, Input, Select } from "../../../components/ui";
import { useUploader } from "../../../components/uploads/useUploads";
import { displayName } from "../../../kernel/format";
import { PROJECT_TITLE_REQUIRED } from "../../../kernel/schemas/files";
import styles from "../components/dropzone.module.css";
import { ProjectFilesDrop } from "../components/ProjectFilesDrop";
import { type AccessType, uploadIntoProject } from "../components/upload-into-project";
import { AccessOptions } from "../files/AccessOptions";
import type { Route } from "./+types/dropzone";
import "../../../styles/files.css";

export { loader } from "./dropzone.server";

export function meta() {
  return [{ title: "Drop Zone · Creator Platform" }];
}

const NEW_PROJECT = "";

export default function DropZonePage({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  const revalidator = useRevalidator();
  const [target, setTarget] = useState(projects[0]?.id ?? NEW_PROJECT);
  const [title, setTitle] = useState("");
  const [titleError, setTitleError] = useState<string | null>(null);
  const [accessType, setAccessType] = useState<AccessType>("private");
  const uploader = useUploader();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ projectId: string; failed: number } | null>(null);

  async function upload(files: File[], started: (index: number, queueId: string) => void) {
    if (files.length === 0) return false;
    const projectTitle = title.trim();
    if (target === NEW_PROJECT && !projectTitle) {
      setTitleError(PROJECT_TITLE_REQUIRED);
      return false;
    }
    setTitleError(null);
    setDone(null);
    setBusy(true);
    uploader.forget();
    const into = target === NEW_PROJECT ? { projectTitle } : { projectId: target };
    const { projectId, failed } = await uploadIntoProject(files, into, accessType, uploader.start, started);
    setBusy(false);
    if (!projectId) return true;
    setDone({ projectId, failed });
    if (target === NEW_PROJECT) {
      // The new project joins the list and stays chosen for the next drop.
      setTarget(projectId);
      setTitle("");
      await revalidator.revalidate();
    }
    return true;
  }

  const chosen = projects.find((project) => project.id === (done?.projectId ?? target));
  return (
    <div className={`files-page ${styles.page}`}>
      <Card as="section" aria-labelledby="dropzone-heading">
        <h1 id="dropzone-heading">Drop Zone</h1>
        <p className="muted">
          Drop files here, then press Upload to put them into one of your projects, or into a new one.
        </p>
        <div className={styles.choices}>
          <Field label="Into project">
            <Select value={target} onChange={(event) => setTarget(event.target.value)} disabled={busy}>
              {projects.map((project) => (
                <option key={project.id} value={project.id} title={displayName(project.title)}>
                  {displayName(project.title) || "Untitled Project"}
                  {project.sharedBy ? ` (shared by ${project.sharedBy})` : ""}
                </option>
              ))}
              <option value={NEW_PROJECT}>A new project…</option>
            </Select>
          </Field>
          {target === NEW_PROJECT && (
            <Field label="Project title" error={titleError}>
              <Input
                value={title}
                maxLength={100}
                autoComplete="off"
                disabled={busy}
                onChange={(event) => {
                  setTitle(event.target.value);
                  if (event.target.value.trim()) setTitleError(null);
                }}
              />
            </Field>
          )}
          <Field label="Access type">
            <Select
              value={accessType}
              onChange={(event) => setAccessType(event.target.value as AccessType)}
              disabled={busy}
            >
              <AccessOptions />
            </Select>
          </Field>
        </div>
        <ProjectFilesDrop
          busy={busy}
          label="Files to upload"
          hint="Images, video, audio, PDF and text files. Choose or drop them, then press Upload."
          entries={uploader.entries}
          onUpload={upload}
        />
        {done && (
          <p className={done.failed ? "error" : "success"} role={done.failed ? "alert" : "status"}>
            {done.failed ? (
              <>
                {`${done.failed} of ${uploader.entries.length} files could not be uploaded; the reasons are listed above. `}
                <Link to={`/projects/${done.projectId}`}>
                  Open {chosen ? displayName(chosen.title) || "Untitled Project" : "the project"}
                </Link>
              </>
            ) : (
              "Upload successful!"
            )}
          </p>
        )}
      </Card>
    </div>
  );
}
