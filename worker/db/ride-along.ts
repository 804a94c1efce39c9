// One D1 round trip for a member page's session check AND its first reads
// (ADR 027): the session lookup "rides along" in the batch of whatever the page
// sends to D1 first, instead of making a round trip of its own beside it.
//
// Only reads ride and are ridden: the rider must be a SELECT, and it joins a
// round trip only if every statement the page sends in it is a SELECT, so a
// write never shares a transaction it did not ask for (a page whose first
// round trip writes gets the rider sent alone beside it, as before). A batch is all or
// nothing: if the shared one fails, the page gets its own error (the one D1
// gave its statements) and the rider is sent again alone, so each keeps its
// own answer. If the page sends nothing to D1 until it is rendered, the
// rider goes alone then.
//
// D1's batch() answers rows as objects; a page's `raw()` wants arrays. The
// values are taken in column order, which is exact unless two columns share a
// name (a join selecting `a.id` and `b.id`) or a column's name looks like an
// array index (objects order those first): then the page's statement is sent
// again alone, as it would have been.

export type Mode =
  | { kind: "all" }
  | { kind: "run" }
  | { kind: "first"; column?: string }
  | { kind: "raw"; columnNames?: boolean };

export interface Rider {
  statement: Promise<D1PreparedStatement>;
  settle(result: Promise<D1Result>): void;
}

/** The waiting rider of one request's D1 (at most one at a time), and how it goes alone. */
export class RideAlong {
  #waiting: Rider | null = null;

  constructor(private readonly alone: (statement: D1PreparedStatement) => Promise<D1Result>) {}

  /**
   * The rider's answer, sent with the next round trip of SELECTs; `release()` sends it alone if
   * none has taken it yet (a page calls it once rendered: a page that reads nothing).
   */
  ride(statement: Promise<D1PreparedStatement>): { result: Promise<D1Result>; release(): void } {
    let rider!: Rider;
    const result = new Promise<D1Result>((resolve, reject) => {
      rider = { statement, settle: (answer) => answer.then(resolve, reject) };
    });
    if (this.#waiting) this.resendAlone(this.#waiting);
    this.#waiting = rider;
    const release = () => {
      if (this.#waiting !== rider) return;
      this.#waiting = null;
      this.resendAlone(rider);
    };
    return { result, release };
  }

  /**
   * Takes the waiting rider for a round trip whose statements are all reads. A round trip with a
   * write sends the rider alone beside it instead (as before ADR 027): no waiting behind the write.
   */
  take(sql: readonly string[]): Rider | null {
    const rider = this.#waiting;
    if (!rider) return null;
    this.#waiting = null;
    if (sql.every(isSelect)) return rider;
    this.resendAlone(rider);
    return null;
  }

  /** Sends a rider alone (its batch failed, or nobody took it). */
  resendAlone(rider: Rider) {
    rider.settle(rider.statement.then(this.alone));
  }
}

export function isSelect(sql: string) {
  return /^\s*select\b/i.test(sql);
}

/** Marks a `raw()` answer that cannot be rebuilt exactly from a batch's objects. */
export const NOT_EXACT = Symbol("not exact");

/** What `all()` / `run()` / `first()` / `raw()` of `sql` would have answered, from its result in a batch. */
export function answerFromBatch(result: D1Result, mode: Mode, sql: string): unknown {
  const rows = (result.results ?? []) as Record<string, unknown>[];
  switch (mode.kind) {
    case "all":
    case "run":
      return result;
    case "first": {
      const row = rows[0];
      if (!row) return null;
      if (mode.column === undefined) return row;
      if (row[mode.column] === undefined) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${mode.column})`);
      return row[mode.column];
    }
    case "raw": {
      if (rows.length === 0) return [];
      const names = Object.keys(rows[0]!);
      if (!rawIsExact(names, sql)) return NOT_EXACT;
      const values = rows.map((row) => names.map((name) => row[name]));
      return mode.columnNames ? [names, ...values] : values;
    }
  }
}

/** Each column kept its own key (no shared names), in column order (no index-like names). */
function rawIsExact(names: string[], sql: string) {
  if (names.some((name) => /^(0|[1-9]\d*)$/.test(name))) return false;
  return names.length === selectColumnCount(sql);
}

const LIST_END = /\s+(?:from|where|group|having|window|order|limit|union|intersect|except)\b/iy;

// Sticky: tried at one position of the text, without copying the rest of it for every space of the list.
function listEndsAt(text: string, at: number) {
  LIST_END.lastIndex = at;
  return LIST_END.test(text);
}

/**
 * How many columns a SELECT answers: the items of its outermost select list (undefined when
 * that cannot be told from the text, e.g. `*`). Quotes, brackets and parentheses are skipped.
 */
export function selectColumnCount(sql: string): number | undefined {
  const text = sql.trim();
  const head = /^select\s+(?:distinct\s+|all\s+)?/i.exec(text);
  if (!head) return undefined;
  let depth = 0;
  let items = 1;
  let i = head[0].length;
  const start = i;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === "`" || c === "[") {
      const close = c === "[" ? "]" : c;
      const end = text.indexOf(close, i + 1);
      if (end < 0) return undefined;
      i = end; // a doubled quote ('it''s') is two quoted runs side by side: still skipped whole
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0 && c === ",") items++;
    else if (depth === 0 && /\s/.test(c) && listEndsAt(text, i)) break;
    if (depth < 0) return undefined;
  }
  const list = text.slice(start, i).trim();
  if (!list || depth !== 0 || /(^|,)\s*(?:[\w"`[\]]+\.)?\*\s*(?=,|$)/.test(list)) return undefined;
  return items;
}
