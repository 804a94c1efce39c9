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

/** One line of a licence card: what it gives on one axis, and how much (to tell what a dearer card adds). */
export interface Feature {
  axis: "files" | "copies" | "streams" | "videos" | "radio" | "performances" | "rights" | "use";
  text: string;
  /** Higher gives more on this axis (unlimited is Infinity). */
  level: number;
}

export interface TierOption {
  /** null: the product's own licence. */
  id: string | null;
  name: string;
  priceCents: number;
  terms: string[];
  /** What the licence gives, one short line per axis, on the same lines for every licence. */
  features: Feature[];
}

type Priced = Pick<ProductView, "licenseType" | "priceCents" | "tiers"> & {
  files?: readonly Pick<ProductView["files"][number], "fileName">[];
};

const number = (n: number) => new Intl.NumberFormat("en-US").format(n);
const counted = (axis: Feature["axis"], n: number | null, one: string, many: string): Feature => ({
  axis,
  text: n === null ? `Unlimited ${many}` : `${number(n)} ${n === 1 ? one : many}`,
  level: n ?? Number.POSITIVE_INFINITY,
});

const FORMAT_RANK: Record<TierFormat, number> = { mp3: 1, wav: 2, stems: 3 };
/** The files a licence delivers, ranked by the best of them (an MP3, a WAV, the stems). */
const filesFeature = (formats: readonly TierFormat[]): Feature => ({
  axis: "files",
  text: formats.length ? formats.map((format) => FORMAT_LABELS[format]).join(" + ") : "The beat's audio files",
  level: Math.max(0, ...formats.map((format) => FORMAT_RANK[format])),
});
const rights = (exclusive: boolean): Feature =>
  exclusive
    ? { axis: "rights", text: "Exclusive rights", level: 1 }
    : { axis: "rights", text: "Non-exclusive", level: 0 };

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
function ownFeatures(product: Priced): Feature[] {
  const files = filesFeature(ownFormats(product.files));
  if (product.licenseType === "free") return [files, { axis: "use", text: "Personal, non-commercial use", level: 0 }];
  return [
    files,
    counted("copies", null, "copy", "copies"),
    counted("streams", null, "stream", "streams"),
    counted("videos", null, "music video", "music videos"),
    { axis: "performances", text: "Live performances", level: 1 },
    rights(product.licenseType === "exclusive"),
  ];
}

function tierFeatures(tier: ProductView["tiers"][number]): Feature[] {
  const { terms } = tier;
  return [
    filesFeature(tier.formats),
    counted("copies", terms.distributionCopies, "copy", "copies"),
    counted("streams", terms.audioStreams, "stream", "streams"),
    counted("videos", terms.musicVideos, "music video", "music videos"),
    terms.radioStations === 0
      ? { axis: "radio", text: "No radio", level: 0 }
      : counted("radio", terms.radioStations, "radio station", "radio stations"),
    rights(tier.exclusive),
  ];
}

/** The card's line gives more than the cheaper card before it does on the same axis. */
function adds(feature: Feature, cheaper: TierOption | null) {
  if (!cheaper) return false;
  const before = cheaper.features.find((other) => other.axis === feature.axis);
  return before ? feature.level > before.level : feature.level > 0;
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
                  const more = adds(feature, cheaper);
                  return (
                    <li key={feature.axis} className={more ? styles.adds : undefined}>
                      <span aria-hidden="true">{more ? "+" : "✓"}</span>
                      {more && <span className="visually-hidden">Adds: </span>}
                      {feature.text}
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
