// The buyer's choice of licence on a beat's page (issue 33): the product's own licence and each tier
// as radio buttons with their prices, and the chosen one's terms and files read before 'Add to Cart'.
import type { ProductView } from "../../../../worker/domain/store/views";
import { formatMoney } from "../../../kernel/format";
import { deliversLine, tierTermLines } from "../../../kernel/licence-tiers-messages";
import { LICENCE_NAMES, LICENCE_TERMS } from "../../../kernel/licences";
import styles from "./TierPicker.module.css";

export interface TierOption {
  /** null: the product's own licence. */
  id: string | null;
  name: string;
  priceCents: number;
  terms: string[];
  delivers: string | null;
}

export function tierOptions(product: Pick<ProductView, "licenseType" | "priceCents" | "tiers">, producer: string) {
  const own: TierOption = {
    id: null,
    name: LICENCE_NAMES[product.licenseType],
    priceCents: product.priceCents,
    terms: LICENCE_TERMS[product.licenseType],
    delivers: null,
  };
  return [
    own,
    ...product.tiers.map(
      (tier): TierOption => ({
        id: tier.id,
        name: tier.name,
        priceCents: tier.priceCents,
        terms: tierTermLines(tier.terms, tier.exclusive, producer),
        delivers: deliversLine(tier.formats),
      }),
    ),
  ];
}

export function TierPicker({
  options,
  chosen,
  onChoose,
  free,
}: {
  options: TierOption[];
  chosen: string | null;
  onChoose: (id: string | null) => void;
  free: boolean;
}) {
  const current = options.find((option) => option.id === chosen) ?? options[0]!;
  return (
    <div className={styles.picker}>
      {options.length > 1 && (
        <fieldset className={styles.options}>
          <legend>Choose a licence</legend>
          {options.map((option) => (
            <label key={option.id ?? "own"} className={styles.option}>
              <input
                type="radio"
                name="tier"
                value={option.id ?? ""}
                checked={option.id === current.id}
                onChange={() => onChoose(option.id)}
              />
              <span className={styles.name}>{option.name}</span>
              <span className={styles.price}>
                {free && option.id === null ? "Free" : formatMoney(option.priceCents)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <h2 id="licence-heading">{current.name}: what you may do</h2>
      <ul className={styles.terms}>
        {current.terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
        {current.delivers && <li>{current.delivers}</li>}
      </ul>
    </div>
  );
}
