// The buyer's choice of licence on a beat's page (issue 33, issue 45 item 4): the product's own licence
// and each tier as a card — name, price, what it delivers — chosen by its radio button, with the
// licence's terms a click away on each card, read before 'Add to Cart'.
import type { ProductView } from "../../../../worker/domain/store/views";
import { formatMoney } from "../../../kernel/format";
import { deliversLine, tierTermLines } from "../../../kernel/licence-tiers-messages";
import { LICENCE_NAMES, LICENCE_TERMS } from "../../../kernel/licences";
import styles from "./TierPicker.module.css";

/** What the product's own licence delivers (a tier names its formats). */
const OWN_DELIVERS = "Delivers: the beat's audio files.";

export interface TierOption {
  /** null: the product's own licence. */
  id: string | null;
  name: string;
  priceCents: number;
  terms: string[];
  delivers: string | null;
}

/** The product's licence and its tiers, cheapest first (as BeatStars lists them); the first is chosen to begin with. */
export function tierOptions(product: Pick<ProductView, "licenseType" | "priceCents" | "tiers">, producer: string) {
  const own: TierOption = {
    id: null,
    name: LICENCE_NAMES[product.licenseType],
    // A free product's own licence is shown as 'Free', so it sorts as free.
    priceCents: product.licenseType === "free" ? 0 : product.priceCents,
    terms: LICENCE_TERMS[product.licenseType],
    delivers: null,
  };
  const tiers = product.tiers.map(
    (tier): TierOption => ({
      id: tier.id,
      name: tier.name,
      priceCents: tier.priceCents,
      terms: tierTermLines(tier.terms, tier.exclusive, producer),
      delivers: deliversLine(tier.formats),
    }),
  );
  // A stable sort: at one price the product's own licence stays first.
  return [own, ...tiers].sort((a, b) => a.priceCents - b.priceCents);
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
  const choosing = options.length > 1;
  const Group = choosing ? "fieldset" : "div";
  return (
    <div className={styles.picker}>
      <h2 id="licence-heading">{choosing ? "Choose a licence" : "Licence"}</h2>
      <Group className={styles.options}>
        {choosing && <legend className="visually-hidden">Choose a licence</legend>}
        {options.map((option) => {
          const price = free && option.id === null ? "Free" : formatMoney(option.priceCents);
          const picked = option.id === current.id;
          const body = (
            <>
              <span className={styles.name}>{option.name}</span>
              <span className={styles.price}>{price}</span>
              <span className={styles.delivers}>{option.delivers ?? OWN_DELIVERS}</span>
            </>
          );
          return (
            <div key={option.id ?? "own"} className={picked ? `${styles.card} ${styles.picked}` : styles.card}>
              {choosing ? (
                <label className={styles.choice}>
                  <input
                    type="radio"
                    name="tier"
                    value={option.id ?? ""}
                    checked={picked}
                    onChange={() => onChoose(option.id)}
                  />
                  {body}
                </label>
              ) : (
                <div className={styles.choice}>{body}</div>
              )}
              <details className={styles.details}>
                <summary>
                  Terms<span className="visually-hidden"> of the {option.name}</span>
                </summary>
                <ul className={styles.terms}>
                  {option.terms.map((term) => (
                    <li key={term}>{term}</li>
                  ))}
                </ul>
              </details>
            </div>
          );
        })}
      </Group>
    </div>
  );
}
