// The create-bid form (/createBid): several item blocks; on Submit the blocks the schema refuses
// are flagged and skipped, the files of the others go straight to storage (the upload queue: its
// row per file), then the items are posted as JSON and each created one shows its generated code.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { MAX_ITEMS_AT_ONCE, NO_VALID_ITEMS } from "../../../kernel/schemas/auction-messages";
import { sendOrResume } from "../../../lib/uploads/queue";
import type { CreateBidAction } from "../pages/create-lots.server";
import { type Block, blockFieldErrors, checkBlock, emptyBlock, ItemBlock, type PendingFile } from "./ItemBlock";

/** A change to some of an item's fields: the item's own message goes, and those fields' messages. */
function changed(block: Block, change: Partial<Block>): Partial<Block> {
  const left = Object.entries(block.fieldErrors ?? {}).filter(([name]) => !(name in change));
  return { ...change, error: undefined, fieldErrors: left.length ? Object.fromEntries(left) : undefined };
}

type Notice = { messages: string[]; ok: boolean };

export function CreateBidForm() {
  const fetcher = useFetcher<CreateBidAction>();
  const [blocks, setBlocks] = useState<Block[]>(() => [emptyBlock()]);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
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

  /** Uploads a block's files not yet uploaded; its media ids, or null when one failed (the block says which). */
  async function uploadBlock(block: Block): Promise<string[] | null> {
    const ids: string[] = [];
    for (const pending of block.files) {
      if (pending.mediaId) {
        ids.push(pending.mediaId);
        continue;
      }
      try {
        const done = sendOrResume(
          pending.file,
          { purpose: "bid-media", accessType: "private" },
          pending.queueId,
          (queueId) => updateFile(block.key, pending.key, { queueId }),
        );
        updateFile(block.key, pending.key, { status: "uploading" });
        const result = await done;
        const mediaId = String(result.mediaId);
        updateFile(block.key, pending.key, { status: "done", mediaId });
        ids.push(mediaId);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        updateFile(block.key, pending.key, { status: "error" });
        updateBlock(block.key, { error: `${pending.file.name}: ${message}` });
        return null;
      }
    }
    return ids;
  }

  async function submit() {
    if (busy) return;
    setNotice(null);
    const checked = blocks.map((block) => ({ block, result: checkBlock(block) }));
    const problem = new Map(checked.map(({ block, result }) => [block.key, blockFieldErrors(result)]));
    setBlocks((list) => list.map((block) => ({ ...block, error: undefined, fieldErrors: problem.get(block.key) })));
    const valid = checked.flatMap(({ block, result }) => (result.success ? [{ block, item: result.data }] : []));
    if (valid.length === 0) {
      setNotice({ messages: [NO_VALID_ITEMS], ok: false });
      return;
    }

    // Files first, straight to storage; a block whose file fails is skipped this time.
    setUploading(true);
    const ready = [];
    for (const { block, item } of valid) {
      const mediaIds = await uploadBlock(block);
      if (mediaIds) ready.push({ block, item: { ...item, mediaIds } });
    }
    setUploading(false);

    if (ready.length === 0) {
      setNotice({ messages: [NO_VALID_ITEMS], ok: false });
      return;
    }
    sent.current = ready.map(({ block }) => block.key);
    const items = ready.map(({ item }) => item);
    await fetcher.submit({ intent: "create", items }, { method: "post", encType: "application/json" });
  }

  return (
    <>
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
            onChange={(change) => updateBlock(block.key, (current) => changed(current, change))}
            onRemove={() => setBlocks((list) => list.filter((other) => other.key !== block.key))}
          />
        ))}
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={busy || blocks.length >= MAX_ITEMS_AT_ONCE}
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
      {created.length > 0 && <CreatedCodes created={created} />}
    </>
  );
}

function CreatedCodes({ created }: { created: { shortCode: string; title: string }[] }) {
  return (
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
  );
}
