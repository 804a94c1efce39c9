// The store page's search, filters and sort (issue 33): a GET form, so every result has its own URL
// and renders on the server; it works without the page's script. The fields are lists (choices and
// ranges) drawn by one piece of markup each.
import { Form, Link } from "react-router";
import type { StoreQuery } from "../../../kernel/schemas/beat-details";
import { MUSICAL_KEYS, SORT_LABELS, STORE_SORTS } from "../../../kernel/schemas/beat-details-messages";
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
      <label htmlFor={choice.id}>{choice.label}</label>
      <select id={choice.id} name={choice.name} defaultValue={text(query[choice.name]) || choice.options[0]!.value}>
        {choice.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
      <input
        id={b.id}
        name={b.name}
        inputMode={range.inputMode}
        placeholder={b.placeholder}
        defaultValue={text(query[b.name])}
      />
    </>
  );
  return (
    <fieldset className={styles.range}>
      <legend>{range.legend}</legend>
      {bound(low!)}
      <span aria-hidden="true">–</span>
      {bound(high!)}
    </fieldset>
  );
}

export function StoreFilters({ path, genres, query }: { path: string; genres: string[]; query: Query }) {
  return (
    <Form method="get" action={path} className={styles.filters} role="search" aria-label="Search and filter beats">
      <div className={styles.search}>
        <label htmlFor="store-q">Search titles and tags</label>
        <input id="store-q" name="q" type="search" defaultValue={query.q ?? ""} />
      </div>
      {choices(genres).map((choice) => (
        <ChoiceField key={choice.id} choice={choice} query={query} />
      ))}
      {RANGES.map((range) => (
        <RangeField key={range.legend} range={range} query={query} />
      ))}
      <ChoiceField choice={SORT} query={query} />
      <div className={styles.actions}>
        <button type="submit" className="button primary">
          Show beats
        </button>
        <Link to={path}>Clear</Link>
      </div>
    </Form>
  );
}
