// The buyer's choice of licence (issue 33, issue 45 item 4): a comparison that sells up, like BeatStars'
// licence modal. Every licence on offer — the tiers and the product's own licence, under its own name —
// is a card in rising price, the cheapest chosen to begin with; each card lists what it gives on the
// same lines (files, copies, streams, videos, radio), and marks what it adds over the cheaper card
// before it. The licence's full terms are a click away on each card, read before 'Add to Cart'.
import type { ProductView } from "../../../../worker/domain/store/views";
import { formatMoney } from "../../../kernel/format";
import { FORMAT_LABELS, type TierFormat, tierTermLines } from "../../../kernel/licence-tiers-messages";
import { LICENCE_NAMES, LICENCE_TERMS } from "../../../kernel/licences";
import styles from "./TierPicker.module.css";

export interface TierOption {
  /** null: the product's own licence. */
  id: string | null;
  name: string;
  priceCents: number;
  terms: string[];
  /** What the licence gives, one short line each, on the same lines for every licence. */
  features: string[];
}

type Priced = Pick<ProductView, "licenseType" | "priceCents" | "tiers"> & {
  files?: readonly Pick<ProductView["files"][number], "fileName">[];
};

const number = (n: number) => new Intl.NumberFormat("en-US").format(n);
const amount = (n: number | null, one: string, many: string) =>
  n === null ? `Unlimited ${many}` : `${number(n)} ${n === 1 ? one : many}`;

const filesLine = (formats: readonly TierFormat[]) => formats.map((format) => FORMAT_LABELS[format]).join(" + ");

/** The kinds of file a product's own licence delivers: its uploads, by their names. */
function ownFormats(files: Priced["files"]): TierFormat[] {
  const found = new Set<TierFormat>();
  for (const file of files ?? []) {
    const ext = file.fileName.toLowerCase().split(".").pop();
    if (ext === "mp3") found.add("mp3");
    else if (ext === "wav") found.add("wav");
    else if (ext === "zip") found.add("stems");
  }
  return (["mp3", "wav", "stems"] as const).filter((format) => found.has(format));
}

/** What the product's own licence gives, on the tiers' lines (its terms set no counts). */
function ownFeatures(product: Priced): string[] {
  const formats = ownFormats(product.files);
  const files = formats.length ? filesLine(formats) : "The beat's audio files";
  if (product.licenseType === "free") return [files, "Personal, non-commercial use", "Credit the producer"];
  const unlimited = ["Unlimited copies", "Unlimited streams", "Unlimited music videos", "Live performances"];
  return product.licenseType === "exclusive"
    ? [files, ...unlimited, "Exclusive rights"]
    : [files, ...unlimited, "Non-exclusive"];
}

function tierFeatures(tier: ProductView["tiers"][number]): string[] {
  const { terms } = tier;
  return [
    filesLine(tier.formats),
    amount(terms.distributionCopies, "copy", "copies"),
    amount(terms.audioStreams, "stream", "streams"),
    amount(terms.musicVideos, "music video", "music videos"),
    terms.radioStations === 0 ? "No radio" : amount(terms.radioStations, "radio station", "radio stations"),
    tier.exclusive ? "Exclusive rights" : "Non-exclusive",
  ];
}

/** The product's licence and its tiers, cheapest first (as BeatStars lists them); the first is chosen to begin with. */
export function tierOptions(product: Priced, producer: string): TierOption[] {
  const own: TierOption = {
    id: null,
    name: LICENCE_NAMES[product.licenseType],
    // A free product's own licence is shown as 'Free', so it sorts as free.
    priceCents: product.licenseType === "free" ? 0 : product.priceCents,
    terms: LICENCE_TERMS[product.licenseType],
    features: ownFeatures(product),
  };
  const tiers = product.tiers.map(
    (tier): TierOption => ({
      id: tier.id,
      name: tier.name,
      priceCents: tier.priceCents,
      terms: tierTermLines(tier.terms, tier.exclusive, producer),
      features: tierFeatures(tier),
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
        {options.map((option, index) => {
          const price = free && option.id === null ? "Free" : formatMoney(option.priceCents);
          const picked = option.id === current.id;
          const cheaper = index > 0 ? options[index - 1]! : null;
          const body = (
            <>
              <span className={styles.name}>{option.name}</span>
              <span className={styles.price}>{price}</span>
              <ul className={styles.features}>
                {option.features.map((feature) => {
                  const adds = cheaper !== null && !cheaper.features.includes(feature);
                  return (
                    <li key={feature} className={adds ? styles.adds : undefined}>
                      <span aria-hidden="true">{adds ? "+" : "✓"}</span>
                      {adds && <span className="visually-hidden">Adds: </span>}
                      {feature}
                    </li>
                  );
                })}
              </ul>
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
