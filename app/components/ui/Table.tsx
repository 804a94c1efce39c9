import type { ReactNode } from "react";
import styles from "./Table.module.css";

export interface Column<Row> {
  key: string;
  header: string;
  /** What the header cell shows instead of `header` (a sort link); `header` still labels the phone cards. */
  headerCell?: ReactNode;
  /** The column the rows are sorted by, and which way (aria-sort). */
  sorted?: "ascending" | "descending";
  cell: (row: Row) => ReactNode;
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

/**
 * A data table on wide screens, a list of cards at phone width (each cell labelled by its
 * column through `data-label`).
 */
export function Table<Row>({ caption, showCaption = false, columns, rows, rowKey, empty }: TableProps<Row>) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <table className={styles.table}>
      <caption className={showCaption ? styles.caption : "visually-hidden"}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th
              key={column.key}
              scope="col"
              className={column.align === "end" ? styles.end : undefined}
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
            {columns.map((column) => (
              <td
                key={column.key}
                data-label={column.primary ? undefined : column.header}
                className={
                  [column.align === "end" && styles.end, column.primary && styles.primary].filter(Boolean).join(" ") ||
                  undefined
                }
              >
                {/* One box for the value: at phone width the cell is a grid of label and value, and a
                    value of several nodes (a name and a note) would otherwise spread over its rows. */}
                <div>{column.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
