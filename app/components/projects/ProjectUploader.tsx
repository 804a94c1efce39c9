// The project page's uploader: files dropped or chosen wait in a list (each can
// be removed), then 'Upload' sends them one after another into the project with
// the chosen access type, each with its progress; failed files stay to try again.
import { useId, useState } from "react";
import type { ACCESS_TYPES } from "../../lib/schemas/files";
import { PROJECT_FILE_LIMITS, uploadFile } from "../../lib/upload-client";
import { DropZone } from "../DropZone";
import { AccessOptions } from "../files/AccessOptions";
import { UploadProgress } from "../files/UploadProgress";

interface Pending {
  key: string;
  file: File;
  fraction: number;
  status: "pending" | "uploading" | "done" | "error";
  error?: string;
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
        fraction: 0,
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
      update(item.key, { status: "uploading", fraction: 0, error: undefined });
      try {
        await uploadFile(
          item.file,
          { purpose: "project-file", accessType, projectId },
          { onProgress: (fraction) => update(item.key, { fraction }) },
        );
        update(item.key, { status: "done", fraction: 1 });
      } catch (error) {
        failures++;
        update(item.key, { status: "error", error: error instanceof Error ? error.message : String(error) });
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
      {items.length > 0 && (
        <UploadProgress
          label="Files to upload"
          rows={items.map((item) => ({
            key: item.key,
            name: item.file.name,
            fraction: item.fraction,
            error: item.status === "error" ? (item.error ?? "") : undefined,
            removable: item.status !== "uploading" && !busy,
          }))}
          onRemove={(key) => setItems((list) => list.filter((other) => other.key !== key))}
        />
      )}
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
