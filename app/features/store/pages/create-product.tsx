// 'Create Your Product' (/digistore, seed 001 screen 1). The fields are
// checked first; then the files go straight to storage with a progress bar
// each; the product is saved only once every file was verified. A file that
// fails is named with its reason and can be sent again: nothing is dropped.
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { DropZone } from "../../../components/DropZone";
import { FormErrors, useFieldErrors } from "../../../components/FormErrors";
import { Button, Field, FieldError, GeneratedCover, Input, Select, Steps, Textarea } from "../../../components/ui";
import { ChosenFiles } from "../../../components/uploads/ChosenFiles";
import { formatMoney } from "../../../kernel/format";
import { MUSICAL_KEYS } from "../../../kernel/schemas/beat-details-messages";
import {
  AUDIO_ACCEPT,
  AUDIO_REQUIRED,
  COVER_ACCEPT,
  MAX_AUDIO_BYTES,
  MAX_AUDIO_FILES,
  MAX_COVER_BYTES,
  QUANTITY_MAX,
} from "../../../kernel/schemas/products-form-messages";
import {
  LICENSE_LABELS,
  LICENSE_TYPES,
  UNEXPECTED_ERROR,
  UPLOAD_SUCCESSFUL,
} from "../../../kernel/schemas/products-messages";
import { ApiError, api, call } from "../../../lib/api-client";
import { beatDetailsSchemas, productSchemas } from "../../../lib/form-schemas";
import { type PendingFile, pending, uploadPending } from "../../../lib/store-uploads";
import styles from "../components/CreateProduct.module.css";
import { productPath, Stock, storefrontStyles as store } from "../components/Storefront";
import type { Route } from "./+types/create-product";
import "../store.css";

export { loader } from "./create-product.server";

export function meta() {
  return [{ title: "Create Your Product · Creator Platform" }];
}

const EMPTY = {
  title: "",
  description: "",
  price: "0",
  quantity: "",
  licenseType: "free",
  accessType: "private",
  genre: "",
  bpm: "",
  musicalKey: "",
  tags: "",
};
type Fields = typeof EMPTY;
type Problem = { message: string; fields?: Record<string, string[]> } | null;

/** The product just saved: a private one says so plainly and offers to publish (issue 28 §4). */
type Saved = {
  id: string;
  title: string;
  accessType: "private" | "public-read";
  /** What was sent: the preview shows the uploaded product until a new one is begun. */
  sent: { fields: Fields; cover?: File; audioCount: number };
};

/** The form's fields by the server's rules; zod and the schemas load on the first send (ADR 051). */
async function checkDetails(fields: Fields) {
  const { productDetailsSchema } = await productSchemas();
  return productDetailsSchema.safeParse(fields);
}

/** BPM, key, genre and tags (optional) by the Details tab's rules; saved once the product is. */
async function checkBeat(fields: Fields) {
  const { beatDetailsSchema } = await beatDetailsSchemas();
  const bpm = fields.bpm.trim();
  return beatDetailsSchema.safeParse({
    genre: fields.genre.trim() || null,
    mood: null,
    musicalKey: fields.musicalKey || null,
    bpm: bpm ? Number(bpm) : null,
    tags: fields.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  });
}

export default function DigiStore({ loaderData }: Route.ComponentProps) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [cover, setCover] = useState<PendingFile[]>([]);
  const [audio, setAudio] = useState<PendingFile[]>([]);
  const [productId, setProductId] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Set at once (busy is state): a second send while the schemas load must not upload twice.
  const sending = useRef(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const free = fields.licenseType === "free";
  const formError = useMemo(() => (problem ? { code: "invalid", ...problem } : null), [problem]);
  const errors = useFieldErrors(formError, "product");

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setSaved(null);
    setFields((f) => ({ ...f, [name]: value, ...(name === "licenseType" && value === "free" ? { price: "0" } : {}) }));
  };
  const updater = (setList: typeof setAudio) => (key: string, change: Partial<PendingFile>) =>
    setList((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    try {
      await send();
    } finally {
      sending.current = false;
    }
  }

  async function send() {
    let details: Awaited<ReturnType<typeof checkDetails>>;
    let beat: Awaited<ReturnType<typeof checkBeat>>;
    try {
      details = await checkDetails(fields);
      beat = await checkBeat(fields);
    } catch {
      // The schemas could not be loaded (a lost connection, a new deploy): the form's own failure.
      return setProblem({ message: UNEXPECTED_ERROR });
    }
    if (!details.success || !beat.success || audio.length === 0) {
      const found: Record<string, string[]> = {};
      for (const issue of [...(details.error?.issues ?? []), ...(beat.error?.issues ?? [])]) {
        const name = String(issue.path[0]);
        found[name] = [...(found[name] ?? []), issue.message];
      }
      if (audio.length === 0) found.audioFiles = [AUDIO_REQUIRED];
      return setProblem({ message: Object.values(found)[0]![0]!, fields: found });
    }
    setBusy(true);
    setProblem(null);
    try {
      const sentAudio = await uploadPending(audio, "product-audio", productId, updater(setAudio));
      const id = sentAudio.productId;
      setProductId(id);
      const sentCover = await uploadPending(cover, "product-cover", id, updater(setCover));
      if (sentAudio.failed + sentCover.failed > 0 || !id) {
        return setProblem({ message: "Some files could not be uploaded. Remove them or try again." });
      }
      try {
        await call(
          api.products.$post({
            json: {
              ...details.data,
              productId: id,
              coverUploadId: cover[0] ? sentCover.uploadIds.get(cover[0].key) : null,
              // Every file went up (a failure returned above), so each has its upload id.
              audioUploadIds: audio.flatMap((item) => sentAudio.uploadIds.get(item.key) ?? []),
            },
          }),
        );
        const { genre, musicalKey, bpm, tags } = beat.data;
        if (genre || musicalKey || bpm !== null || tags.length > 0)
          await call(api.products[":productId"].details.$put({ param: { productId: id }, json: beat.data }));
      } catch (error) {
        // The server's field messages for a refused form; anything else is the seed's unexpected error.
        return setProblem(
          error instanceof ApiError && error.status === 400
            ? { message: error.message, fields: error.fields }
            : { message: UNEXPECTED_ERROR },
        );
      }
      setSaved({
        id,
        title: details.data.title,
        accessType: details.data.accessType,
        sent: { fields, cover: cover[0]?.file, audioCount: audio.length },
      });
      setFields(EMPTY);
      setCover([]);
      setAudio([]);
      setProductId(undefined);
    } catch {
      setProblem({ message: UNEXPECTED_ERROR });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="store-form">
      <h1>Create Your Product</h1>
      {saved && (
        <p role="status" className="success">
          {UPLOAD_SUCCESSFUL} <Link to="/digimanager">See it in My Digital Products</Link>
        </p>
      )}
      {saved && <Visibility userId={loaderData.userId} saved={saved} onPublished={setSaved} />}
      <FormErrors
        error={errors.summary}
        fieldId={errors.id}
        heading={problem?.fields ? "Validation errors" : "The product was not saved"}
      />
      <div className={styles.layout}>
        <form className={`form ${styles.form}`} noValidate onSubmit={submit} onChange={errors.onChange}>
          <section className={`card ${styles.group}`} aria-labelledby="create-details">
            <h2 id="create-details">Details</h2>
            <Field label="Title" error={errors.error("title")}>
              <Input
                id={errors.id("title")}
                name="title"
                value={fields.title}
                onChange={set("title")}
                maxLength={100}
                required
              />
            </Field>
            <Field label="Description" error={errors.error("description")}>
              <Textarea
                id={errors.id("description")}
                name="description"
                value={fields.description}
                onChange={set("description")}
                maxLength={2000}
              />
            </Field>
          </section>
          <section className={`card ${styles.group}`} aria-labelledby="create-beat">
            <h2 id="create-beat">Beat details (optional)</h2>
            <p className={styles.muted}>What buyers filter and search the store by.</p>
            <div className={styles.pair}>
              <Field label="BPM" error={errors.error("bpm")}>
                <Input id={errors.id("bpm")} name="bpm" inputMode="numeric" value={fields.bpm} onChange={set("bpm")} />
              </Field>
              <Field label="Key" error={errors.error("musicalKey")}>
                <Select
                  id={errors.id("musicalKey")}
                  name="musicalKey"
                  value={fields.musicalKey}
                  onChange={set("musicalKey")}
                  placeholder="Not set"
                  options={MUSICAL_KEYS.map((key) => ({ value: key, label: key }))}
                />
              </Field>
            </div>
            <Field label="Genre" error={errors.error("genre")}>
              <Input id={errors.id("genre")} name="genre" value={fields.genre} onChange={set("genre")} maxLength={40} />
            </Field>
            <Field label="Tags (comma-separated)" error={errors.error("tags")}>
              <Input id={errors.id("tags")} name="tags" value={fields.tags} onChange={set("tags")} />
            </Field>
          </section>
          <section className={`card ${styles.group}`} aria-labelledby="create-pricing">
            <h2 id="create-pricing">Pricing &amp; licence</h2>
            <Field label="License type" error={errors.error("licenseType")}>
              <Select
                id={errors.id("licenseType")}
                name="licenseType"
                value={fields.licenseType}
                onChange={set("licenseType")}
                options={LICENSE_TYPES.map((type) => ({ value: type, label: LICENSE_LABELS[type] }))}
              />
            </Field>
            <div className={styles.pair}>
              <Field
                label="Price (USD)"
                hint={free ? "A free license has no price." : "Dollars, at most 2 decimals."}
                error={errors.error("price")}
              >
                <MoneyInput
                  id={errors.id("price")}
                  name="price"
                  value={free ? "0.00" : fields.price}
                  onChange={set("price")}
                  disabled={free}
                />
              </Field>
              <Field
                label="Quantity (optional)"
                hint={`Copies for sale, 0 to ${QUANTITY_MAX}. Leave empty for no limit.`}
                error={errors.error("quantity")}
              >
                <Input
                  id={errors.id("quantity")}
                  name="quantity"
                  type="number"
                  min={0}
                  max={QUANTITY_MAX}
                  step={1}
                  value={fields.quantity}
                  onChange={set("quantity")}
                />
              </Field>
            </div>
            <fieldset className={styles.access} aria-describedby="access-hint">
              <legend>Access</legend>
              <div className={styles.cards}>
                {ACCESS_CHOICES.map((choice) => (
                  <label key={choice.value} className={styles.choice}>
                    <input
                      type="radio"
                      name="accessType"
                      value={choice.value}
                      checked={fields.accessType === choice.value}
                      onChange={set("accessType")}
                      aria-labelledby={`access-${choice.value}-name`}
                      aria-describedby={`access-${choice.value}`}
                    />
                    <span className={styles.choiceText}>
                      <strong id={`access-${choice.value}-name`}>{choice.label}</strong>
                      <span id={`access-${choice.value}`} className={styles.muted}>
                        {choice.detail}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              <p id="access-hint" className={styles.muted}>
                Private products are not visible in your store until you publish them.
              </p>
            </fieldset>
          </section>
          <section className={`card ${styles.group}`} aria-labelledby="create-files">
            <h2 id="create-files">Files</h2>
            <h3>Cover image</h3>
            <DropZone
              limits={{ accept: COVER_ACCEPT, minSize: 1, maxSize: MAX_COVER_BYTES }}
              className="dropzone small"
              busy={busy}
              label="Cover image"
              hint="One png, jpg/jpeg or gif image."
              onDrop={(files) => {
                if (files.length > 1) return "Choose one cover image.";
                if (files[0]) setCover([pending(files[0])]);
              }}
            />
            <ChosenFiles label="Chosen cover image" files={cover} removable={!busy} onRemove={() => setCover([])} />
            <div id={errors.id("audioFiles")} tabIndex={-1}>
              <h3>Audio files</h3>
              <DropZone
                limits={{ accept: AUDIO_ACCEPT, minSize: 1, maxSize: MAX_AUDIO_BYTES }}
                className="dropzone"
                busy={busy}
                label="Audio files"
                hint={`mp3, m4a, wav or aac; up to ${MAX_AUDIO_FILES} files.`}
                onDrop={(files) => {
                  if (audio.length + files.length > MAX_AUDIO_FILES) return `At most ${MAX_AUDIO_FILES} audio files.`;
                  if (files.length > 0) errors.clear("audioFiles");
                  setAudio((list) => [...list, ...files.map(pending)]);
                }}
              />
              {errors.error("audioFiles") && (
                <FieldError id={errors.id("audioFiles-error")}>{errors.error("audioFiles")}</FieldError>
              )}
            </div>
            <ChosenFiles
              label="Chosen audio files"
              files={audio}
              removable={!busy}
              onRemove={(key) => setAudio((list) => list.filter((f) => f.key !== key))}
            />
          </section>
          <div className="actions">
            <Button type="submit" variant="primary" disabled={busy}>
              {busy ? "Uploading..." : "Upload Product"}
            </Button>
          </div>
        </form>
        {saved && fields === EMPTY && cover.length === 0 && audio.length === 0 ? (
          // The form is empty again: the preview is of the product just uploaded, with where to manage it.
          <ProductPreview
            fields={{ ...saved.sent.fields, accessType: saved.accessType }}
            cover={saved.sent.cover}
            audioCount={saved.sent.audioCount}
            uploaded={{ id: saved.id, href: productPath(loaderData.userId, saved.id) }}
          />
        ) : (
          <ProductPreview fields={fields} cover={cover[0]?.file} audioCount={audio.length} />
        )}
      </div>
    </section>
  );
}

const ACCESS_CHOICES = [
  { value: "private", label: "Private (only you)", detail: "Only you see it until you publish it." },
  { value: "public-read", label: "Public-read (anyone with your store link)", detail: "Listed in your store at once." },
] as const;

/** A dollar amount with its currency before it; Field gives the input its id and description. */
function MoneyInput(props: React.ComponentProps<"input">) {
  return (
    <span className={styles.money}>
      <span className={styles.currency} aria-hidden="true">
        $
      </span>
      <Input inputMode="decimal" autoComplete="off" {...props} />
    </span>
  );
}

/** The price as the store will show it: "Free", "$25.00", or nothing while it cannot be read. */
function previewPrice(fields: Fields) {
  if (fields.licenseType === "free") return "Free";
  const dollars = Number(fields.price.trim());
  return fields.price.trim() && Number.isFinite(dollars) && dollars >= 0 ? formatMoney(dollars * 100) : "$—";
}

/** How the product will look as a row of the seller's store, as it is typed, and what sending does. */
function ProductPreview({
  fields,
  cover,
  audioCount,
  uploaded,
}: {
  fields: Fields;
  cover?: File;
  audioCount: number;
  /** The product just uploaded: its id and its page in the store. */
  uploaded?: { id: string; href: string };
}) {
  const [coverUrl, setCoverUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!cover) return setCoverUrl(null);
    const url = URL.createObjectURL(cover);
    setCoverUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [cover]);
  const title = fields.title.trim() || "Untitled product";
  const quantity = fields.quantity.trim() === "" ? null : Number(fields.quantity);
  const licence = LICENSE_LABELS[fields.licenseType as keyof typeof LICENSE_LABELS] ?? "";
  return (
    <aside className={styles.preview} aria-labelledby="preview-heading">
      <div className={`card ${styles.previewCard}`}>
        <h2 id="preview-heading">{uploaded ? "Uploaded" : "Preview"}</h2>
        <p className={styles.muted}>
          {uploaded ? "How it appears in your store." : "How it will appear in your store."}
        </p>
        <div className={`${store.row} ${styles.previewRow}`} data-preview>
          <div className={store.rowCover}>
            {coverUrl ? (
              <img className={store.thumb} src={coverUrl} alt="" />
            ) : (
              <GeneratedCover title={title} className={store.thumb} />
            )}
          </div>
          <div className={store.rowText}>
            <h3 className={store.rowTitle}>
              {title}
              {fields.accessType === "private" && <span className={store.badge}>Private</span>}
            </h3>
            <div className={store.rowMeta}>
              <ul className={store.chips} aria-label="Files">
                <li>{audioCount === 1 ? "1 audio file" : `${audioCount} audio files`}</li>
              </ul>
              <span className={store.licence}>{licence}</span>
              {quantity !== null && Number.isInteger(quantity) && <Stock quantity={quantity} />}
            </div>
          </div>
          <div className={`${store.rowBuy} ${styles.previewBuy}`}>
            <span className={store.pricePill}>{previewPrice(fields)}</span>
          </div>
        </div>
        {uploaded && (
          <p className={styles.uploadedLinks}>
            <Link to={`/digimanager/${encodeURIComponent(uploaded.id)}`}>
              Manage<span className="visually-hidden"> {title}</span>
            </Link>
            {fields.accessType === "public-read" && (
              <Link to={uploaded.href}>
                Open its page<span className="visually-hidden"> ({title})</span>
              </Link>
            )}
          </p>
        )}
      </div>
      <div className={`card ${styles.previewCard}`}>
        <h2>What happens next</h2>
        <Steps>
          <li>Your audio and cover go up first, each with its progress; a file that fails can be sent again.</li>
          <li>
            {fields.accessType === "private"
              ? "The product is saved as private: publish it when you are ready."
              : "The product is listed in your store as soon as it is saved."}
          </li>
          <li>In My Digital Products you add licence tiers, prices, discount codes and more files.</li>
        </Steps>
      </div>
    </aside>
  );
}

/** Where the new product can be seen; a private one is not in the store, and one press publishes it. */
function Visibility({
  userId,
  saved,
  onPublished,
}: {
  userId: string;
  saved: Saved;
  onPublished: (saved: Saved) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (saved.accessType === "public-read")
    return (
      <p>
        &lsquo;{saved.title}&rsquo; is public:{" "}
        <Link to={productPath(userId, saved.id)}>see its page in your store</Link>.
      </p>
    );
  return (
    <div className="notice private-notice">
      <p>
        &lsquo;{saved.title}&rsquo; is <strong>private</strong>: it is not visible in your store, and nobody else can
        buy it.
      </p>
      <Button
        variant="primary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setFailed(null);
          try {
            await call(
              api.products[":productId"].$patch({
                param: { productId: saved.id },
                json: { accessType: "public-read" },
              }),
              UNEXPECTED_ERROR,
            );
            onPublished({ ...saved, accessType: "public-read" });
          } catch (error) {
            setFailed(error instanceof ApiError && error.status > 0 ? error.message : UNEXPECTED_ERROR);
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? "Publishing..." : "Publish it to your store"}
      </Button>
      {failed && (
        <p className="error" role="alert">
          {failed}
        </p>
      )}
    </div>
  );
}
