// The popup editor's image field: a thumbnail of the chosen image with 'Choose an image' /
// 'Replace image' and 'Remove image' buttons instead of the browser's "Choose File"; a picture
// can also be dropped on it. The file input stays (labelled "Image") for the buttons, the label
// and tests; it is reset after each pick so the same file can be chosen again.
import { type DragEvent, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui";
import { UploadStatusList } from "../../../components/uploads/UploadStatus";
import { POPUP_IMAGE_HINT } from "../../../kernel/schemas/popups";
import type { UploadEntry } from "../../../lib/uploads/queue";

export type ImageState =
  | { state: "none" }
  | { state: "uploading"; name: string }
  | { state: "done"; name: string; key: string; previewUrl: string }
  | { state: "saved"; key: string; previewUrl: string | null }
  | { state: "failed"; name: string; message: string };

export const POPUP_IMAGE_ACCEPT = "image/png,image/jpeg";

/** `uploads`: the editor's rows of the shared upload queue (progress, Cancel, the failure). */
export function ImagePicker({
  image,
  uploads,
  onPick,
  onRemove,
}: {
  image: ImageState;
  uploads: UploadEntry[];
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const uploading = image.state === "uploading";
  const preview = image.state === "done" || image.state === "saved" ? image.previewUrl : null;
  const has = image.state === "done" || image.state === "saved";

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading) onPick(file);
  };

  return (
    <div className="image-field">
      <label htmlFor={inputId}>Image</label>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for a mouse; the buttons inside choose by keyboard */}
      <div
        className={`image-picker${over ? " over" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <div className="image-thumb" aria-hidden="true">
          {preview ? <img src={preview} alt="" /> : <span>{has ? "Image" : "No image"}</span>}
        </div>
        <div className="image-picker-body">
          <ImageStatus image={image} />
          <UploadStatusList label="Image upload" entries={uploads} />
          <div className="actions">
            <Button size="sm" disabled={uploading} onClick={() => input.current?.click()}>
              {has ? "Replace image" : "Choose an image"}
            </Button>
            {has && (
              <Button size="sm" variant="ghost" disabled={uploading} onClick={onRemove}>
                Remove image
              </Button>
            )}
          </div>
          <p className="hint">{POPUP_IMAGE_HINT} You can also drop a picture here.</p>
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          accept={POPUP_IMAGE_ACCEPT}
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) onPick(file);
          }}
        />
      </div>
    </div>
  );
}

function ImageStatus({ image }: { image: ImageState }) {
  switch (image.state) {
    case "none":
      return <p className="muted">No image: the popup shows text only.</p>;
    case "uploading":
      return <p role="status">Uploading {image.name}…</p>;
    case "done":
      return <p role="status">Uploaded {image.name}.</p>;
    case "saved":
      return <p>The popup's current image.</p>;
    case "failed":
      return (
        <div className="error" role="alert">
          <p>{image.message}</p>
          <p>The popup will be saved without an image.</p>
        </div>
      );
  }
}
