// The drop zone that sends files into a project, with the progress of what it sent: Home's
// 'New project' box and the Drop Zone page (/dropzone) both take project files this way.
import type { ReactNode } from "react";
import { DropZone } from "../../../components/DropZone";
import { UploadStatusList } from "../../../components/uploads/UploadStatus";
import { PROJECT_FILE_LIMITS } from "../../../lib/upload-client";
import type { UploadEntry } from "../../../lib/uploads/queue";

export function ProjectFilesDrop({
  busy,
  label,
  hint,
  entries,
  onDrop,
}: {
  busy: boolean;
  /** The file input's accessible name. */
  label: string;
  hint: ReactNode;
  /** The uploads this screen started (useUploader's `entries`). */
  entries: UploadEntry[];
  onDrop: (accepted: File[]) => Promise<void>;
}) {
  return (
    <>
      <DropZone
        limits={PROJECT_FILE_LIMITS}
        className="dropzone"
        busy={busy}
        label={label}
        busyPrompt="Uploading..."
        hint={hint}
        onDrop={(accepted) => void onDrop(accepted)}
      />
      <UploadStatusList label="Upload progress" entries={entries} />
    </>
  );
}
