// Home: the member's projects and a 'New project' box whose drop zone uploads
// the dropped files into a new project, then opens it.
import { useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { listProjects } from "../../worker/domain/files/files";
import { DropZone } from "../components/DropZone";
import { requireUser, server } from "../lib/auth.server";
import { type ACCESS_TYPES, PROJECT_TITLE_REQUIRED } from "../lib/schemas/files";
import { PROJECT_FILE_LIMITS, type UploadTarget, uploadFile } from "../lib/upload-client";
import type { Route } from "./+types/member-home";
import "../styles/files.css";

export function meta() {
  return [{ title: "Home · Creator Platform" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const projects = await listProjects(server(context).deps, user.id);
  return {
    name: user.name,
    projects: projects.map(({ id, title, fileCount, createdAt }) => ({ id, title, fileCount, createdAt })),
  };
}

/** Seed 000 §5: titles are stored with underscores for spaces; show them as spaces. */
const displayName = (name: string) => name.replaceAll("_", " ");

export default function Authenticated({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  return (
    <div className="files-page">
      <section className="card">
        <h1>Your projects</h1>
        <p className="muted">Signed in as {loaderData.name}.</p>
        {projects.length === 0 ? (
          <div className="empty-state">
            <p>No projects yet. Create one below by giving it a title and dropping files into it.</p>
          </div>
        ) : (
          <ul className="project-list">
            {projects.map((project) => (
              <li key={project.id}>
                <Link to={`/projects/${project.id}`} className="project-link">
                  <span className="project-title">{displayName(project.title) || "Untitled Project"}</span>
                  <span className="muted">
                    {project.fileCount} {project.fileCount === 1 ? "file" : "files"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <NewProject />
    </div>
  );
}

interface Progress {
  key: string;
  name: string;
  fraction: number;
  error?: string;
}

function NewProject() {
  const navigate = useNavigate();
  const titleId = useId();
  const [title, setTitle] = useState("");
  const [accessType, setAccessType] = useState<(typeof ACCESS_TYPES)[number]>("private");
  const [titleError, setTitleError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress[]>([]);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);

  const update = (key: string, change: Partial<Progress>) =>
    setProgress((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function upload(files: File[]) {
    const projectTitle = title.trim();
    if (!projectTitle) {
      setTitleError(PROJECT_TITLE_REQUIRED);
      titleInput.current?.focus();
      return;
    }
    if (files.length === 0) return;
    setTitleError(null);
    setBusy(true);
    setCreatedId(null);
    const items = files.map((file, i) => ({ key: `${Date.now()}-${i}`, name: file.name, fraction: 0 }));
    setProgress(items);
    // The first file that goes up creates the project; the others join it.
    let projectId: string | null = null;
    let failed = false;
    for (const [i, file] of files.entries()) {
      const key = items[i]!.key;
      const target: UploadTarget = projectId
        ? { purpose: "project-file", accessType, projectId }
        : { purpose: "project-file", accessType, projectTitle };
      try {
        const result = await uploadFile(file, target, { onProgress: (fraction) => update(key, { fraction }) });
        projectId = result.projectId;
      } catch (error) {
        failed = true;
        const reason = error instanceof Error ? error.message : String(error);
        update(key, { error: reason });
      }
    }
    setBusy(false);
    if (projectId && !failed) {
      navigate(`/projects/${projectId}`, { state: { message: "Upload successful!" } });
    } else {
      setCreatedId(projectId);
    }
  }

  return (
    <section className="card new-project" aria-labelledby={`${titleId}-heading`}>
      <h2 id={`${titleId}-heading`}>New project</h2>
      <div className="form">
        <label htmlFor={titleId}>
          Project title
          <input
            id={titleId}
            ref={titleInput}
            name="projectTitle"
            value={title}
            maxLength={100}
            autoComplete="off"
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? `${titleId}-error` : undefined}
            onChange={(event) => {
              setTitle(event.target.value);
              if (event.target.value.trim()) setTitleError(null);
            }}
            disabled={busy}
          />
        </label>
        {titleError && (
          <p id={`${titleId}-error`} className="error" role="alert">
            {titleError}
          </p>
        )}
        <label>
          Access type
          <select
            name="accessType"
            value={accessType}
            onChange={(event) => setAccessType(event.target.value as typeof accessType)}
            disabled={busy}
          >
            <option value="private">Private</option>
            <option value="public-read">Public</option>
          </select>
        </label>
        <DropZone
          limits={PROJECT_FILE_LIMITS}
          className="dropzone"
          busy={busy}
          label="Files for the new project"
          busyPrompt="Uploading..."
          hint="Images, video, audio, PDF and text files."
          onDrop={(accepted) => void upload(accepted)}
        />
        {progress.length > 0 && <ProgressList items={progress} />}
        {createdId && (
          <p>
            <Link to={`/projects/${createdId}`}>Open the project</Link>
          </p>
        )}
      </div>
    </section>
  );
}

function ProgressList({ items }: { items: Progress[] }) {
  return (
    <ul className="upload-progress" aria-label="Upload progress">
      {items.map((item) => {
        const percent = Math.round(item.fraction * 100);
        return (
          <li key={item.key}>
            <span className="upload-name">{item.name}</span>
            <progress max={100} value={percent} aria-label={`${item.name} upload progress`} />
            <span className="upload-percent">{percent}%</span>
            {item.error !== undefined && (
              <p className="error" role="alert">
                Failed to upload file: {item.name}
                {item.error && <span className="reason"> — {item.error}</span>}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
