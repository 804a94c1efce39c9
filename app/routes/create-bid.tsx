// The create-bid form (/createBid, admin; seed 001 screen 15): several items
// at once, each with a title, description, price, optional end time and its
// files (images, audio, video). On Submit, items missing a title, price or
// file are flagged and skipped; the files of the others go straight to
// storage through uploadFile (progress per file), then the items are created
// and each gets its generated short code.
import { useEffect, useId, useRef, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { createBidItems } from "../../worker/domain/auction/auction";
import { parse } from "../../worker/domain/validation";
import { DropZone } from "../components/DropZone";
import { ITEM_NEEDS_TITLE_PRICE_FILE, NO_VALID_ITEMS } from "../lib/auction";
import { requireAdmin, server } from "../lib/auth.server";
import { formAction, formFields } from "../lib/forms.server";
import { createBidItemsSchema } from "../lib/schemas/auction";
import { type DropLimits, uploadFile } from "../lib/upload-client";
import type { Route } from "./+types/create-bid";
import "../styles/auction.css";

const MAX_FILES = 10;
const MAX_ITEMS = 20;
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

export function meta() {
  return [{ title: "Create bid items · Creator Platform" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const json = (request.headers.get("content-type") ?? "").includes("application/json");
  const body: unknown = json ? await request.json().catch(() => null) : formFields(await request.formData());
  if (!body || typeof body !== "object" || (body as { intent?: unknown }).intent !== "create")
    throw data("Unknown form.", { status: 400 });
  return formAction(
    async () => {
      const { items } = parse(createBidItemsSchema, body);
      const result = await createBidItems(server(context).deps, admin.id, items);
      return { intent: "create" as const, ...result };
    },
    { intent: "create" as const },
  );
}

interface PendingFile {
  key: string;
  file: File;
  fraction: number;
  status: "pending" | "uploading" | "done" | "error";
  mediaId?: string;
  error?: string;
}

interface Block {
  key: string;
  title: string;
  description: string;
  price: string;
  endsAt: string;
  files: PendingFile[];
  error?: string;
}

let counter = 0;
const nextKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;
const emptyBlock = (): Block => ({
  key: nextKey("item"),
  title: "",
  description: "",
  price: "",
  endsAt: "",
  files: [],
});

/** Why a block cannot be submitted, or null. */
function blockProblem(block: Block, now: number): string | null {
  const price = Number(block.price);
  if (
    !block.title.trim() ||
    block.price.trim() === "" ||
    !Number.isFinite(price) ||
    price <= 0 ||
    block.files.length === 0
  )
    return ITEM_NEEDS_TITLE_PRICE_FILE;
  if (block.endsAt && !(new Date(block.endsAt).getTime() > now)) return "The sale end must be in the future.";
  return null;
}

export default function CreateBid() {
  const fetcher = useFetcher<typeof action>();
  const [blocks, setBlocks] = useState<Block[]>(() => [emptyBlock()]);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<{ messages: string[]; ok: boolean } | null>(null);
  const [created, setCreated] = useState<{ shortCode: string; title: string }[]>([]);
  /** The block keys in the order they were sent, to map the server's `skipped[].index` back. */
  const sent = useRef<string[]>([]);
  const handled = useRef<unknown>(null);
  const submitting = fetcher.state === "submitting";
  const busy = uploading || submitting;

  const updateBlock = (key: string, change: Partial<Block> | ((block: Block) => Partial<Block>)) =>
    setBlocks((list) =>
      list.map((block) =>
        block.key === key ? { ...block, ...(typeof change === "function" ? change(block) : change) } : block,
      ),
    );
  const updateFile = (blockKey: string, fileKey: string, change: Partial<PendingFile>) =>
    updateBlock(blockKey, (block) => ({
      files: block.files.map((file) => (file.key === fileKey ? { ...file, ...change } : file)),
    }));

  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current === result) return;
    handled.current = result;
    if ("created" in result) {
      const skipped = new Map(result.skipped.map((s) => [sent.current[s.index], s.message]));
      const createdKeys = new Set(sent.current.filter((key) => !skipped.has(key)));
      setCreated((list) => [...result.created, ...list]);
      setBlocks((list) => {
        const left = list
          .filter((block) => !createdKeys.has(block.key))
          .map((block) => (skipped.has(block.key) ? { ...block, error: skipped.get(block.key) } : block));
        return left.length ? left : [emptyBlock()];
      });
      const count = result.created.length;
      setNotice({ messages: [`${count} item${count === 1 ? "" : "s"} created.`], ok: true });
    } else if ("error" in result) {
      const messages = [...new Set([...Object.values(result.error.fields ?? {}).flat(), result.error.message])];
      setNotice({ messages, ok: false });
    }
  }, [fetcher.data]);

  async function submit() {
    if (busy) return;
    setNotice(null);
    const now = Date.now();
    const problems = new Map(blocks.map((block) => [block.key, blockProblem(block, now)]));
    setBlocks((list) => list.map((block) => ({ ...block, error: problems.get(block.key) ?? undefined })));
    const valid = blocks.filter((block) => !problems.get(block.key));
    if (valid.length === 0) {
      setNotice({ messages: [NO_VALID_ITEMS], ok: false });
      return;
    }

    // Files first, straight to storage; a block whose file fails is skipped this time.
    setUploading(true);
    const mediaIds = new Map<string, string[]>();
    for (const block of valid) {
      const ids: string[] = [];
      for (const pending of block.files) {
        if (pending.mediaId) {
          ids.push(pending.mediaId);
          continue;
        }
        updateFile(block.key, pending.key, { status: "uploading", fraction: 0, error: undefined });
        try {
          const result = await uploadFile(
            pending.file,
            { purpose: "bid-media", accessType: "private" },
            { onProgress: (fraction) => updateFile(block.key, pending.key, { fraction }) },
          );
          const mediaId = String(result.mediaId);
          updateFile(block.key, pending.key, { status: "done", fraction: 1, mediaId });
          ids.push(mediaId);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          updateFile(block.key, pending.key, { status: "error", error: message });
          updateBlock(block.key, { error: `${pending.file.name}: ${message}` });
          break;
        }
      }
      if (ids.length === block.files.length) mediaIds.set(block.key, ids);
    }
    setUploading(false);

    const ready = valid.filter((block) => mediaIds.has(block.key));
    if (ready.length === 0) {
      setNotice({ messages: [NO_VALID_ITEMS], ok: false });
      return;
    }
    sent.current = ready.map((block) => block.key);
    const items = ready.map((block) => ({
      title: block.title.trim(),
      description: block.description.trim(),
      price: Number(block.price),
      mediaIds: mediaIds.get(block.key)!,
      ...(block.endsAt ? { endsAt: new Date(block.endsAt).toISOString() } : {}),
    }));
    await fetcher.submit({ intent: "create", items }, { method: "post", encType: "application/json" });
  }

  return (
    <section className="card create-bid auction-ui">
      <h1>Create bid items</h1>
      <p className="muted">
        Each item needs a title, a price and at least one picture, audio or video file. Items appear in the{" "}
        <Link to="/bidgallery">auction</Link> with a generated product code.
      </p>
      <form
        className="bid-blocks"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {blocks.map((block, index) => (
          <ItemBlock
            key={block.key}
            block={block}
            index={index}
            busy={busy}
            canRemove={blocks.length > 1}
            onChange={(change) => updateBlock(block.key, { ...change, error: undefined })}
            onRemove={() => setBlocks((list) => list.filter((other) => other.key !== block.key))}
          />
        ))}
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={busy || blocks.length >= MAX_ITEMS}
            onClick={() => setBlocks((list) => [...list, emptyBlock()])}
          >
            Add item
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {uploading ? "Uploading..." : submitting ? "Submitting..." : "Submit"}
          </button>
        </div>
      </form>
      {notice && (
        <div className={notice.ok ? "notice success" : "form-errors"} role={notice.ok ? "status" : "alert"}>
          <ul>
            {notice.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      {created.length > 0 && (
        <section className="created-codes" aria-labelledby="created-heading">
          <h2 id="created-heading">Created items</h2>
          <ul>
            {created.map((item) => (
              <li key={item.shortCode}>
                <code className="code-chip">{item.shortCode}</code> {item.title}
              </li>
            ))}
          </ul>
          <Link to="/bidgallery" className="button">
            View the auction
          </Link>
        </section>
      )}
    </section>
  );
}

function ItemBlock({
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

  // An item holds at most MAX_FILES files: the ones beyond are left out, with a message.
  function choose(accepted: File[]) {
    const room = MAX_FILES - block.files.length;
    const added = accepted
      .slice(0, Math.max(0, room))
      .map((file) => ({ key: nextKey("file"), file, fraction: 0, status: "pending" as const }));
    if (added.length) onChange({ files: [...block.files, ...added] });
    if (accepted.length > room) return `At most ${MAX_FILES} files per item.`;
  }

  return (
    <fieldset
      className={`bid-block${block.error ? " invalid" : ""}`}
      disabled={busy}
      aria-describedby={block.error ? `${id}-error` : undefined}
    >
      <legend>Item {index + 1}</legend>
      {block.error && (
        <p id={`${id}-error`} className="error" role="alert">
          {block.error}
        </p>
      )}
      <div className="bid-block-fields">
        <label>
          Title
          <input value={block.title} maxLength={120} onChange={(event) => onChange({ title: event.target.value })} />
        </label>
        <label>
          Price ($)
          <input
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            value={block.price}
            onChange={(event) => onChange({ price: event.target.value })}
          />
        </label>
        <label className="wide">
          Description
          <textarea
            rows={3}
            maxLength={2000}
            value={block.description}
            onChange={(event) => onChange({ description: event.target.value })}
          />
        </label>
        <label>
          Sale ends (optional)
          <input
            type="datetime-local"
            value={block.endsAt}
            onChange={(event) => onChange({ endsAt: event.target.value })}
          />
        </label>
      </div>
      <DropZone
        limits={LIMITS}
        className="auction-dropzone"
        busy={busy}
        label={`Files for item ${index + 1}`}
        hint={<>Images, audio or video; up to {MAX_FILES} files.</>}
        onDrop={choose}
      />
      {block.files.length > 0 && (
        <ul className="file-progress" aria-label={`Files of item ${index + 1}`}>
          {block.files.map((pending) => {
            const percent = Math.round(pending.fraction * 100);
            return (
              <li key={pending.key}>
                <span className="file-name">{pending.file.name}</span>
                <progress max={100} value={percent} aria-label={`${pending.file.name} upload progress`} />
                <span className="file-percent">{pending.status === "done" ? "Uploaded" : `${percent}%`}</span>
                {!busy && (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove ${pending.file.name}`}
                    onClick={() => onChange({ files: block.files.filter((other) => other.key !== pending.key) })}
                  >
                    ×
                  </button>
                )}
                {pending.error && <p className="error">{pending.error}</p>}
              </li>
            );
          })}
        </ul>
      )}
      {canRemove && (
        <div className="actions">
          <button type="button" className="button danger small" onClick={onRemove}>
            Remove
          </button>
        </div>
      )}
    </fieldset>
  );
}
