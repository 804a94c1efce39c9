// The project page's uploader: files dropped or chosen wait in a list (each can
// be removed), then 'Upload' hands them to the upload queue (one module for every
// upload screen, shown in the tray too) for the project with the chosen access
// type; each shows its progress, speed, pause and cancel; failed files stay to try again.
import { useId, useState } from "react";
import { DropZone } from "../../../components/DropZone";
import { ChosenFiles } from "../../../components/uploads/ChosenFiles";
import { UploadStatusList } from "../../../components/uploads/UploadStatus";
import { useUploader } from "../../../components/uploads/useUploads";
import type { ACCESS_TYPES } from "../../../kernel/schemas/files";
import { PROJECT_FILE_LIMITS } from "../../../lib/upload-client";
import { sendOrResume } from "../../../lib/uploads/queue";
import { AccessOptions } from "../files/AccessOptions";

interface Pending {
  key: string;
  file: File;
  status: "pending" | "uploading" | "done" | "error";
  /** The queue's upload, once started (a retry resumes it). */
  uploadId?: string;
}

export function ProjectUploader({
  projectId,
  onUploaded,
  onMessage,
}: {
  projectId: string;
  onUploaded: () => Promise<void>;
  onMessage: (text: string, error?: boolean) => void;
}) {
  const id = useId();
  const [items, setItems] = useState<Pending[]>([]);
  const [accessType, setAccessType] = useState<(typeof ACCESS_TYPES)[number]>("private");
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const uploader = useUploader();

  const update = (key: string, change: Partial<Pending>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function choose(accepted: File[]) {
    setNotice(null);
    const stamp = Date.now();
    setItems((list) => [
      ...list.filter((item) => item.status !== "done"),
      ...accepted.map((file, i) => ({
        key: `${stamp}-${i}-${file.name}`,
        file,
        status: "pending" as const,
      })),
    ]);
  }

  async function upload() {
    if (busy) return;
    const queue = items.filter((item) => item.status === "pending" || item.status === "error");
    if (queue.length === 0) {
      setNotice({ text: "No files to upload.", error: true });
      return;
    }
    setBusy(true);
    setNotice(null);
    let failures = 0;
    for (const item of queue) {
      try {
        const target = { purpose: "project-file", accessType, projectId } as const;
        const done = sendOrResume(
          item.file,
          target,
          item.uploadId,
          (uploadId) => update(item.key, { uploadId }),
          uploader.start,
        );
        update(item.key, { status: "uploading" });
        await done;
        update(item.key, { status: "done" });
      } catch {
        // The queue's row says why (or that it was cancelled).
        failures++;
        update(item.key, { status: "error" });
      }
    }
    // Back to idle: the uploaded files leave the selection, failed ones stay to try again.
    setItems((list) => list.filter((item) => item.status !== "done"));
    setBusy(false);
    if (failures === 0) onMessage("Upload successful!");
    await onUploaded();
  }

  return (
    <div className="uploader">
      <h2>Upload files</h2>
      <DropZone
        limits={PROJECT_FILE_LIMITS}
        className="dropzone"
        busy={busy}
        label="Files to upload"
        hint="Images, video, audio, PDF and text files."
        onDrop={choose}
      />
      <ChosenFiles
        label="Files chosen"
        files={items.filter((item) => !item.uploadId)}
        removable={!busy}
        onRemove={(key) => setItems((list) => list.filter((other) => other.key !== key))}
      />
      <UploadStatusList label="Uploads to this project" entries={uploader.entries} />
      <div className="upload-controls">
        <label htmlFor={`${id}-access`}>Access type</label>
        <select
          id={`${id}-access`}
          value={accessType}
          onChange={(event) => setAccessType(event.target.value as typeof accessType)}
          disabled={busy}
        >
          <AccessOptions />
        </select>
        <button type="button" className="button primary" disabled={busy} onClick={() => void upload()}>
          {busy ? "Uploading..." : "Upload"}
        </button>
      </div>
      {notice && (
        <p className={notice.error ? "error" : "success"} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      )}
    </div>
  );
}
