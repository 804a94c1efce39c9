// Home's 'New project' form (opened by the header's button): a title, an access type and a drop zone whose chosen files go up on
// 'Upload' (the project page's rule). The first file that goes up creates the project, the others join it; when all
// went up the page opens the project, otherwise it lists what failed and links
// to the project.
import { useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Field, Input, Select } from "../../../components/ui";
import { useUploader } from "../../../components/uploads/useUploads";
import { PROJECT_TITLE_REQUIRED } from "../../../kernel/schemas/files";
import { AccessOptions } from "../files/AccessOptions";
import { ProjectFilesDrop } from "./ProjectFilesDrop";
import { type AccessType, uploadIntoProject } from "./upload-into-project";

export function NewProject() {
  const navigate = useNavigate();
  const titleId = useId();
  const [title, setTitle] = useState("");
  const [accessType, setAccessType] = useState<AccessType>("private");
  const [titleError, setTitleError] = useState<string | null>(null);
  const uploader = useUploader();
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);

  async function upload(files: File[], started: (index: number, queueId: string) => void) {
    const projectTitle = title.trim();
    if (!projectTitle) {
      setTitleError(PROJECT_TITLE_REQUIRED);
      titleInput.current?.focus();
      return false;
    }
    if (files.length === 0) return false;
    setTitleError(null);
    setBusy(true);
    setCreatedId(null);
    uploader.forget();
    const { projectId, failed } = await uploadIntoProject(files, { projectTitle }, accessType, uploader.start, started);
    setBusy(false);
    if (projectId && !failed) {
      navigate(`/projects/${projectId}`, { state: { message: "Upload successful!" } });
    } else {
      setCreatedId(projectId);
    }
    return true;
  }

  return (
    <section className="new-project" aria-label="New project">
      <div className="form new-project-fields">
        <Field label="Project title" error={titleError}>
          <Input
            id={titleId}
            ref={titleInput}
            name="projectTitle"
            value={title}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => {
              setTitle(event.target.value);
              if (event.target.value.trim()) setTitleError(null);
            }}
            disabled={busy}
          />
        </Field>
        <Field label="Access type">
          <Select
            name="accessType"
            value={accessType}
            onChange={(event) => setAccessType(event.target.value as typeof accessType)}
            disabled={busy}
          >
            <AccessOptions />
          </Select>
        </Field>
      </div>
      <div className="form">
        <ProjectFilesDrop
          busy={busy}
          label="Files for the new project"
          hint="Images, video, audio, PDF and text files."
          entries={uploader.entries}
          onUpload={upload}
        />
        {createdId && (
          <p>
            <Link to={`/projects/${createdId}`}>Open the project</Link>
          </p>
        )}
      </div>
    </section>
  );
}
