// The store page's search, filters and sort (issue 33, issue 45 item 4): one compact bar — the search,
// the genre, key and sort, and 'Filters' for the BPM and price ranges (a second row, shown at once when
// one is set) — that on a phone folds into the search and 'Filters', which opens every field as a
// drawer, so the catalogue starts on the first screen. A GET form: every result has its own URL and
// renders on the server. In the bar a change applies at once (a choice at once, typing after a pause);
// 'Show beats' stays for the page before its script and for the phone's drawer, and 'Clear' is a link.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "../../../components/ui/Button";
import { Input, Select } from "../../../components/ui/Field";
import type { StoreQuery } from "../../../kernel/schemas/beat-details";
import { MUSICAL_KEYS, SORT_LABELS, STORE_SORTS } from "../../../kernel/schemas/beat-details-messages";
import { useHydrated } from "../../../lib/hydration";
import styles from "./StoreFilters.module.css";

type Query = Partial<StoreQuery>;

interface Choice {
  id: string;
  name: keyof StoreQuery;
  label: string;
  options: { value: string; label: string }[];
}

interface Range {
  legend: string;
  inputMode: "numeric" | "decimal";
  bounds: { id: string; name: keyof StoreQuery; label: string; placeholder: string }[];
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));
const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

function choices(genres: string[]): Choice[] {
  return [
    {
      id: "store-genre",
      name: "genre",
      label: "Genre",
      options: [{ value: "", label: "Any genre" }, ...plain(genres)],
    },
    { id: "store-key", name: "key", label: "Key", options: [{ value: "", label: "Any key" }, ...plain(MUSICAL_KEYS)] },
  ];
}

const RANGES: Range[] = [
  {
    legend: "BPM",
    inputMode: "numeric",
    bounds: [
      { id: "store-bpm-min", name: "bpmMin", label: "Lowest BPM", placeholder: "from" },
      { id: "store-bpm-max", name: "bpmMax", label: "Highest BPM", placeholder: "to" },
    ],
  },
  {
    legend: "Price ($)",
    inputMode: "decimal",
    bounds: [
      { id: "store-price-min", name: "priceMin", label: "Lowest price", placeholder: "from" },
      { id: "store-price-max", name: "priceMax", label: "Highest price", placeholder: "to" },
    ],
  },
];

const SORT: Choice = {
  id: "store-sort",
  name: "sort",
  label: "Sort by",
  options: STORE_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] })),
};

function ChoiceField({ choice, query }: { choice: Choice; query: Query }) {
  return (
    <div className={styles.field}>
      <label htmlFor={choice.id} className={styles.label}>
        {choice.label}
      </label>
      <Select
        id={choice.id}
        name={choice.name}
        defaultValue={text(query[choice.name]) || choice.options[0]!.value}
        options={choice.options}
      />
    </div>
  );
}

function RangeField({ range, query }: { range: Range; query: Query }) {
  const [low, high] = range.bounds;
  const bound = (b: Range["bounds"][number]) => (
    <>
      <label htmlFor={b.id} className="visually-hidden">
        {b.label}
      </label>
      <Input
        id={b.id}
        name={b.name}
        inputMode={range.inputMode}
        placeholder={b.placeholder}
        defaultValue={text(query[b.name])}
        className={styles.bound}
      />
    </>
  );
  return (
    <fieldset className={styles.range}>
      <legend className={styles.legend}>{range.legend}</legend>
      <span className={styles.bounds}>
        {bound(low!)}
        <span aria-hidden="true">–</span>
        {bound(high!)}
      </span>
    </fieldset>
  );
}

/** How many filters (not the search or the sort) are set, for the phone's 'Filters' button. */
function activeFilters(query: Query) {
  return (["genre", "key", "bpmMin", "bpmMax", "priceMin", "priceMax"] as const).filter(
    (name) => query[name] !== undefined && query[name] !== "",
  ).length;
}

type Opened = "closed" | "drawer" | "ranges";
/** Below this width the filters are a drawer (StoreFilters.module.css says the same). */
const PHONE = "(max-width: 760px)";

/** How long typing rests before the bar applies it. */
const TYPING_MS = 400;

/** Shuts the phone's drawer and gives focus back to its button. */
function closeDrawer(setOpen: (open: Opened) => void) {
  setOpen("closed");
  document.getElementById("store-filter-toggle")?.focus();
}

export function StoreFilters({ path, genres, query }: { path: string; genres: string[]; query: Query }) {
  const [opened, setOpen] = useState<Opened>("closed");
  const open = opened === "drawer";
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const active = activeFilters(query);
  const close = () => closeDrawer(setOpen);
  const hydrated = useHydrated();
  const submit = useSubmit();
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  /** The bar applies a change as it happens; the drawer waits for 'Show beats'. */
  const apply = (event: FormEvent<HTMLFormElement>) => {
    if (open) return;
    const form = event.currentTarget;
    const options = { replace: true, preventScrollReset: true };
    clearTimeout(typing.current);
    if (event.target instanceof HTMLSelectElement) return void submit(form, options);
    typing.current = setTimeout(() => void submit(form, options), TYPING_MS);
  };

  const ranged = (["bpmMin", "bpmMax", "priceMin", "priceMax"] as const).some((name) => query[name] !== undefined);
  useEffect(() => {
    if (opened === "ranges") panel.current?.querySelector<HTMLElement>("fieldset input")?.focus();
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("select, input")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeDrawer(setOpen);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, opened]);

  return (
    <Form
      method="get"
      action={path}
      className={styles.filters}
      role="search"
      aria-label="Search and filter beats"
      onSubmit={() => {
        clearTimeout(typing.current);
        setOpen("closed");
      }}
      onChange={apply}
    >
      <div className={styles.search}>
        <label htmlFor="store-q" className="visually-hidden">
          Search titles and tags
        </label>
        <Input id="store-q" name="q" type="search" placeholder="Search beats and tags" defaultValue={query.q ?? ""} />
      </div>
      <Button
        id="store-filter-toggle"
        className={styles.toggle}
        aria-expanded={opened !== "closed"}
        aria-controls="store-filter-panel"
        onClick={() => {
          if (window.matchMedia(PHONE).matches) setOpen("drawer");
          else setOpen(opened === "ranges" ? "closed" : "ranges");
        }}
      >
        Filters{active > 0 && <span className={styles.count}>{active}</span>}
      </Button>
      {open && (
        // The drawer's backdrop: Escape and the close button are the keyboard's way out.
        <div className={styles.backdrop} aria-hidden="true" onClick={close} />
      )}
      <div
        id="store-filter-panel"
        ref={panel}
        className={[styles.panel, open && styles.open, (opened === "ranges" || ranged) && styles.ranges]
          .filter(Boolean)
          .join(" ")}
        {...(open ? { role: "dialog", "aria-modal": true, "aria-labelledby": headingId } : {})}
      >
        <div className={styles.panelHead}>
          <h2 id={headingId}>Filters</h2>
          <Button variant="ghost" aria-label="Close the filters" onClick={close}>
            <span aria-hidden="true">✕</span>
          </Button>
        </div>
        {choices(genres).map((choice) => (
          <ChoiceField key={choice.id} choice={choice} query={query} />
        ))}
        <ChoiceField choice={SORT} query={query} />
        <div className={styles.rangeRow}>
          {RANGES.map((range) => (
            <RangeField key={range.legend} range={range} query={query} />
          ))}
        </div>
        <div className={styles.actions}>
          {/* Before the script (and for Enter) it submits; in the hydrated bar it is kept but unseen. */}
          <Button type="submit" variant="primary" className={hydrated && !open ? "visually-hidden" : undefined}>
            Show beats
          </Button>
          <Link to={path} className={styles.clear} onClick={() => setOpen("closed")}>
            Clear
          </Link>
        </div>
      </div>
    </Form>
  );
}
