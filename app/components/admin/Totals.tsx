import { formatMoney } from "../../lib/schemas/money";

export interface TotalsView {
  totalUsers: number;
  totalProjects: number;
  totalFiles: number;
  totalRevenueCents: number;
}

/** The dashboard's four totals (seed 001 screen 12); revenue in dollars with 2 decimals. */
export function Totals({ totals }: { totals: TotalsView }) {
  const items = [
    ["Users", totals.totalUsers.toLocaleString("en-US")],
    ["Projects", totals.totalProjects.toLocaleString("en-US")],
    ["Files", totals.totalFiles.toLocaleString("en-US")],
    ["Revenue", formatMoney(totals.totalRevenueCents)],
  ] as const;
  return (
    <section aria-labelledby="totals-heading">
      <h2 id="totals-heading">Totals</h2>
      <dl className="admin-totals">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-total={label.toLowerCase()}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
