// A product's Files tab in the seller's studio (seed 001 screen 2): the audio files played (with
// what the probe read and how the tagged preview is coming on), removed, and added by drop; the
// stems zip delivered with licences that include stems. Each change says how it went beside it.
import { useState } from "react";
import type { ProductView } from "../../../../worker/domain/store/views";
import { DropZone } from "../../../components/DropZone";
import { Button } from "../../../components/ui";
import { ChosenFiles } from "../../../components/uploads/ChosenFiles";
import {
  AUDIO_ACCEPT,
  MAX_AUDIO_BYTES,
  MAX_STEMS_BYTES,
  STEMS_ACCEPT,
  STEMS_TYPE,
} from "../../../kernel/schemas/products-form-messages";
import { api } from "../../../lib/api-client";
import { type PendingFile, pending, uploadPending } from "../../../lib/store-uploads";
import { AudioPlayer } from "./AudioPlayer";
import { type Run, useSaveStatus } from "./SaveStatus";
import studio from "./Studio.module.css";

const PREVIEW_STATES = { none: "", queued: "Preview queued", running: "Making the preview…", done: "", failed: "" };

type Purpose = "product-audio" | "product-stems";

export function ProductFiles({
  product,
  run,
  refresh,
}: {
  product: ProductView;
  run: Run;
  refresh: () => Promise<void>;
}) {
  const onSale = product.status === "active";
  const audio = product.files.filter((file) => file.contentType !== STEMS_TYPE);
  const stems = product.files.find((file) => file.contentType === STEMS_TYPE);
  const audioStatus = useSaveStatus(run);
  const stemsStatus = useSaveStatus(run);
  const [uploads, setUploads] = useState<PendingFile[]>([]);
  const busy = uploads.some((item) => item.status === "uploading");

  async function send(files: File[], purpose: Purpose) {
    const items = files.map(pending);
    setUploads(items);
    const { failed } = await uploadPending(items, purpose, product.id, (key, change) =>
      setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))),
    );
    if (!failed) setUploads([]);
    await refresh();
    (purpose === "product-audio" ? audioStatus : stemsStatus).report(
      failed ? "Some files could not be uploaded." : null,
    );
  }

  return (
    <div className={studio.files}>
      <section aria-labelledby={`audio-${product.id}`}>
        <div className={studio.inline}>
          <h2 id={`audio-${product.id}`}>Audio files</h2>
          {audioStatus.status}
        </div>
        <ul className="audio-list">
          {audio.map((file) => (
            <li key={file.id}>
              <AudioPlayer
                src={file.url ?? null}
                label={file.fileName}
                peaks={file.peaks}
                durationSeconds={file.durationSeconds}
              />
              <span className={studio.fileMeta}>
                <span className="muted small">
                  {[
                    file.sampleRate && `${file.sampleRate / 1000} kHz`,
                    file.channels && (file.channels === 1 ? "mono" : `${file.channels} ch`),
                    file.bitrate && `${Math.round(file.bitrate / 1000)} kbit/s`,
                    PREVIEW_STATES[file.previewStatus],
                    file.previewStatus === "failed" && "The preview could not be made.",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
                {onSale && audio.length > 1 && (
                  <Button
                    size="sm"
                    onClick={() =>
                      void audioStatus.save(() =>
                        api.products[":productId"].files[":fileId"].$delete({
                          param: { productId: product.id, fileId: file.id },
                        }),
                      )
                    }
                  >
                    Remove <span className="visually-hidden">{file.fileName}</span>
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
        {onSale && (
          <DropZone
            limits={{ accept: AUDIO_ACCEPT, minSize: 1, maxSize: MAX_AUDIO_BYTES }}
            className="dropzone small"
            busy={busy}
            label={`Add audio files to ${product.title}`}
            hint="mp3, m4a, wav or aac"
            onDrop={(files) => void send(files, "product-audio")}
          />
        )}
      </section>
      <section aria-labelledby={`stems-${product.id}`}>
        <div className={studio.inline}>
          <h2 id={`stems-${product.id}`}>Stems</h2>
          {stemsStatus.status}
        </div>
        <p className="muted small">
          {stems ? (
            <>
              <a href={stems.url ?? undefined} download={stems.fileName}>
                {stems.fileName}
              </a>
              : delivered only with a licence that includes stems.
            </>
          ) : (
            "No stems yet: one zip, delivered only with a licence that includes stems."
          )}
        </p>
        {onSale && (
          <DropZone
            limits={{ accept: STEMS_ACCEPT, minSize: 1, maxSize: MAX_STEMS_BYTES }}
            className="dropzone small"
            busy={busy}
            label={`${stems ? "Replace the stems" : "Add stems"} of ${product.title}`}
            hint="One .zip of the beat's stems"
            onDrop={(files) => void send(files.slice(0, 1), "product-stems")}
          />
        )}
      </section>
      <ChosenFiles
        label={`Files for ${product.title}`}
        files={uploads}
        removable={!busy}
        onRemove={(key) => setUploads((list) => list.filter((f) => f.key !== key))}
      />
    </div>
  );
}
