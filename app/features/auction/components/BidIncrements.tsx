// The published increment table: how far the item's object raises the price when it bids for a
// maximum (ADR 038). Read from the same table the object uses.

import { formatMoney } from "../../../kernel/format";
import { BID_INCREMENTS } from "../../../kernel/schemas/auction-messages";
import styles from "./bidding.module.css";

export function IncrementTable() {
  let from = 0;
  const rows = BID_INCREMENTS.map(({ belowCents, stepCents }) => {
    const range = Number.isFinite(belowCents)
      ? `${formatMoney(from)} – ${formatMoney(belowCents - 1)}`
      : `${formatMoney(from)} and above`;
    from = belowCents;
    return { range, step: formatMoney(stepCents) };
  });
  return (
    <details className={styles.increments}>
      <summary>How maximum bids work</summary>
      <p>
        Set a maximum and we bid for you, only as far as needed to keep you in the lead, up to your maximum. Nobody else
        sees it. Each automatic bid goes up by the step below; of two equal maximums, the earlier one leads.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Current price</th>
            <th scope="col">Bid step</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.range}>
              <td>{row.range}</td>
              <td>{row.step}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
