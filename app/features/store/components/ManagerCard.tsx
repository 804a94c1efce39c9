// One product in 'My Digital Products' (seed 001 screen 2): inline title,
// description, price and quantity; the licence read-only; cover replace or
// remove; audio files played, added by drop and removed; the access toggle;
// delete after confirmation.
import { useState } from "react";
import type { ProductView } from "../../../../worker/domain/store/views";
import { DropZone } from "../../../components/DropZone";
import { buttonClass, useConfirm } from "../../../components/ui";
import { ChosenFiles } from "../../../components/uploads/ChosenFiles";
import { accessLabel, formatMoney } from "../../../kernel/format";
import {
  AUDIO_ACCEPT,
  COVER_ACCEPT,
  type EditableField,
  MAX_AUDIO_BYTES,
  MAX_COVER_BYTES,
  MAX_STEMS_BYTES,
  STEMS_ACCEPT,
  STEMS_TYPE,
} from "../../../kernel/schemas/products-form-messages";
import { LICENSE_LABELS } from "../../../kernel/schemas/products-messages";
import { api, type Send } from "../../../lib/api-client";
import { type PendingFile, pending, uploadPending } from "../../../lib/store-uploads";
import { AudioPlayer } from "./AudioPlayer";
import { InlineField } from "./InlineField";
import { SellerTiers } from "./SellerTiers";
import tierStyles from "./SellerTiers.module.css";
import storefront from "./Storefront.module.css";

export type Editing = { productId: string; field: EditableField } | null;

const PREVIEW_STATES = { none: "", queued: "Preview queued", running: "Making the preview…", done: "", failed: "" };

export function ManagerCard({
  product,
  editing,
  setEditing,
  act,
  refresh,
}: {
  product: ProductView;
  editing: Editing;
  setEditing: (editing: Editing) => void;
  /** Sends one call about this product and reloads the list; resolves false (with the message shown) when refused. */
  act: (send: Send) => Promise<boolean>;
  refresh: () => void;
}) {
  const confirm = useConfirm();
  const [uploads, setUploads] = useState<PendingFile[]>([]);
  const [busy, setBusy] = useState(false);
  /** The free-delivery choice being saved. */
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const onSale = product.status === "active";
  const product$ = api.products[":productId"];
  const param = { productId: product.id };
  const update = (key: string, change: Partial<PendingFile>) =>
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const audio = product.files.filter((file) => file.contentType !== STEMS_TYPE);
  const stems = product.files.find((file) => file.contentType === STEMS_TYPE);

  async function send(files: File[], purpose: "product-cover" | "product-audio" | "product-stems") {
    const items = files.map(pending);
    setUploads(items);
    setBusy(true);
    const { failed } = await uploadPending(items, purpose, product.id, update);
    setBusy(false);
    if (!failed) setUploads([]);
    refresh();
  }

  const field = (name: EditableField, label: string, shown: string, initial: string, multiline = false) => (
    <InlineField
      field={name}
      label={label}
      shown={shown}
      initial={initial}
      multiline={multiline}
      editing={editing?.productId === product.id && editing.field === name}
      onEdit={() => onSale && setEditing({ productId: product.id, field: name })}
      onDone={() => setEditing(null)}
      onSave={async (change) => void (await act(() => product$.$patch({ param, json: change })))}
    />
  );

  return (
    <article className="product-card manager" aria-label={product.title} id={`product-${product.id}`}>
      <div className="cover">
        {product.coverUrl ? (
          <>
            <img src={product.coverUrl} alt={`Cover of ${product.title}`} />
            {onSale && (
              <button
                type="button"
                className={buttonClass("secondary", "sm", "remove-cover")}
                onClick={() => void act(() => product$.cover.$delete({ param }))}
              >
                Remove Image
              </button>
            )}
          </>
        ) : onSale ? (
          <DropZone
            limits={{ accept: COVER_ACCEPT, minSize: 1, maxSize: MAX_COVER_BYTES }}
            className="dropzone small"
            busy={busy}
            label={`Cover image for ${product.title}`}
            hint="png, jpg/jpeg or gif"
            onDrop={(files) => {
              if (files.length > 1) return "Choose one cover image.";
              if (files[0]) void send([files[0]], "product-cover");
            }}
          />
        ) : null}
      </div>
      <div className="details">
        <h2>{field("title", "Title", product.title, product.title)}</h2>
        {field("description", "Description", product.description, product.description, true)}
        <dl>
          <dt>Price</dt>
          <dd>
            {product.licenseType === "free"
              ? "Free"
              : field("price", "Price", formatMoney(product.priceCents), (product.priceCents / 100).toFixed(2))}
          </dd>
          <dt>Quantity</dt>
          <dd>
            {field(
              "quantity",
              "Quantity",
              product.quantity === null ? "No limit" : String(product.quantity),
              String(product.quantity ?? ""),
            )}
          </dd>
          <dt>License</dt>
          <dd>{LICENSE_LABELS[product.licenseType]}</dd>
          <dt>Access</dt>
          <dd>
            <span className="toggle">
              {accessLabel(product.accessType)}
              {onSale && (
                <button
                  type="button"
                  className={buttonClass("secondary", "sm")}
                  onClick={() =>
                    void act(() =>
                      product$.$patch({
                        param,
                        json: { accessType: product.accessType === "public-read" ? "private" : "public-read" },
                      }),
                    )
                  }
                >
                  {product.accessType === "public-read" ? "Make private" : "Make public"}
                  <span className="visually-hidden"> {product.title}</span>
                </button>
              )}
            </span>
          </dd>
        </dl>
        {onSale && product.licenseType === "free" && (
          <fieldset className={`access ${tierStyles.choices}`}>
            <legend>Free download</legend>
            {[
              { asksEmail: true, label: "Ask for an e-mail (the link is sent there; you see the address)" },
              { asksEmail: false, label: "Download directly from the beat's page" },
            ].map((choice) => (
              <label key={String(choice.asksEmail)} className="inline">
                <input
                  type="radio"
                  name={`free-delivery-${product.id}`}
                  checked={(choosing ?? product.freeAsksEmail) === choice.asksEmail}
                  onChange={async () => {
                    // Shown at once; the reloaded product (or, when refused, the old value) takes over after.
                    setChoosing(choice.asksEmail);
                    await act(() => product$["free-delivery"].$put({ param, json: { asksEmail: choice.asksEmail } }));
                    setChoosing(null);
                  }}
                />
                {choice.label}
              </label>
            ))}
          </fieldset>
        )}
        {!onSale && <p className={storefront.badge}>Sold (exclusive): kept as it was sold.</p>}
        <h3>Audio files</h3>
        <ul className="audio-list">
          {audio.map((file) => (
            <li key={file.id}>
              <AudioPlayer
                src={file.url ?? null}
                label={file.fileName}
                peaks={file.peaks}
                durationSeconds={file.durationSeconds}
              />
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
                <button
                  type="button"
                  className={buttonClass("secondary", "sm")}
                  onClick={() =>
                    void act(() => product$.files[":fileId"].$delete({ param: { ...param, fileId: file.id } }))
                  }
                >
                  Remove <span className="visually-hidden">{file.fileName}</span>
                </button>
              )}
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
        <h3>Stems</h3>
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
        <ChosenFiles
          label={`Files for ${product.title}`}
          files={uploads}
          removable={!busy}
          onRemove={(key) => setUploads((list) => list.filter((f) => f.key !== key))}
        />
        <SellerTiers product={product} act={act} onSale={onSale} />
        <div className="actions">
          <button
            type="button"
            className="button danger"
            onClick={async () => {
              if (
                await confirm(`Delete "${product.title}"?`, {
                  description: "Buyers keep what they already bought.",
                  confirmLabel: "Delete",
                })
              )
                void act(() => product$.$delete({ param }));
            }}
          >
            Delete <span className="visually-hidden">{product.title}</span>
          </button>
        </div>
      </div>
    </article>
  );
}
