// One item of the create-bid form: its fields, its files (drop zone, the files chosen and their uploads) and the
// browser's check with the one `bidItemDraft` schema before anything is uploaded.
import { useId } from "react";
import { DropZone } from "../../../components/DropZone";
import { Field, FieldError, Input, Textarea } from "../../../components/ui";
import { ChosenFiles } from "../../../components/uploads/ChosenFiles";
import { bidItemDraft, MAX_ITEM_FILES } from "../../../kernel/schemas/auction";
import type { DropLimits } from "../../../lib/upload-client";

const LIMITS: DropLimits = {
  accept: {
    "image/png": [".png"],
    "image/jpeg": [".jpg", ".jpeg"],
    "image/gif": [".gif"],
    "image/webp": [".webp"],
    "audio/mpeg": [".mp3"],
    "audio/wav": [".wav"],
    "audio/mp4": [".m4a"],
    "audio/aac": [".aac"],
    "audio/ogg": [".ogg", ".oga"],
    "video/mp4": [".mp4", ".m4v"],
    "video/quicktime": [".mov"],
    "video/webm": [".webm"],
  },
};

export interface PendingFile {
  key: string;
  file: File;
  status: "pending" | "uploading" | "done" | "error";
  mediaId?: string;
  /** The upload queue's id once sent (a second try resumes it). */
  queueId?: string;
}

export interface Block {
  key: string;
  title: string;
  description: string;
  price: string;
  /** A `datetime-local` value (the admin's local time), or "". */
  endsAt: string;
  files: PendingFile[];
  /** A message for the whole item (the server skipped it, a file failed). */
  error?: string;
  /** The browser's check, by field (`files` for the chosen files); a field's message leaves when it changes. */
  fieldErrors?: Partial<Record<BlockField, string>>;
}

/** The fields of an item, in the order they are shown. */
export const BLOCK_FIELDS = ["title", "price", "description", "endsAt", "files"] as const;
export type BlockField = (typeof BLOCK_FIELDS)[number];

/** The browser's check as messages by field (the schema's `mediaIds` are the chosen files). */
export function blockFieldErrors(result: ReturnType<typeof checkBlock>): Block["fieldErrors"] {
  if (result.success) return undefined;
  const found: Partial<Record<BlockField, string>> = {};
  for (const issue of result.error.issues) {
    const path = String(issue.path[0]);
    const name = (path === "mediaIds" ? "files" : path) as BlockField;
    found[name] ??= issue.message;
  }
  return found;
}

let counter = 0;
export const nextKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;
export const emptyBlock = (): Block => ({
  key: nextKey("item"),
  title: "",
  description: "",
  price: "",
  endsAt: "",
  files: [],
});

/**
 * The block checked with the server's schema; its files are uploaded after this check, so their
 * keys stand in for the media ids the server will get.
 */
export function checkBlock(block: Block) {
  const ends = block.endsAt ? new Date(block.endsAt) : null;
  return bidItemDraft.safeParse({
    title: block.title,
    description: block.description,
    price: block.price,
    mediaIds: block.files.map((file) => file.key),
    ...(ends ? { endsAt: Number.isNaN(ends.getTime()) ? block.endsAt : ends.toISOString() } : {}),
  });
}

export function ItemBlock({
  block,
  index,
  busy,
  canRemove,
  onChange,
  onRemove,
}: {
  block: Block;
  index: number;
  busy: boolean;
  canRemove: boolean;
  onChange: (change: Partial<Block>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const errors = block.fieldErrors ?? {};
  // The seed gives one message for a missing title, price or file: it is shown once, at the first
  // field it is about, and every field it is about is marked and described by it.
  const shownAt = new Map<string, BlockField>();
  for (const name of BLOCK_FIELDS) {
    const message = errors[name];
    if (message && !shownAt.has(message)) shownAt.set(message, name);
  }
  const errorId = (name: BlockField) => `${id}-${name}-error`;
  /** The message shown beside `name`, if it is shown there. */
  const shown = (name: BlockField) => {
    const message = errors[name];
    return message && shownAt.get(message) === name ? message : undefined;
  };
  /** For a field whose message is shown at another field: marked invalid and described by it. */
  const described = (name: BlockField) => {
    const message = errors[name];
    if (!message || shownAt.get(message) === name) return {};
    return { "aria-invalid": true, "aria-describedby": errorId(shownAt.get(message)!) } as const;
  };
  const fieldId = (name: BlockField) => `${id}-${name}`;

  // An item holds at most MAX_ITEM_FILES files: the ones beyond are left out, with a message.
  function choose(accepted: File[]) {
    const room = MAX_ITEM_FILES - block.files.length;
    const added = accepted
      .slice(0, Math.max(0, room))
      .map((file) => ({ key: nextKey("file"), file, status: "pending" as const }));
    if (added.length) onChange({ files: [...block.files, ...added] });
    if (accepted.length > room) return `At most ${MAX_ITEM_FILES} files per item.`;
  }

  return (
    <fieldset
      className={`bid-block${block.error || block.fieldErrors ? " invalid" : ""}`}
      aria-describedby={block.error ? `${id}-error` : undefined}
    >
      <legend>Item {index + 1}</legend>
      {block.error && (
        <p id={`${id}-error`} className="error" role="alert">
          {block.error}
        </p>
      )}
      {/* Only the item's own fields wait while it uploads: its upload rows keep Pause and Cancel. */}
      <fieldset disabled={busy} style={{ display: "contents" }}>
        <div className="bid-block-fields">
          <Field label="Title" error={shown("title")}>
            <Input
              id={fieldId("title")}
              {...described("title")}
              name="title"
              value={block.title}
              maxLength={120}
              onChange={(event) => onChange({ title: event.target.value })}
            />
          </Field>
          <Field label="Price ($)" error={shown("price")}>
            <Input
              id={fieldId("price")}
              {...described("price")}
              name="price"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              value={block.price}
              onChange={(event) => onChange({ price: event.target.value })}
            />
          </Field>
          <Field label="Description" error={shown("description")} className="wide">
            <Textarea
              id={fieldId("description")}
              {...described("description")}
              name="description"
              rows={3}
              maxLength={2000}
              value={block.description}
              onChange={(event) => onChange({ description: event.target.value })}
            />
          </Field>
          <Field label="Sale ends (optional)" error={shown("endsAt")}>
            <Input
              id={fieldId("endsAt")}
              {...described("endsAt")}
              name="endsAt"
              type="datetime-local"
              value={block.endsAt}
              onChange={(event) => onChange({ endsAt: event.target.value })}
            />
          </Field>
        </div>
        <div
          id={fieldId("files")}
          tabIndex={-1}
          className="bid-block-files"
          aria-describedby={errors.files ? errorId(shownAt.get(errors.files)!) : undefined}
        >
          <DropZone
            limits={LIMITS}
            className="dropzone auction-dropzone"
            busy={busy}
            label={`Files for item ${index + 1}`}
            hint={<>Images, audio or video; up to {MAX_ITEM_FILES} files.</>}
            onDrop={choose}
          />
          {shown("files") && <FieldError id={errorId("files")}>{shown("files")}</FieldError>}
        </div>
      </fieldset>
      <ChosenFiles
        label={`Files of item ${index + 1}`}
        files={block.files}
        removable={!busy}
        onRemove={(key) => onChange({ files: block.files.filter((other) => other.key !== key) })}
      />
      {canRemove && (
        <div className="actions">
          <button type="button" className="button danger small" disabled={busy} onClick={onRemove}>
            Remove
          </button>
        </div>
      )}
    </fieldset>
  );
}
