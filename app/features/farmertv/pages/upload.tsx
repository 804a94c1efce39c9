// FarmerTV uploader (seed 001 screen 10): title and description first, then a
// cover drop zone (jpeg, png, webp; one) and a video drop zone; the chosen files
// wait for 'Upload episode' (shown from the start, disabled with a hint until the
// title, the description and a video are there), then go straight to storage
// (multipart with resume for big videos) with progress.
import { useId, useState } from "react";
import { Link } from "react-router";
import { DropSection } from "../../../components/DropSection";
import { Button } from "../../../components/ui";
import { UploadStatusList } from "../../../components/uploads/UploadStatus";
import { useUploader } from "../../../components/uploads/useUploads";
import { formatBytes } from "../../../kernel/format";
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
  // The chosen files wait here until 'Upload episode' (one drop-zone rule, ADR 146).
  const [chosen, setChosen] = useState<{ cover: File | null; video: File | null }>({ cover: null, video: null });
  const [progress, setProgress] = useState<{ name: string } | null>(null);
  const uploader = useUploader();
  const [alert, setAlert] = useState<{ ok: boolean; text: string } | null>(null);
  const busy = progress !== null;
  const hintId = useId();
  const ready = !busy && !episodeId && title.trim() !== "" && description.trim() !== "" && chosen.video !== null;

  /** Seed §5: both filled before a file is dropped. */
  function textFirst(): string | undefined {
    const checked = episodeTextSchema.safeParse({ title, description });
    return checked.success ? undefined : checked.error.issues[0]!.message;
  }

  /** One file up to storage; its upload id, or null after a failure (said in the alert). */
  async function send(file: File, purpose: "episode-cover" | "episode-video"): Promise<string | null> {
    setProgress({ name: file.name });
    try {
      const done = await uploader.start(file, { purpose, accessType: "public-read" }).done;
      return String(done.uploadId);
    } catch (error) {
      if (!isCancelled(error))
        setAlert({ ok: false, text: uploadFailedMessage(file.name, error instanceof Error ? error.message : null) });
      return null;
    } finally {
      setProgress(null);
    }
  }

  /** 'Upload episode': the cover (if chosen and not up yet), then the video, which makes the episode. */
  async function upload() {
    const problem = textFirst();
    if (problem) return setAlert({ ok: false, text: problem });
    if (!chosen.video) return;
    setAlert(null);
    const text = episodeTextSchema.parse({ title, description });
    let cover = coverUploadId;
    if (chosen.cover) {
      cover = await send(chosen.cover, "episode-cover");
      if (!cover) return;
      setCoverUploadId(cover);
      setChosen((files) => ({ ...files, cover: null }));
      setAlert({ ok: true, text: uploadedMessage(chosen.cover.name) });
    }
    const video = chosen.video;
    const videoUploadId = await send(video, "episode-video");
    if (!videoUploadId) return;
    try {
      // A refusal throws with the server's reason (ApiError), like a refused upload.
      const { episode } = await call(
        api.episodes.$post({ json: { ...text, videoUploadId, ...(cover ? { coverUploadId: cover } : {}) } }),
      );
      setEpisodeId(episode.id);
      setChosen({ cover: null, video: null });
      setAlert({ ok: true, text: uploadedMessage(video.name) });
    } catch (error) {
      setAlert({ ok: false, text: uploadFailedMessage(video.name, error instanceof Error ? error.message : null) });
    }
  }

  // The message shows in one place for both zones, so a later choice in either clears it.
  const drop = (kind: "cover" | "video") => (files: File[]) => {
    const problem = textFirst();
    if (problem) return setAlert({ ok: false, text: problem });
    setAlert(null);
    if (files[0]) setChosen((current) => ({ ...current, [kind]: files[0] }));
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
          busy={busy || !!episodeId}
          label="Cover image"
          hint="jpeg, png or webp; one image. Optional."
          onDrop={drop("cover")}
        />
        <Chosen
          file={chosen.cover}
          label="Cover image"
          done={coverUploadId ? "Cover uploaded" : null}
          onRemove={busy ? undefined : () => setChosen((files) => ({ ...files, cover: null }))}
        />
        <DropSection
          heading="Video"
          accept={EPISODE_VIDEO_ACCEPT}
          maxSize={MAX_FILE_SIZE}
          busy={busy || !!episodeId}
          label="Video file"
          hint="mp4, mov or webm. Big files go up in parts and resume after a dropped connection."
          onDrop={drop("video")}
        />
        <Chosen
          file={chosen.video}
          label="Video"
          onRemove={busy ? undefined : () => setChosen((files) => ({ ...files, video: null }))}
        />
        <UploadStatusList label="Uploads" entries={uploader.entries} />
        {alert && (
          <p role="alert" className={alert.ok ? "success" : "error"}>
            {alert.text}
          </p>
        )}
        {!episodeId && (
          <div className="farmertv-submit">
            <Button
              variant="primary"
              disabled={!ready}
              busy={busy}
              busyLabel="Uploading..."
              aria-describedby={hintId}
              onClick={() => void upload()}
            >
              Upload episode
            </Button>
            <p id={hintId} className="muted small">
              {ready
                ? "Uploads the cover and the video, then publishes the episode."
                : "Add a title, a description and a video to upload."}
            </p>
          </div>
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
                setChosen({ cover: null, video: null });
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

/** A chosen file waiting for 'Upload episode': its name, size and Remove; or what is up already. */
function Chosen({
  file,
  label,
  done = null,
  onRemove,
}: {
  file: File | null;
  label: string;
  done?: string | null;
  onRemove?: () => void;
}) {
  if (!file) return done ? <p className="muted small">{done}.</p> : null;
  return (
    <p className="farmertv-chosen">
      <span>
        <span className="visually-hidden">{label}: </span>
        <strong>{file.name}</strong> <span className="muted small">{formatBytes(file.size)}</span>
      </span>
      {onRemove && (
        <Button size="sm" variant="ghost" aria-label={`Remove ${file.name}`} onClick={onRemove}>
          Remove
        </Button>
      )}
    </p>
  );
}
