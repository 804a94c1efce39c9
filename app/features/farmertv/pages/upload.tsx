// FarmerTV uploader (seed 001 screen 10): title and description first, then a
// cover drop zone (jpeg, png, webp; one) and a video drop zone; files go
// straight to storage (multipart with resume for big videos) with progress.
import { useState } from "react";
import { Link } from "react-router";
import { DropSection } from "../../../components/DropSection";
import { UploadStatusList } from "../../../components/uploads/UploadStatus";
import { useUploader } from "../../../components/uploads/useUploads";
import {
  DESCRIPTION_MAX,
  EPISODE_COVER_ACCEPT,
  EPISODE_VIDEO_ACCEPT,
  episodeTextSchema,
  TITLE_MAX,
  uploadedMessage,
  uploadFailedMessage,
} from "../../../kernel/schemas/farmertv";
import { MAX_FILE_SIZE } from "../../../kernel/schemas/files";
import { api, call } from "../../../lib/api-client";
import { isCancelled } from "../../../lib/uploads/queue";
import "../../../styles/files.css";
import "../farmertv.css";

export { loader } from "./upload.server";

export function meta() {
  return [{ title: "FarmerTV · Creator Platform" }];
}

export default function FarmerTv() {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [coverUploadId, setCoverUploadId] = useState<string | null>(null);
  const [episodeId, setEpisodeId] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ name: string } | null>(null);
  const uploader = useUploader();
  const [alert, setAlert] = useState<{ ok: boolean; text: string } | null>(null);
  const busy = progress !== null;

  /** Seed §5: both filled before a file is dropped. */
  function textFirst(): string | undefined {
    const checked = episodeTextSchema.safeParse({ title, description });
    return checked.success ? undefined : checked.error.issues[0]!.message;
  }

  async function send(file: File, purpose: "episode-cover" | "episode-video") {
    setAlert(null);
    setProgress({ name: file.name });
    try {
      const done = await uploader.start(file, { purpose, accessType: "public-read" }).done;
      const uploadId = String(done.uploadId);
      const text = episodeTextSchema.parse({ title, description });
      if (purpose === "episode-cover") {
        // A refusal throws with the server's reason (ApiError), like a refused upload.
        if (episodeId)
          await call(api.episodes[":id"].$patch({ param: { id: episodeId }, json: { coverUploadId: uploadId } }));
        else setCoverUploadId(uploadId);
      } else {
        const { episode } = await call(
          api.episodes.$post({
            json: { ...text, videoUploadId: uploadId, ...(coverUploadId ? { coverUploadId } : {}) },
          }),
        );
        setEpisodeId(episode.id);
      }
      setAlert({ ok: true, text: uploadedMessage(file.name) });
    } catch (error) {
      if (isCancelled(error)) return;
      setAlert({ ok: false, text: uploadFailedMessage(file.name, error instanceof Error ? error.message : null) });
    } finally {
      setProgress(null);
    }
  }

  // The message shows in one place for both zones, so a later choice in either clears it.
  const drop = (purpose: "episode-cover" | "episode-video") => (files: File[]) => {
    const problem = textFirst();
    if (problem) return setAlert({ ok: false, text: problem });
    if (files[0]) void send(files[0], purpose);
  };

  return (
    <section className="card narrow">
      <h1>FarmerTV</h1>
      <p className="muted">
        Upload an episode. It appears on <Link to="/farmereps">the episodes page</Link> and in its feed.
      </p>
      <div className="form">
        <label>
          Title
          <input
            value={title}
            maxLength={TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            disabled={!!episodeId}
          />
        </label>
        <label>
          Description (at most {DESCRIPTION_MAX} characters)
          <textarea
            rows={4}
            value={description}
            maxLength={DESCRIPTION_MAX}
            onChange={(e) => setDescription(e.target.value)}
            disabled={!!episodeId}
          />
        </label>
        <DropSection
          heading="Cover image"
          accept={EPISODE_COVER_ACCEPT}
          maxSize={MAX_FILE_SIZE}
          busy={busy}
          label="Cover image"
          hint="jpeg, png or webp; one image. Optional."
          onDrop={drop("episode-cover")}
        />
        <DropSection
          heading="Video"
          accept={EPISODE_VIDEO_ACCEPT}
          maxSize={MAX_FILE_SIZE}
          busy={busy || !!episodeId}
          label="Video file"
          hint="mp4, mov or webm. Big files go up in parts and resume after a dropped connection."
          onDrop={drop("episode-video")}
        />
        <UploadStatusList label="Uploads" entries={uploader.entries} />
        {alert && (
          <p role="alert" className={alert.ok ? "success" : "error"}>
            {alert.text}
          </p>
        )}
        {episodeId && (
          <p>
            <Link to="/farmereps">See it on the episodes page</Link> ·{" "}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setEpisodeId(null);
                setCoverUploadId(null);
                setTitle("");
                setDescription("");
                setAlert(null);
              }}
            >
              Upload another episode
            </button>
          </p>
        )}
      </div>
    </section>
  );
}
