import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import styles from "./Table.module.css";

/**
 * How a column's values are laid out on wide screens. Words never break inside themselves in any kind:
 * - `text` (default): wraps between words (titles, names, messages).
 * - `numeric`: one line, right-aligned, tabular figures (money, counts, durations).
 * - `nowrap`: one line (dates, status words, codes, buttons).
 * - `truncate`: one line cut with an ellipsis past ~24 characters (e-mails, file names: long values
 *   without spaces); the full value stays in the DOM for screen readers and, for a text cell, in the
 *   cell's `title`.
 */
export type ColumnKind = "text" | "numeric" | "nowrap" | "truncate";

export interface Column<Row> {
  key: string;
  header: string;
  /** What the header cell shows instead of `header` (a sort link); `header` still labels the phone cards. */
  headerCell?: ReactNode;
  /** The column the rows are sorted by, and which way (aria-sort). */
  sorted?: "ascending" | "descending";
  cell: (row: Row) => ReactNode;
  kind?: ColumnKind;
  /** `"end"` is the older spelling of `kind: "numeric"`. */
  align?: "start" | "end";
  /** The column that names the row: on a phone it becomes the card's title, without a label. */
  primary?: boolean;
}

export interface TableProps<Row> {
  caption: string;
  /** Show the caption to sighted users too (default: only to screen readers). */
  showCaption?: boolean;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty?: ReactNode;
}

function kindOf(column: Column<unknown>): ColumnKind {
  return column.kind ?? (column.align === "end" ? "numeric" : "text");
}

function cellClass(column: Column<unknown>) {
  return [styles[kindOf(column)], column.primary && styles.primary].filter(Boolean).join(" ") || undefined;
}

/**
 * Whether the box scrolls sideways, kept up to date as it resizes: only then is it a region a keyboard
 * user must be able to focus and scroll (WCAG 2.1.1), and only then is it worth a tab stop.
 */
function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => setScrolls(box.scrollWidth > box.clientWidth);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

/**
 * A data table on wide screens, a list of cards at phone width (each cell labelled by its
 * column through `data-label`).
 */
export function Table<Row>({ caption, showCaption = false, columns, rows, rowKey, empty }: TableProps<Row>) {
  const [scrollBox, scrolls] = useScrollsSideways();
  const captionId = useId();
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    // Words are never squeezed apart to fit: a value longer than the page (a title of one long word)
    // scrolls the table inside this box instead of widening the page.
    <div
      ref={scrollBox}
      className={styles.scroll}
      {...(scrolls && { tabIndex: 0, role: "region", "aria-labelledby": captionId })}
    >
      <table className={styles.table}>
        <caption id={captionId} className={showCaption ? styles.caption : "visually-hidden"}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cellClass(column as Column<unknown>)}
                aria-sort={column.sorted}
              >
                {column.headerCell ?? column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => {
                const value = column.cell(row);
                const cut = kindOf(column as Column<unknown>) === "truncate";
                return (
                  <td
                    key={column.key}
                    data-label={column.primary ? undefined : column.header}
                    className={cellClass(column as Column<unknown>)}
                  >
                    {/* One box for the value: at phone width the cell is a grid of label and value, and a
                        value of several nodes (a name and a note) would otherwise spread over its rows. */}
                    <div
                      title={
                        cut && (typeof value === "string" || typeof value === "number") ? String(value) : undefined
                      }
                    >
                      {value}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
