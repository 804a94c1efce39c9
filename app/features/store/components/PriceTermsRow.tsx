// One licence tier or template in 'My Digital Products' (issue 46): its name, price and terms, and
// an Edit that opens the price and terms inline. The form posts to the page's action (intent
// 'tier-terms' or 'template-terms'), which checks the row is the seller's and reads the fields with the
// API's schema; a refusal is shown beside its field (aria-describedby) and goes when the field
// changes, what was typed stays; a save closes the form and says 'Saved' beside the row.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button, Field, Input, Outcome } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import type { TierTerms } from "../../../kernel/licence-tiers-messages";
import styles from "./SellerTiers.module.css";

export type TermsIntent = "tier-terms" | "template-terms";

/** The action's answer: which row it is about, and either `saved` or the domain's error. */
export interface TermsAnswer {
  intent: TermsIntent;
  target: string;
  saved?: true;
  error?: { code: string; message: string; fields?: Record<string, string[]> };
}

const NUMBER = new Intl.NumberFormat("en-US");

const count = (n: number | null, one: string, many: string) =>
  n === null ? `unlimited ${many}` : `${NUMBER.format(n)} ${n === 1 ? one : many}`;

/** A tier's terms on one line, as the seller reads them in the list. */
export function termsSummary(terms: TierTerms) {
  return [
    count(terms.distributionCopies, "copy", "copies"),
    count(terms.audioStreams, "stream", "streams"),
    count(terms.musicVideos, "music video", "music videos"),
    terms.radioStations === 0 ? "no radio" : count(terms.radioStations, "radio station", "radio stations"),
    `credit “${terms.creditLine}”`,
  ].join(" · ");
}

const FIELDS = [
  "price",
  "terms.distributionCopies",
  "terms.audioStreams",
  "terms.musicVideos",
  "terms.radioStations",
  "terms.creditLine",
];

const COUNTS = [
  { name: "distributionCopies", label: "Distribution copies" },
  { name: "audioStreams", label: "Audio streams" },
  { name: "musicVideos", label: "Music videos" },
  { name: "radioStations", label: "Radio stations" },
] as const;

export function PriceTermsRow({
  intent,
  target,
  hidden,
  name,
  label,
  detail,
  priceCents,
  terms,
  editable,
  children,
}: {
  intent: TermsIntent;
  /** The tier's id or the template's: the answer names it. */
  target: string;
  /** Posted with the form besides `intent` (which product, tier or template). */
  hidden: Record<string, string>;
  name: string;
  /** Spoken after the buttons' words: "MP3 Lease of Night Drive", "MP3 Lease template". */
  label: string;
  detail?: ReactNode;
  priceCents: number;
  terms: TierTerms;
  editable: boolean;
  /** More actions for the row (Remove). */
  children?: ReactNode;
}) {
  const fetcher = useFetcher<TermsAnswer>();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  /** Fields changed since the last answer: their errors are no longer shown. */
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  /** The answer the seller has moved on from (Cancel, or Edit again). */
  const [dismissed, setDismissed] = useState<TermsAnswer | undefined>(undefined);
  const seen = useRef<TermsAnswer | undefined>(undefined);
  const answer = fetcher.data?.intent === intent && fetcher.data.target === target ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!answer || seen.current === answer || busy) return;
    seen.current = answer;
    setChanged(new Set());
    if (answer.saved) {
      setEditing(false);
      setSaved(true);
    }
  }, [answer, busy]);

  const failure = answer?.error && answer !== dismissed ? answer.error : undefined;
  /** A refusal about no field of this form (the tier was removed meanwhile, say) is shown under it. */
  const general = failure && !Object.keys(failure.fields ?? {}).some((field) => FIELDS.includes(field));
  const errorOf = (field: string) => (changed.has(field) ? undefined : failure?.fields?.[field]?.[0]);
  const id = (field: string) => `${intent}-${target}-${field.replace(".", "-")}`;
  const onChange = (field: string) => () => setChanged((set) => (set.has(field) ? set : new Set([...set, field])));

  return (
    <li className={styles.termsRow}>
      <div className={styles.rowHead}>
        <span>
          {name}
          {detail}
        </span>
        <span className={styles.price}>{formatMoney(priceCents)}</span>
      </div>
      <p className={styles.muted}>{termsSummary(terms)}</p>
      {!editing && (
        <div className={styles.rowActions}>
          {editable && (
            <Button
              size="sm"
              onClick={() => {
                setEditing(true);
                setSaved(false);
                setDismissed(answer);
              }}
            >
              Edit<span className="visually-hidden"> {label}</span>
            </Button>
          )}
          {children}
          {saved && (
            <span role="status" className={styles.saved}>
              Saved
            </span>
          )}
        </div>
      )}
      {editing && (
        <fetcher.Form method="post" className={styles.termsForm} onSubmit={() => setDismissed(undefined)}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(hidden).map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <div className={styles.fields}>
            <Field label="Price (USD)" hint="What a buyer pays" error={errorOf("price")}>
              <Input
                id={id("price")}
                name="price"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={(priceCents / 100).toFixed(2)}
                onChange={onChange("price")}
              />
            </Field>
            {COUNTS.map((count) => {
              const field = `terms.${count.name}`;
              const value = terms[count.name];
              return (
                <Field key={field} label={count.label} hint="Empty: unlimited" error={errorOf(field)}>
                  <Input
                    id={id(field)}
                    name={field}
                    inputMode="numeric"
                    autoComplete="off"
                    defaultValue={value === null ? "" : String(value)}
                    onChange={onChange(field)}
                  />
                </Field>
              );
            })}
            <Field
              label="Credit line"
              hint="{producer} is replaced by your user name"
              error={errorOf("terms.creditLine")}
              className={styles.wide}
            >
              <Input
                id={id("terms.creditLine")}
                name="terms.creditLine"
                autoComplete="off"
                defaultValue={terms.creditLine}
                onChange={onChange("terms.creditLine")}
              />
            </Field>
          </div>
          <Outcome message={general && failure ? { ok: false, text: failure.message } : null} />
          <div className={styles.rowActions}>
            <Button type="submit" variant="primary" size="sm" busy={busy} busyLabel="Saving...">
              Save<span className="visually-hidden"> {label}</span>
            </Button>
            <Button
              size="sm"
              disabled={busy}
              onClick={() => {
                setEditing(false);
                setDismissed(answer);
                setChanged(new Set());
              }}
            >
              Cancel<span className="visually-hidden"> editing {label}</span>
            </Button>
          </div>
        </fetcher.Form>
      )}
    </li>
  );
}
