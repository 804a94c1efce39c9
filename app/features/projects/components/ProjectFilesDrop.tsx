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
  /**
   * Sends the chosen files, calling `started` as each goes to the queue; false when nothing was sent
   * (a title is missing), so they stay chosen.
   */
  onUpload: (files: File[], started: (index: number, queueId: string) => void) => Promise<boolean>;
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
    const sending = chosen;
    // A file that went to the queue leaves this list: its queue row (progress, speed, Cancel) stands
    // for it from then on, so it is never listed twice.
    const started = (index: number, queueId: string) => {
      const key = sending[index]?.key;
      setChosen((list) => list.map((item) => (item.key === key ? { ...item, queueId } : item)));
    };
    if (
      await onUpload(
        sending.map((item) => item.file),
        started,
      )
    )
      setChosen([]);
  }
  const waiting = chosen.filter((item) => !item.queueId);

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
      <UploadStatusList label="Upload progress" entries={entries} />
      <ChosenFiles
        label="Files chosen"
        files={waiting}
        removable={!busy}
        waiting={busy}
        onRemove={(key) => setChosen((list) => list.filter((item) => item.key !== key))}
      />
      <div className="upload-controls">
        <Button variant="primary" disabled={busy} onClick={() => void upload()}>
          {busy ? "Uploading..." : "Upload"}
        </Button>
      </div>
      <Outcome message={notice ? { ok: false, text: notice } : null} />
    </>
  );
}
