// A beat's licence tiers and details in 'My Digital Products' (issue 33): the tiers on offer with
// price, files and terms, each with Edit (price and terms, through the page's action; issue 46) and
// Remove; a tier added from one of the seller's templates (edited under 'Licence templates'); and
// the beat's details (genre, mood, BPM, key, tags) buyers filter by.
import { useState } from "react";
import type { ProductView } from "../../../../worker/domain/store/views";
import { formatMoney } from "../../../kernel/format";
import {
  BUILT_IN_TEMPLATES,
  FORMAT_LABELS,
  TIER_TEMPLATE_IDS,
  type TierTemplate,
} from "../../../kernel/licence-tiers-messages";
import { MUSICAL_KEYS } from "../../../kernel/schemas/beat-details-messages";
import { api, type Send } from "../../../lib/api-client";
import { PriceTermsRow } from "./PriceTermsRow";
import styles from "./SellerTiers.module.css";

type MusicalKey = (typeof MUSICAL_KEYS)[number];

type Act = (send: Send) => Promise<boolean>;

export function SellerTiers({ product, act, onSale }: { product: ProductView; act: Act; onSale: boolean }) {
  const [template, setTemplate] = useState<TierTemplate>("mp3-lease");
  const product$ = api.products[":productId"];
  return (
    <section className={styles.block} aria-label={`Licence tiers of ${product.title}`}>
      <h3>Licence tiers</h3>
      <ul className={styles.list}>
        <li>
          <span>Standard licence (the product's own)</span>
          <span className={styles.price}>
            {product.licenseType === "free" ? "Free" : formatMoney(product.priceCents)}
          </span>
        </li>
        {product.tiers.map((tier) => (
          <PriceTermsRow
            key={tier.id}
            intent="tier-terms"
            target={tier.id}
            hidden={{ productId: product.id, tierId: tier.id }}
            name={tier.name}
            label={`${tier.name} of ${product.title}`}
            detail={<span className={styles.muted}> · {tier.formats.map((f) => FORMAT_LABELS[f]).join(", ")}</span>}
            priceCents={tier.priceCents}
            terms={tier.terms}
            editable={onSale}
          >
            {onSale && (
              <button
                type="button"
                className="link-button"
                onClick={() =>
                  void act(() =>
                    product$.tiers[":tierId"].$delete({ param: { productId: product.id, tierId: tier.id } }),
                  )
                }
              >
                Remove<span className="visually-hidden"> {tier.name}</span>
              </button>
            )}
          </PriceTermsRow>
        ))}
      </ul>
      {onSale && (
        <form
          className={styles.add}
          onSubmit={(event) => {
            event.preventDefault();
            void act(() => product$.tiers.$post({ param: { productId: product.id }, json: { template } }));
          }}
        >
          <label htmlFor={`tier-template-${product.id}`}>Add a tier from a template</label>
          <div className={styles.row}>
            <select
              id={`tier-template-${product.id}`}
              value={template}
              onChange={(event) => setTemplate(event.target.value as TierTemplate)}
            >
              {TIER_TEMPLATE_IDS.map((id) => (
                <option key={id} value={id}>
                  {BUILT_IN_TEMPLATES[id].name}
                </option>
              ))}
            </select>
            <button type="submit" className="button">
              Add tier<span className="visually-hidden"> to {product.title}</span>
            </button>
          </div>
        </form>
      )}
      {onSale && <BeatDetails product={product} act={act} />}
    </section>
  );
}

function BeatDetails({ product, act }: { product: ProductView; act: Act }) {
  const id = (name: string) => `${name}-${product.id}`;
  // The probe only suggests: the field changes when the seller presses 'Use', and is saved with the rest.
  const [bpm, setBpm] = useState(product.bpm === null ? "" : String(product.bpm));
  const suggested = product.suggestedBpm;
  return (
    <form
      className={styles.details}
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
        void act(() => api.products[":productId"].details.$put({ param: { productId: product.id }, json }));
      }}
    >
      <h3>Beat details</h3>
      <div className={styles.grid}>
        <label htmlFor={id("genre")}>Genre</label>
        <input id={id("genre")} name="genre" defaultValue={product.genre ?? ""} maxLength={40} />
        <label htmlFor={id("mood")}>Mood</label>
        <input id={id("mood")} name="mood" defaultValue={product.mood ?? ""} maxLength={40} />
        <label htmlFor={id("bpm")}>BPM</label>
        <div className={styles.bpm}>
          <input
            id={id("bpm")}
            name="bpm"
            inputMode="numeric"
            value={bpm}
            onChange={(event) => setBpm(event.target.value)}
            aria-describedby={suggested ? id("bpm-suggested") : undefined}
          />
          {suggested && (
            <span id={id("bpm-suggested")} className={styles.muted}>
              Suggested: {suggested.bpm} BPM
              {String(suggested.bpm) !== bpm.trim() && (
                <>
                  {" — "}
                  <button type="button" className="link-button" onClick={() => setBpm(String(suggested.bpm))}>
                    Use
                    <span className="visually-hidden">
                      {" "}
                      {suggested.bpm} BPM for {product.title}
                    </span>
                  </button>
                </>
              )}
            </span>
          )}
        </div>
        <label htmlFor={id("musicalKey")}>Key</label>
        <select id={id("musicalKey")} name="musicalKey" defaultValue={product.musicalKey ?? ""}>
          <option value="">Not set</option>
          {MUSICAL_KEYS.map((key) => (
            <option key={key}>{key}</option>
          ))}
        </select>
        <label htmlFor={id("tags")}>Tags (comma-separated)</label>
        <input id={id("tags")} name="tags" defaultValue={product.tags.join(", ")} />
      </div>
      <button type="submit" className="button">
        Save details<span className="visually-hidden"> of {product.title}</span>
      </button>
    </form>
  );
}
