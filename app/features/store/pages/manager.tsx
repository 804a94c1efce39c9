// 'My Digital Products' (/digimanager, seed 001 screen 2): the overview of the seller's products, a
// row (a card on a phone) each, whose title opens the product's page in the studio
// (/digimanager/:productId: details, files, licences and prices, discounts); then what is the whole
// store's: the licence templates, discount codes and the voice tag (mixed into every preview every 30 s).
import { useState } from "react";
import { Link } from "react-router";
import { DropZone } from "../../../components/DropZone";
import { Button, buttonClass, Card, EmptyState } from "../../../components/ui";
import { ChosenFiles } from "../../../components/uploads/ChosenFiles";
import { AUDIO_ACCEPT, MAX_AUDIO_BYTES } from "../../../kernel/schemas/products-form-messages";
import { api } from "../../../lib/api-client";
import { type PendingFile, pending, uploadPending } from "../../../lib/store-uploads";
import { AudioPlayer } from "../components/AudioPlayer";
import { DiscountCodes } from "../components/DiscountCodes";
import { LicenceTemplates } from "../components/LicenceTemplates";
import managerStyles from "../components/Manager.module.css";
import { ProductOverview } from "../components/ProductOverview";
import { useRun, useSaveStatus } from "../components/SaveStatus";
import type { Route } from "./+types/manager";
import "../store.css";

export { action, loader } from "./manager.server";

export function meta() {
  return [{ title: "My Digital Products · Creator Platform" }];
}

export default function DigiManager({ loaderData }: Route.ComponentProps) {
  const { products, voiceTag, userId, discounts, templates, sales } = loaderData;
  const { run, refresh } = useRun();
  const tag = useSaveStatus(run);
  const [tagUpload, setTagUpload] = useState<PendingFile[]>([]);

  async function sendTag(files: File[]) {
    const items = files.slice(0, 1).map(pending);
    setTagUpload(items);
    const { failed } = await uploadPending(items, "voice-tag", undefined, (key, change) =>
      setTagUpload((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))),
    );
    if (!failed) setTagUpload([]);
    await refresh();
    tag.report(failed ? "The voice tag could not be uploaded." : null);
  }

  return (
    <section className="store-manager">
      <header className={managerStyles.header}>
        <h1>My Digital Products</h1>
        <div className={managerStyles.actions}>
          <Link to="/digimanager/sales" className={buttonClass("secondary")}>
            Sales
          </Link>
          <Link to={`/digiprev/${userId}`} className={buttonClass("secondary")}>
            See your store
          </Link>
          <Link to="/digistore" className={buttonClass("primary")}>
            Create a product
          </Link>
        </div>
      </header>
      {products.length === 0 ? (
        <Card as="section" aria-label="Your products">
          <EmptyState
            title="No products found."
            action={
              <Link to="/digistore" className={buttonClass("primary")}>
                Create a product
              </Link>
            }
          >
            Create your first beat or sample pack: it gets a cover, licences and a page in your store. Sales and plays
            then show here, one row a product.
          </EmptyState>
        </Card>
      ) : (
        <ProductOverview products={products} sales={sales} />
      )}
      <LicenceTemplates templates={templates} />
      <DiscountCodes
        discounts={discounts}
        products={products.filter((p) => p.status === "active").map((p) => ({ id: p.id, title: p.title }))}
        run={run}
      />
      <section className="card voice-tag" aria-labelledby="voice-tag-heading">
        <h2 id="voice-tag-heading">Voice tag</h2>
        <p className="muted">
          Your tag is mixed into every preview, every 30 seconds. Buyers get the originals, without it.
        </p>
        {voiceTag ? (
          <>
            <AudioPlayer src={voiceTag.url} label={voiceTag.fileName} peaks={null} durationSeconds={null} />
            <span className="voice-tag-actions">
              <Button size="sm" variant="ghost" onClick={() => void tag.save(() => api["voice-tag"].$delete())}>
                Remove voice tag
              </Button>
              {tag.status}
            </span>
          </>
        ) : (
          <p className="muted">No voice tag yet. {tag.status}</p>
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
