// The drop zone that sends files into a project, with the progress of what it sent: Home's
// 'New project' box and the Drop Zone page (/dropzone) both take project files this way. One rule
// with the project page's uploader: dropped or chosen files wait in a list (each can be removed),
// and 'Upload' sends them.
import { type ReactNode, useState } from "react";
import { DropZone } from "../../../components/DropZone";
import { Button, Outcome } from "../../../components/ui";
import { type ChosenFile, ChosenFiles } from "../../../components/uploads/ChosenFiles";
import { UploadStatusList } from "../../../components/uploads/UploadStatus";
import { NO_FILES_TO_UPLOAD } from "../../../kernel/schemas/playlists";
import { PROJECT_FILE_LIMITS } from "../../../lib/upload-client";
import type { UploadEntry } from "../../../lib/uploads/queue";

export function ProjectFilesDrop({
  busy,
  label,
  hint,
  entries,
  onUpload,
}: {
  busy: boolean;
  /** The file input's accessible name. */
  label: string;
  hint: ReactNode;
  /** The uploads this screen started (useUploader's `entries`). */
  entries: UploadEntry[];
  /** Sends the chosen files; false when nothing was sent (a title is missing), so they stay chosen. */
  onUpload: (files: File[]) => Promise<boolean>;
}) {
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  function choose(accepted: File[]) {
    setNotice(null);
    const stamp = Date.now();
    setChosen((list) => [...list, ...accepted.map((file, i) => ({ key: `${stamp}-${i}-${file.name}`, file }))]);
  }

  async function upload() {
    if (chosen.length === 0) {
      setNotice(NO_FILES_TO_UPLOAD);
      return;
    }
    setNotice(null);
    if (await onUpload(chosen.map((item) => item.file))) setChosen([]);
  }

  return (
    <>
      <DropZone
        limits={PROJECT_FILE_LIMITS}
        className="dropzone"
        busy={busy}
        label={label}
        busyPrompt="Uploading..."
        hint={hint}
        onDrop={choose}
      />
      <ChosenFiles
        label="Files chosen"
        files={chosen}
        removable={!busy}
        onRemove={(key) => setChosen((list) => list.filter((item) => item.key !== key))}
      />
      <UploadStatusList label="Upload progress" entries={entries} />
      <div className="upload-controls">
        <Button variant="primary" disabled={busy} onClick={() => void upload()}>
          {busy ? "Uploading..." : "Upload"}
        </Button>
      </div>
      <Outcome message={notice ? { ok: false, text: notice } : null} />
    </>
  );
}
