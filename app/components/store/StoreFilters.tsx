// The store page's search, filters and sort (issue 33): a GET form, so every result has its own URL
// and renders on the server; it works without the page's script.
import { Form, Link } from "react-router";
import { MUSICAL_KEYS, SORT_LABELS, STORE_SORTS, type StoreQuery } from "../../lib/schemas/beat-details";
import styles from "./StoreFilters.module.css";

export function StoreFilters({ path, genres, query }: { path: string; genres: string[]; query: Partial<StoreQuery> }) {
  const value = (n: number | undefined) => (n === undefined ? "" : String(n));
  return (
    <Form method="get" action={path} className={styles.filters} role="search" aria-label="Search and filter beats">
      <div className={styles.search}>
        <label htmlFor="store-q">Search titles and tags</label>
        <input id="store-q" name="q" type="search" defaultValue={query.q ?? ""} />
      </div>
      <div className={styles.field}>
        <label htmlFor="store-genre">Genre</label>
        <select id="store-genre" name="genre" defaultValue={query.genre ?? ""}>
          <option value="">Any genre</option>
          {genres.map((genre) => (
            <option key={genre}>{genre}</option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="store-key">Key</label>
        <select id="store-key" name="key" defaultValue={query.key ?? ""}>
          <option value="">Any key</option>
          {MUSICAL_KEYS.map((key) => (
            <option key={key}>{key}</option>
          ))}
        </select>
      </div>
      <fieldset className={styles.range}>
        <legend>BPM</legend>
        <label htmlFor="store-bpm-min" className="visually-hidden">
          Lowest BPM
        </label>
        <input
          id="store-bpm-min"
          name="bpmMin"
          inputMode="numeric"
          placeholder="from"
          defaultValue={value(query.bpmMin)}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor="store-bpm-max" className="visually-hidden">
          Highest BPM
        </label>
        <input
          id="store-bpm-max"
          name="bpmMax"
          inputMode="numeric"
          placeholder="to"
          defaultValue={value(query.bpmMax)}
        />
      </fieldset>
      <fieldset className={styles.range}>
        <legend>Price ($)</legend>
        <label htmlFor="store-price-min" className="visually-hidden">
          Lowest price
        </label>
        <input
          id="store-price-min"
          name="priceMin"
          inputMode="decimal"
          placeholder="from"
          defaultValue={value(query.priceMin)}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor="store-price-max" className="visually-hidden">
          Highest price
        </label>
        <input
          id="store-price-max"
          name="priceMax"
          inputMode="decimal"
          placeholder="to"
          defaultValue={value(query.priceMax)}
        />
      </fieldset>
      <div className={styles.field}>
        <label htmlFor="store-sort">Sort by</label>
        <select id="store-sort" name="sort" defaultValue={query.sort ?? "newest"}>
          {STORE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button primary">
          Show beats
        </button>
        <Link to={path}>Clear</Link>
      </div>
    </Form>
  );
}
