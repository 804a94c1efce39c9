// A beat's licence tiers in the seller's studio (issue 33; the 'Licences & prices' tab, issue 46):
// every licence in rising price as buyers see them — the beat's own under its name, priced under
// Details — each tier with price, files and terms, Edit (price and terms, through the page's action,
// 'Saved' in its row) and Remove; a tier added from one of the seller's templates (edited under
// 'Licence templates'). Adding and removing say how they went beside 'Add tier'.
import { useState } from "react";
import type { ProductView } from "../../../../worker/domain/store/views";
import { Button, Select } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import {
  BUILT_IN_TEMPLATES,
  FORMAT_LABELS,
  TIER_TEMPLATE_IDS,
  type TierTemplate,
} from "../../../kernel/licence-tiers-messages";
import { LICENCE_NAMES } from "../../../kernel/licences";
import { api } from "../../../lib/api-client";
import { PriceTermsRow } from "./PriceTermsRow";
import { type Run, useSaveStatus } from "./SaveStatus";
import styles from "./SellerTiers.module.css";
import { tierOptions } from "./TierPicker";

export function SellerTiers({ product, run }: { product: ProductView; run: Run }) {
  const [template, setTemplate] = useState<TierTemplate>("mp3-lease");
  const { save, status } = useSaveStatus(run);
  const onSale = product.status === "active";
  const product$ = api.products[":productId"];
  // As buyers see them: in rising price, the beat's own licence (null) under its name among the tiers.
  const ownCents = product.licenseType === "free" ? 0 : product.priceCents;
  const ownPrice = product.licenseType === "free" ? "Free" : formatMoney(product.priceCents);
  // What it gives, in the buyers' words (the licence cards' lines).
  const ownFeatures = tierOptions(product, "")
    .find((option) => option.id === null)!
    .features.map((feature) => feature.text);
  const rows = [null, ...product.tiers].sort((a, b) => (a?.priceCents ?? ownCents) - (b?.priceCents ?? ownCents));
  return (
    <section className={styles.block} aria-label={`Licence tiers of ${product.title}`}>
      <h2>Licence tiers</h2>
      <ul className={styles.list}>
        {rows.map((row) =>
          row === null ? (
            <li key="own">
              <span>
                {LICENCE_NAMES[product.licenseType]}
                <span className={styles.muted}> · {ownFeatures[0]} · the beat's price, set under Details</span>
              </span>
              <span className={styles.price}>{ownPrice}</span>
              <span className={`${styles.muted} ${styles.ownTerms}`}>{ownFeatures.slice(1).join(" · ")}</span>
            </li>
          ) : (
            <PriceTermsRow
              key={row.id}
              intent="tier-terms"
              target={row.id}
              hidden={{ productId: product.id, tierId: row.id }}
              name={row.name}
              label={`${row.name} of ${product.title}`}
              detail={<span className={styles.muted}> · {row.formats.map((f) => FORMAT_LABELS[f]).join(", ")}</span>}
              priceCents={row.priceCents}
              terms={row.terms}
              editable={onSale}
            >
              {onSale && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    void save(() =>
                      product$.tiers[":tierId"].$delete({ param: { productId: product.id, tierId: row.id } }),
                    )
                  }
                >
                  Remove<span className="visually-hidden"> {row.name}</span>
                </Button>
              )}
            </PriceTermsRow>
          ),
        )}
      </ul>
      {onSale && (
        <form
          className={styles.add}
          onSubmit={(event) => {
            event.preventDefault();
            void save(() => product$.tiers.$post({ param: { productId: product.id }, json: { template } }));
          }}
        >
          <label htmlFor={`tier-template-${product.id}`}>Add a tier from a template</label>
          <div className={styles.row}>
            <Select
              id={`tier-template-${product.id}`}
              value={template}
              onChange={(event) => setTemplate(event.target.value as TierTemplate)}
              options={TIER_TEMPLATE_IDS.map((id) => ({ value: id, label: BUILT_IN_TEMPLATES[id].name }))}
            />
            <Button type="submit">
              Add tier<span className="visually-hidden"> to {product.title}</span>
            </Button>
            {status}
          </div>
        </form>
      )}
    </section>
  );
}
