// 'My Digital Products' (/digimanager, seed 001 screen 2): one card per
// product, and the seller's voice tag (mixed into every preview every 30 s).
// Changes go to the API (the licence tiers' and templates' price and terms
// to the page's action); the list then reloads. While previews are being
// made, it reloads every few seconds until they are ready.
import { useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { DropZone } from "../../../components/DropZone";
import { ChosenFiles } from "../../../components/uploads/ChosenFiles";
import { AUDIO_ACCEPT, MAX_AUDIO_BYTES } from "../../../kernel/schemas/products-form-messages";
import { UNEXPECTED_ERROR } from "../../../kernel/schemas/products-messages";
import { ApiError, api, call, type Send } from "../../../lib/api-client";
import { type PendingFile, pending, uploadPending } from "../../../lib/store-uploads";
import { AudioPlayer } from "../components/AudioPlayer";
import { DiscountCodes } from "../components/DiscountCodes";
import { LicenceTemplates } from "../components/LicenceTemplates";
import { type Editing, ManagerCard } from "../components/ManagerCard";
import { ProductOverview } from "../components/ProductOverview";
import type { Route } from "./+types/manager";
import "../store.css";

export { action, loader } from "./manager.server";

export function meta() {
  return [{ title: "My Digital Products · Creator Platform" }];
}

const POLL_MS = 4000;

export default function DigiManager({ loaderData }: Route.ComponentProps) {
  const { products, voiceTag, userId, discounts, templates, sales } = loaderData;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [tagUpload, setTagUpload] = useState<PendingFile[]>([]);
  const making = products.some((p) =>
    p.files.some((f) => f.previewStatus === "queued" || f.previewStatus === "running"),
  );

  useEffect(() => {
    if (!making || editing) return;
    const timer = setTimeout(() => void revalidator.revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [making, editing, revalidator]);

  /** Runs one write; a refusal shows the server's message, anything else the seed's unexpected error. */
  async function act(send: Send) {
    setMessage(null);
    try {
      await call(send(), UNEXPECTED_ERROR);
      return true;
    } catch (error) {
      setMessage(error instanceof ApiError && error.status > 0 ? error.message : UNEXPECTED_ERROR);
      return false;
    } finally {
      await revalidator.revalidate();
    }
  }

  async function sendTag(files: File[]) {
    const items = files.slice(0, 1).map(pending);
    setTagUpload(items);
    const { failed } = await uploadPending(items, "voice-tag", undefined, (key, change) =>
      setTagUpload((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))),
    );
    if (!failed) setTagUpload([]);
    await revalidator.revalidate();
  }

  return (
    <section className="store-manager">
      <h1>My Digital Products</h1>
      <p>
        <Link to="/digistore">Create a product</Link> · <Link to="/digimanager/sales">Sales</Link> ·{" "}
        <Link to={`/digiprev/${userId}`}>See your store</Link>
      </p>
      {message && (
        <p role="alert" className="error">
          {message}
        </p>
      )}
      {products.length === 0 ? (
        <p className="empty-state">No products found.</p>
      ) : (
        <>
          <ProductOverview products={products} sales={sales} />
          <div className="product-grid">
            {products.map((product) => (
              <ManagerCard
                key={product.id}
                product={product}
                editing={editing}
                setEditing={setEditing}
                act={act}
                refresh={() => void revalidator.revalidate()}
              />
            ))}
          </div>
        </>
      )}
      <LicenceTemplates templates={templates} />
      <DiscountCodes
        discounts={discounts}
        products={products.filter((p) => p.status === "active").map((p) => ({ id: p.id, title: p.title }))}
        act={act}
      />
      <section className="card voice-tag" aria-labelledby="voice-tag-heading">
        <h2 id="voice-tag-heading">Voice tag</h2>
        <p className="muted">
          Your tag is mixed into every preview, every 30 seconds. Buyers get the originals, without it.
        </p>
        {voiceTag ? (
          <>
            <AudioPlayer src={voiceTag.url} label={voiceTag.fileName} peaks={null} durationSeconds={null} />
            <button type="button" className="link-button" onClick={() => void act(() => api["voice-tag"].$delete())}>
              Remove voice tag
            </button>
          </>
        ) : (
          <p className="muted">No voice tag yet.</p>
        )}
        <DropZone
          limits={{ accept: AUDIO_ACCEPT, minSize: 1, maxSize: MAX_AUDIO_BYTES }}
          className="dropzone small"
          busy={tagUpload.some((t) => t.status === "uploading")}
          label="Voice tag"
          hint={
            voiceTag ? "Drop a new tag to replace it: every preview is made again." : "One mp3, m4a, wav or aac file."
          }
          onDrop={(files) => void sendTag(files)}
        />
        <ChosenFiles label="Voice tag upload" files={tagUpload} removable onRemove={() => setTagUpload([])} />
      </section>
    </section>
  );
}
