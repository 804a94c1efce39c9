// The order summary beside the card form (Stripe Checkout, Shopify): each beat with its cover, licence
// and price, the discount line and the total. On a wide screen it sits to the right of the form; on a
// phone it is a disclosure on top that shows the total until opened (both rendered, CSS shows one).
import { formatMoney } from "../../../kernel/format";
import { LICENCE_NAMES } from "../../../kernel/licences";
import type { LicenseType } from "../../../kernel/schemas/products-messages";
import { ItemCover } from "./ItemCover";

export interface SummaryItem {
  productId: string;
  title: string;
  sellerUsername: string;
  licenseType: LicenseType;
  tierName: string | null;
  priceCents: number;
  discountCents?: number;
  coverUrl: string | null;
  unavailable: string | null;
}

export interface SummaryCart {
  items: SummaryItem[];
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  totalCents: number;
}

export const licenceName = (item: Pick<SummaryItem, "tierName" | "licenseType">) =>
  item.tierName ?? LICENCE_NAMES[item.licenseType];

export function SummaryItems({ items }: { items: SummaryItem[] }) {
  return (
    <ul className="summary-items">
      {items.map((item) => (
        <li key={item.productId}>
          <ItemCover title={item.title} url={item.coverUrl} />
          <div className="summary-item-text">
            <span className="summary-item-title">{item.title}</span>
            <span className="muted">
              {licenceName(item)} · {item.sellerUsername}
            </span>
            {item.unavailable && <span className="error">{item.unavailable}</span>}
          </div>
          <span className="summary-item-price">{formatMoney(item.priceCents)}</span>
        </li>
      ))}
    </ul>
  );
}

/** `testIds`: "cart" on the cart's summary (the page's one total), "summary" on the paying step's. */
export function SummaryTotals({ cart, testIds }: { cart: SummaryCart; testIds?: "cart" | "summary" }) {
  return (
    <dl className="summary-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatMoney(cart.subtotalCents)}</dd>
      </div>
      {cart.discountCents > 0 && (
        <div>
          <dt>Discount ({cart.discountCode})</dt>
          <dd data-testid={testIds ? "discount" : undefined}>−{formatMoney(cart.discountCents)}</dd>
        </div>
      )}
      <div className="order-total">
        <dt>Total due</dt>
        <dd data-testid={testIds ? `${testIds}-total` : undefined}>{formatMoney(cart.totalCents)}</dd>
      </div>
    </dl>
  );
}

/** The paying state's summary: an aside on wide screens, a closed disclosure on top on a phone. */
export function OrderSummary({ cart }: { cart: SummaryCart }) {
  return (
    <>
      <details className="summary-disclosure">
        <summary>
          <span>Order summary</span>
          <strong>{formatMoney(cart.totalCents)}</strong>
        </summary>
        <SummaryItems items={cart.items} />
        <SummaryTotals cart={cart} />
      </details>
      <aside className="order-summary summary-aside" aria-labelledby="order-summary-heading">
        <h2 id="order-summary-heading">Order summary</h2>
        <SummaryItems items={cart.items} />
        <SummaryTotals cart={cart} testIds="summary" />
      </aside>
    </>
  );
}
