// A product's Details tab in the seller's studio (/digimanager/:productId; seed 001 screen 2): the
// cover (drop zone or Remove Image), title, description, price and quantity edited inline (one field
// at a time), the licence read-only, the access toggle, a free beat's delivery, the beat's details
// buyers filter by, and Delete. Every save says how it went beside the control that made it.
import { useState } from "react";
import type { ProductView } from "../../../../worker/domain/store/views";
import { DropZone } from "../../../components/DropZone";
import { Button, Field, Input, Select, useConfirm } from "../../../components/ui";
import { ChosenFiles } from "../../../components/uploads/ChosenFiles";
import { accessLabel, formatMoney } from "../../../kernel/format";
import { MUSICAL_KEYS } from "../../../kernel/schemas/beat-details-messages";
import { COVER_ACCEPT, type EditableField, MAX_COVER_BYTES } from "../../../kernel/schemas/products-form-messages";
import { LICENSE_LABELS } from "../../../kernel/schemas/products-messages";
import { api } from "../../../lib/api-client";
import { type PendingFile, pending, uploadPending } from "../../../lib/store-uploads";
import { InlineField } from "./InlineField";
import { type Run, useSaveStatus } from "./SaveStatus";
import tierStyles from "./SellerTiers.module.css";
import storefront from "./Storefront.module.css";
import studio from "./Studio.module.css";

type MusicalKey = (typeof MUSICAL_KEYS)[number];

export function ProductDetails({
  product,
  run,
  refresh,
  onDeleted,
}: {
  product: ProductView;
  run: Run;
  refresh: () => Promise<void>;
  onDeleted: () => void;
}) {
  const confirm = useConfirm();
  const [editing, setEditing] = useState<EditableField | null>(null);
  const onSale = product.status === "active";
  const product$ = api.products[":productId"];
  const param = { productId: product.id };
  const access = useSaveStatus(run);
  const removal = useSaveStatus(run);

  const field = (name: EditableField, label: string, shown: string, initial: string, multiline = false) => (
    <SavedField
      key={name}
      run={run}
      field={name}
      label={label}
      shown={shown}
      initial={initial}
      multiline={multiline}
      editing={editing === name}
      onEdit={() => onSale && setEditing(name)}
      onDone={() => setEditing(null)}
      productId={product.id}
    />
  );

  return (
    <article className={studio.details} aria-label={product.title} id={`product-${product.id}`}>
      <Cover product={product} run={run} refresh={refresh} onSale={onSale} />
      <div className={studio.fields}>
        <div className={studio.titleRow}>{field("title", "Title", product.title, product.title)}</div>
        {field("description", "Description", product.description, product.description, true)}
        <dl className={studio.facts}>
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
            <span className={studio.inline}>
              {accessLabel(product.accessType)}
              {onSale && (
                <Button
                  size="sm"
                  onClick={() =>
                    void access.save(() =>
                      product$.$patch({
                        param,
                        json: { accessType: product.accessType === "public-read" ? "private" : "public-read" },
                      }),
                    )
                  }
                >
                  {product.accessType === "public-read" ? "Make private" : "Make public"}
                  <span className="visually-hidden"> {product.title}</span>
                </Button>
              )}
              {access.status}
            </span>
          </dd>
        </dl>
        {onSale && product.licenseType === "free" && <FreeDelivery product={product} run={run} />}
        {!onSale && <p className={storefront.badge}>Sold (exclusive): kept as it was sold.</p>}
        {onSale && <BeatDetails product={product} run={run} />}
        <div className={studio.inline}>
          <Button
            variant="danger"
            onClick={async () => {
              if (
                (await confirm(`Delete "${product.title}"?`, {
                  description: "Buyers keep what they already bought.",
                  confirmLabel: "Delete",
                })) &&
                (await removal.save(() => product$.$delete({ param })))
              )
                onDeleted();
            }}
          >
            Delete <span className="visually-hidden">{product.title}</span>
          </Button>
          {removal.status}
        </div>
      </div>
    </article>
  );
}

/** One inline field with its own 'Saved' beside it. */
function SavedField({
  run,
  productId,
  ...props
}: Omit<Parameters<typeof InlineField>[0], "onSave"> & { run: Run; productId: string }) {
  const { save, status } = useSaveStatus(run, { quietWhileSaving: true });
  return (
    <div className={studio.inline}>
      <InlineField
        {...props}
        onSave={async (change) =>
          void (await save(() => api.products[":productId"].$patch({ param: { productId }, json: change })))
        }
      />
      {status}
    </div>
  );
}

function Cover({
  product,
  run,
  refresh,
  onSale,
}: {
  product: ProductView;
  run: Run;
  refresh: () => Promise<void>;
  onSale: boolean;
}) {
  const { save, report, status } = useSaveStatus(run);
  const [uploads, setUploads] = useState<PendingFile[]>([]);
  const busy = uploads.some((item) => item.status === "uploading");

  async function send(file: File) {
    const items = [pending(file)];
    setUploads(items);
    const { failed } = await uploadPending(items, "product-cover", product.id, (key, change) =>
      setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))),
    );
    if (!failed) setUploads([]);
    await refresh();
    report(failed ? "The cover could not be uploaded." : null);
  }

  return (
    <div className={studio.cover}>
      {product.coverUrl ? (
        <>
          <img src={product.coverUrl} alt={`Cover of ${product.title}`} />
          {onSale && (
            <Button
              size="sm"
              onClick={() =>
                void save(() => api.products[":productId"].cover.$delete({ param: { productId: product.id } }))
              }
            >
              Remove Image
            </Button>
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
            if (files[0]) void send(files[0]);
          }}
        />
      ) : null}
      {status}
      <ChosenFiles
        label={`Cover for ${product.title}`}
        files={uploads}
        removable={!busy}
        onRemove={() => setUploads([])}
      />
    </div>
  );
}

function FreeDelivery({ product, run }: { product: ProductView; run: Run }) {
  const { save, status } = useSaveStatus(run);
  /** The choice being saved: shown at once; the reloaded product (or, when refused, the old value) takes over after. */
  const [choosing, setChoosing] = useState<boolean | null>(null);
  return (
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
              setChoosing(choice.asksEmail);
              await save(() =>
                api.products[":productId"]["free-delivery"].$put({
                  param: { productId: product.id },
                  json: { asksEmail: choice.asksEmail },
                }),
              );
              setChoosing(null);
            }}
          />
          {choice.label}
        </label>
      ))}
      {status}
    </fieldset>
  );
}

/** Genre, mood, BPM (the probe's suggestion taken with 'Use'), key and tags: what buyers filter by. */
function BeatDetails({ product, run }: { product: ProductView; run: Run }) {
  const { save, status } = useSaveStatus(run);
  const id = (name: string) => `${name}-${product.id}`;
  // The probe only suggests: the field changes when the seller presses 'Use', and is saved with the rest.
  const [bpm, setBpm] = useState(product.bpm === null ? "" : String(product.bpm));
  const suggested = product.suggestedBpm;
  return (
    <form
      className={studio.beatDetails}
      aria-labelledby={id("beat-details")}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => String(form.get(name) ?? "").trim();
        const json = {
          genre: text("genre") || null,
          mood: text("mood") || null,
          // One of the select's options (the server checks it again).
          musicalKey: (text("musicalKey") || null) as MusicalKey | null,
          bpm: text("bpm") ? Number(text("bpm")) : null,
          tags: text("tags")
            .split(",")
            .map((tag) => tag.trim())
            .filter(Boolean),
        };
        void save(() => api.products[":productId"].details.$put({ param: { productId: product.id }, json }));
      }}
    >
      <h3 id={id("beat-details")}>Beat details</h3>
      <div className={studio.detailFields}>
        <Field label="Genre">
          <Input id={id("genre")} name="genre" defaultValue={product.genre ?? ""} maxLength={40} />
        </Field>
        <Field label="Mood">
          <Input id={id("mood")} name="mood" defaultValue={product.mood ?? ""} maxLength={40} />
        </Field>
        <div className={studio.bpm}>
          <Field label="BPM">
            <Input
              id={id("bpm")}
              name="bpm"
              inputMode="numeric"
              value={bpm}
              onChange={(event) => setBpm(event.target.value)}
              aria-describedby={suggested ? id("bpm-suggested") : undefined}
            />
          </Field>
          {suggested && (
            <span id={id("bpm-suggested")} className={tierStyles.muted}>
              Suggested: {suggested.bpm} BPM
              {String(suggested.bpm) !== bpm.trim() && (
                <>
                  {" — "}
                  <Button size="sm" variant="ghost" onClick={() => setBpm(String(suggested.bpm))}>
                    Use
                    <span className="visually-hidden">
                      {" "}
                      {suggested.bpm} BPM for {product.title}
                    </span>
                  </Button>
                </>
              )}
            </span>
          )}
        </div>
        <Field label="Key">
          <Select
            id={id("musicalKey")}
            name="musicalKey"
            defaultValue={product.musicalKey ?? ""}
            placeholder="Not set"
            options={MUSICAL_KEYS.map((key) => ({ value: key, label: key }))}
          />
        </Field>
        <Field label="Tags (comma-separated)" className={studio.wide}>
          <Input id={id("tags")} name="tags" defaultValue={product.tags.join(", ")} />
        </Field>
      </div>
      <div className={studio.inline}>
        <Button type="submit">
          Save details<span className="visually-hidden"> of {product.title}</span>
        </Button>
        {status}
      </div>
    </form>
  );
}
